import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { identities } from '../db/schema.js';

let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  user = await signUpUser(t.app, { chosen_region: 'dk', chosen_language: 'da' });
});
afterAll(() => t.close());

const getProfile = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }));
const saveProfile = (token: string, payload: InjectOptions['payload']) =>
  t.app.inject(authed(token, { method: 'PUT', url: '/api/identities/me', headers: { 'accept-language': 'en' }, payload }));
async function identityRow(partyId: string) {
  const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, partyId));
  if (!row) throw new Error('identity missing');
  return row;
}

const fullProfile = {
  first_name: 'Karen',
  last_name: 'Blixen',
  street: 'Rungstedlund 111',
  city: 'Rungsted Kyst',
  zip_code: '2960',
  floor: '2',
  side: 'th',
  door: '4',
  mobile: '+45 20 30 40 50',
  phone: '45 57 10 57',
  language: 'en',
  region: 'no',
  cpr_number: '170385-1234',
};

describe('GET /api/identities/me', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identities/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'invalid_token' });
  });

  it('answers the profile of a new user with nothing filled in', async () => {
    const res = await getProfile(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      party_id: user.partyId,
      email: user.email,
      pending_email: null,
      email_verified: false,
      name: null,
      first_name: null,
      last_name: null,
      street: null,
      city: null,
      zip_code: null,
      floor: null,
      side: null,
      door: null,
      mobile: null,
      phone: null,
      language: 'da',
      region: 'dk',
      verification_status: 'pending',
      verified_name: null,
      verified_on: null,
      verified_with: null,
      cpr_number: null,
      role: 'private',
      signed_up_at: expect.any(String),
      theme: null,
    });
    // No secret ever leaves the server.
    expect(res.body).not.toMatch(/password|argon2|cpr_encrypted|tokens_valid_after/);
  });

  it('reports verification_status verified once the national ID check is done', async () => {
    const other = await signUpUser(t.app);
    await t.database.db.update(identities).set({ verifiedOn: new Date() }).where(eq(identities.partyId, other.partyId));
    expect((await getProfile(other.token)).json().verification_status).toBe('verified');
  });
});

describe('PUT /api/identities/me', () => {
  it('saves every field and reads them back', async () => {
    const owner = await signUpUser(t.app);
    const res = await saveProfile(owner.token, fullProfile);
    expect(res.statusCode).toBe(200);
    const { cpr_number: _cpr, ...plain } = fullProfile;
    const expected = { ...plain, name: 'Karen Blixen', cpr_number: '170385-••••', email: owner.email, pending_email: null };
    expect(res.json()).toEqual({ status: 'saved', profile: expect.objectContaining(expected) });
    expect((await getProfile(owner.token)).json()).toEqual(expect.objectContaining(expected));
    // Choosing a language also remembers it for the next visit.
    expect(res.headers['set-cookie']).toMatch(/^lang=en;/);
  });

  it('stores the CPR number encrypted and only ever answers it masked', async () => {
    const owner = await signUpUser(t.app);
    const res = await saveProfile(owner.token, { cpr_number: '0101901234' });
    expect(res.json().profile.cpr_number).toBe('010190-••••');
    const row = await identityRow(owner.partyId);
    expect(row.cprEncrypted).toEqual(expect.any(String));
    expect(row.cprEncrypted).not.toContain('0101901234');
    expect(row.cprEncrypted).not.toContain('1234');
    // Two saves of one number give different ciphertexts (a fresh nonce each time).
    await saveProfile(owner.token, { cpr_number: '010190-1234' });
    expect((await identityRow(owner.partyId)).cprEncrypted).not.toBe(row.cprEncrypted);
    expect((await getProfile(owner.token)).body).not.toContain('1234');
  });

  it('accepts an 11-digit Norwegian number too', async () => {
    const owner = await signUpUser(t.app, { chosen_region: 'no' });
    const res = await saveProfile(owner.token, { cpr_number: '170385 12345' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.cpr_number).toBe('170385-•••••');
  });

  it.each([
    ['cpr_number', '123', 'cpr_invalid', 'Invalid CPR number'],
    ['cpr_number', '321385-1234', 'cpr_invalid', 'Invalid CPR number'],
    ['zip_code', '12345', 'zip_invalid', 'Invalid postal code'],
    ['zip_code', 'abcd', 'zip_invalid', 'Invalid postal code'],
    ['phone', '12', 'phone_invalid', 'Invalid phone number'],
    ['mobile', 'call me maybe', 'phone_invalid', 'Invalid phone number'],
    ['email', 'not-an-email', 'email_invalid', 'The email address is not valid'],
    ['first_name', 'x'.repeat(101), 'too_long', 'Too long'],
    ['region', 'se', 'region_required', 'Please select a region'],
  ])('refuses %s = %j with 422 on that field and saves nothing', async (field, value, type, msg) => {
    const owner = await signUpUser(t.app);
    const res = await saveProfile(owner.token, { first_name: 'Should not be saved', [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', field], msg, type }]);
    expect((await identityRow(owner.partyId)).firstName).toBeNull();
  });

  it('clears a field given as an empty string or null, and keeps one left out', async () => {
    const owner = await signUpUser(t.app);
    await saveProfile(owner.token, fullProfile);
    const res = await saveProfile(owner.token, { street: '', floor: '   ', cpr_number: '', mobile: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      street: null,
      floor: null,
      cpr_number: null,
      mobile: null,
      city: fullProfile.city,
      first_name: fullProfile.first_name,
    });
    expect((await identityRow(owner.partyId)).cprEncrypted).toBeNull();
  });

  it('trims text fields', async () => {
    const owner = await signUpUser(t.app);
    const res = await saveProfile(owner.token, { first_name: '  Ole  ', zip_code: ' 8000 ' });
    expect(res.json().profile).toMatchObject({ first_name: 'Ole', zip_code: '8000' });
  });

  it('ignores fields a user may not set: role, party, verification', async () => {
    const owner = await signUpUser(t.app);
    const res = await saveProfile(owner.token, {
      first_name: 'Mallory',
      role: 'admin',
      party_id: user.partyId,
      email_verified: true,
      verification_status: 'verified',
      verified_on: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      party_id: owner.partyId,
      first_name: 'Mallory',
      role: 'private',
      email_verified: false,
      verification_status: 'pending',
    });
    expect((await identityRow(owner.partyId)).role).toBe('private');
    expect((await identityRow(user.partyId)).firstName).toBeNull();
  });

  it('shows each user only their own profile', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await saveProfile(alice.token, { first_name: 'Alice', cpr_number: '0101901234' });
    const bobs = (await getProfile(bob.token)).json();
    expect(bobs).toMatchObject({ party_id: bob.partyId, email: bob.email, first_name: null, cpr_number: null });
    expect(JSON.stringify(bobs)).not.toContain(alice.email);
    const alices = (await getProfile(alice.token)).json();
    expect(alices).toMatchObject({ party_id: alice.partyId, first_name: 'Alice' });
  });

  it('needs a token to save', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/identities/me', payload: { first_name: 'Nobody' } });
    expect(res.statusCode).toBe(401);
  });
});
