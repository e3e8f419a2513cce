import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { isBusinessNumber } from '../../domain/organisations.js';
import { identities, organisationMembers, organisations, parties } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject(authed(token, { method: 'POST', url: '/api/organisations/', payload, headers: { 'accept-language': 'en' } }));
const mine = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/organisations/mine' }));
const act = (token: string, partyId: string) =>
  t.app.inject(authed(token, { method: 'POST', url: '/api/identities/acting-party/', payload: { party_id: partyId } }));
const logIn = async (email: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().authentication_token as string;
};

describe('business numbers', () => {
  it('takes a Danish CVR number of 8 digits and a Norwegian organisation number with its check digit', () => {
    expect(isBusinessNumber('61056416')).toBe(true);
    expect(isBusinessNumber('923609016')).toBe(true);
    expect(isBusinessNumber('923609017')).toBe(false);
    expect(isBusinessNumber('01234567')).toBe(false);
    expect(isBusinessNumber('1234567')).toBe(false);
    expect(isBusinessNumber('123456789')).toBe(false);
  });
});

describe('POST /api/organisations/ (create a business user, §6)', () => {
  it('creates a business with the person as its admin and answers a token acting as it', async () => {
    const user = await signUpUser(t.app);
    const res = await create(user.token, { name: '  Cykelsmeden ApS ', cvr_number: '6105 6416', organisation_type: 'business' });
    expect(res.statusCode).toBe(201);
    const { organisation, authentication_token } = res.json();
    expect(organisation).toMatchObject({ name: 'Cykelsmeden ApS', organisation_type: 'business', cvr_number: '61056416', role: 'admin' });
    expect(claims(authentication_token)).toMatchObject({
      party_id: organisation.party_id,
      identity_party_id: user.partyId,
      organisation_type: 'business',
      email: user.email,
    });
    expect(claims(authentication_token)).not.toHaveProperty('switched_by');
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, organisation.party_id));
    expect(party?.kind).toBe('organisation');
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(identity?.actingPartyId).toBe(organisation.party_id);
    // The new token works: the person is still the caller.
    const me = await t.app.inject(authed(authentication_token, { method: 'GET', url: '/api/identities/me' }));
    expect(me.json().party_id).toBe(user.partyId);
  });

  it('needs no CVR number, and refuses a wrong one or a missing name with §8 field errors', async () => {
    const user = await signUpUser(t.app);
    expect((await create(user.token, { name: 'Uden CVR', cvr_number: '' })).statusCode).toBe(201);
    const wrong = await create(user.token, { name: 'Forkert', cvr_number: '1234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0]).toMatchObject({ loc: ['body', 'cvr_number'], type: 'business_number_invalid' });
    const noName = await create(user.token, { name: '   ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'field_required' });
  });

  it('creates only businesses: other organisation types are set up by staff', async () => {
    const user = await signUpUser(t.app);
    const res = await create(user.token, { name: 'Falsk Forsikring', organisation_type: 'insurance_company' });
    expect(res.statusCode).toBe(422);
    expect((await mine(user.token)).json()).toEqual([]);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organisations/', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/organisations/mine', () => {
  it("lists the person's organisations and no one else's", async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await create(user.token, { name: 'Første ApS' });
    await create(user.token, { name: 'Anden ApS', cvr_number: '923609016' });
    await create(other.token, { name: 'Fremmed ApS' });
    const res = await mine(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { name: string }) => o.name)).toEqual(['Første ApS', 'Anden ApS']);
    expect(res.json()[1]).toMatchObject({ organisation_type: 'business', role: 'admin', cvr_number: '923609016' });
  });
});

describe('POST /api/identities/acting-party/ (change user, §6)', () => {
  it('switches between the private and the business user; the token and the next login follow', async () => {
    const user = await signUpUser(t.app);
    const business = (await create(user.token, { name: 'Skift ApS' })).json().organisation;

    const toPrivate = await act(user.token, user.partyId);
    expect(toPrivate.statusCode).toBe(200);
    expect(claims(toPrivate.json().authentication_token)).toMatchObject({
      party_id: user.partyId,
      identity_party_id: user.partyId,
      organisation_type: null,
    });
    expect(claims(await logIn(user.email, user.password))).toMatchObject({ party_id: user.partyId, organisation_type: null });

    const toBusiness = await act(toPrivate.json().authentication_token, business.party_id);
    expect(toBusiness.statusCode).toBe(200);
    expect(claims(toBusiness.json().authentication_token)).toMatchObject({ party_id: business.party_id, organisation_type: 'business' });
    // A new login keeps the last choice; so does a refresh.
    const login = await logIn(user.email, user.password);
    expect(claims(login)).toMatchObject({ party_id: business.party_id, organisation_type: 'business' });
    const refreshed = await t.app.inject(authed(login, { method: 'POST', url: '/api/identities/authentications/refresh' }));
    expect(claims(refreshed.json().authentication_token)).toMatchObject({ party_id: business.party_id });
  });

  it("refuses someone else's organisation, and an unknown party", async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const theirs = (await create(other.token, { name: 'Deres ApS' })).json().organisation;
    expect((await act(user.token, theirs.party_id)).statusCode).toBe(403);
    expect((await act(user.token, other.partyId)).statusCode).toBe(403);
    expect((await act(user.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    expect((await act(user.token, 'not-a-uuid')).statusCode).toBe(422);
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(identity?.actingPartyId).toBeNull();
  });

  it('falls back to the person when the chosen organisation is no longer theirs, and refuses the old token', async () => {
    const user = await signUpUser(t.app);
    const created = (await create(user.token, { name: 'Forladt ApS' })).json();
    await t.database.db.delete(organisationMembers).where(eq(organisationMembers.organisationPartyId, created.organisation.party_id));
    // A token acting as an organisation one has left is no good.
    const stale = await t.app.inject(authed(created.authentication_token, { method: 'GET', url: '/api/identities/me' }));
    expect(stale.statusCode).toBe(401);
    expect(claims(await logIn(user.email, user.password))).toMatchObject({ party_id: user.partyId, organisation_type: null });
  });

  it('sends an insurance company member to their company by default, and keeps a choice to act privately', async () => {
    const member = await signUpUser(t.app);
    const [org] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
    if (!org) throw new Error('no organisation party');
    await t.database.db.insert(organisations).values({ partyId: org.id, name: 'Prøve Forsikring', organisationType: 'insurance_company' });
    await t.database.db
      .insert(organisationMembers)
      .values({ organisationPartyId: org.id, identityPartyId: member.partyId, role: 'member' });
    const login = await logIn(member.email, member.password);
    expect(claims(login)).toMatchObject({ party_id: org.id, organisation_type: 'insurance_company' });
    // A business created later becomes the choice; choosing the person sticks too.
    const business = (await create(login, { name: 'Sidejob ApS' })).json().organisation;
    expect(claims(await logIn(member.email, member.password))).toMatchObject({ party_id: business.party_id });
    await act(login, member.partyId);
    expect(claims(await logIn(member.email, member.password))).toMatchObject({ party_id: member.partyId, organisation_type: null });
    expect((await mine(login)).json().map((o: { organisation_type: string }) => o.organisation_type)).toEqual([
      'insurance_company',
      'business',
    ]);
  });
});
