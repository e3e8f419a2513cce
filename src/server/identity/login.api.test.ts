import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThroughProvider } from '../../../tests/support/eid.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { decodeSession } from '../../domain/session.js';
import { organisationMembers, organisations, parties } from '../db/schema.js';
import { issueSessionToken } from '../http/session-token.js';

let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  user = await signUpUser(t.app);
});
afterAll(() => t.close());

const logIn = (email: string, password: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    headers: { 'accept-language': language },
    payload: { email, password },
  });
const me = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }));
const refresh = (token: string) => t.app.inject(authed(token, { method: 'POST', url: '/api/identities/authentications/refresh' }));

describe('POST /api/identities/authentications (log in)', () => {
  it('answers a working token for the right password', async () => {
    const res = await logIn(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const token = res.json().authentication_token;
    expect(decodeSession(token)).toMatchObject({ email: user.email, party_id: user.partyId });
    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().party_id).toBe(user.partyId);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await logIn(`  ${user.email.toUpperCase()} `, user.password);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and a message that is not invalid_token', async () => {
    const res = await logIn(user.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Wrong email or password', code: 'password_wrong' });
    expect((await logIn(user.email, 'not the password', 'da')).json().detail).toBe('Forkert e-mail eller adgangskode');
  });

  it('answers an unknown email exactly as a wrong password, so it does not tell who has an account', async () => {
    const wrong = await logIn(user.email, 'not the password');
    const unknown = await logIn(uniqueEmail('nobody'), 'not the password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers missing or malformed fields with 422 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email: user.email } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'field_required' });
    const empty = await logIn(user.email, '');
    expect(empty.statusCode).toBe(422);
    const badEmail = await logIn('nope', 'whatever password');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'email_invalid' });
  });
});

describe('POST /api/identities/authentications/refresh', () => {
  it('gives a new token for a valid one', async () => {
    const res = await refresh(user.token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().authentication_token;
    expect(fresh).not.toBe(user.token);
    const before = decodeSession(user.token);
    const after = decodeSession(fresh);
    expect(after).toMatchObject({ party_id: user.partyId, email: user.email });
    expect(after?.exp).toBeGreaterThanOrEqual(before?.exp ?? Number.POSITIVE_INFINITY);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('invalid_token');
  });
});

describe('tokens the server must refuse (401 invalid_token)', () => {
  const subject = () => ({
    identityPartyId: user.partyId,
    partyId: user.partyId,
    email: user.email,
    signedUpAt: new Date(),
    verifiedOn: null,
    organisationType: null,
  });

  async function expectRefused(token: string) {
    for (const res of [await refresh(token), await me(token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('invalid_token');
    }
  }

  it('a token signed with another secret', async () => {
    const forged = await issueSessionToken(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign-with'), subject());
    await expectRefused(forged);
  });

  it('a valid token whose payload was changed', async () => {
    const [header, , signature] = user.token.split('.');
    const claims = { ...decodeSession(user.token), role: 'admin', party_id: user.partyId };
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await expectRefused(tampered);
  });

  it('an expired token', async () => {
    const longAgo = new Date(Date.now() - 60 * 86_400_000);
    const expired = await issueSessionToken(t.config.jwtSecret, subject(), longAgo);
    expect((decodeSession(expired)?.exp ?? Number.POSITIVE_INFINITY) * 1000).toBeLessThan(Date.now());
    await expectRefused(expired);
  });

  it('an unsigned token (alg none)', async () => {
    const claims = decodeSession(user.token);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iat: Math.floor(Date.now() / 1000) })).toString('base64url')}.`;
    await expectRefused(unsigned);
  });

  it('a token of the right secret but without a party', async () => {
    const odd = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.config.jwtSecret);
    await expectRefused(odd);
  });

  it('garbage', async () => {
    await expectRefused('garbage');
    await expectRefused('a.b.c');
    await expectRefused('None');
  });

  /** A token signed with the app's own secret, with the claims given (iat in seconds unless set). */
  const forge = (claims: Record<string, unknown>, options: { iat?: number; exp?: number | null } = {}) => {
    const now = Date.now() / 1000;
    const jwt = new SignJWT({
      email: user.email,
      party_id: user.partyId,
      identity_party_id: user.partyId,
      identity_signed_up_at: new Date().toISOString(),
      verified_on: null,
      organisation_type: null,
      ...claims,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(options.iat ?? now);
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? Math.floor(now) + 3600);
    return jwt.sign(t.config.jwtSecret);
  };

  it('a forged token of the right secret is accepted when well formed (the cases below differ in one claim)', async () => {
    expect((await me(await forge({}))).statusCode).toBe(200);
    // A clock a little ahead (under a minute) is tolerated.
    expect((await me(await forge({}, { iat: Date.now() / 1000 + 30 }))).statusCode).toBe(200);
  });

  it('a token without exp', async () => {
    await expectRefused(await forge({}, { exp: null }));
  });

  it('a token issued in the future (iat more than a minute ahead)', async () => {
    const ahead = Date.now() / 1000 + 3600;
    await expectRefused(await forge({}, { iat: ahead, exp: Math.floor(ahead) + 3600 }));
  });

  it.each([
    ['identity_party_id', 'not-a-uuid'],
    ['identity_party_id', "x' or '1'='1"],
    ['identity_party_id', ''],
    ['identity_party_id', 42],
    ['party_id', 'not-a-uuid'],
    ['switched_by', 'not-a-uuid'],
  ])('a token with %s = %j', async (claim, value) => {
    await expectRefused(await forge({ [claim]: value }));
  });

  it('the token of a deleted user', async () => {
    const gone = await signUpUser(t.app);
    const approvalId = await approveThroughProvider(t.app, gone.token, 'mitid-test-anna');
    const del = await t.app.inject(
      authed(gone.token, { method: 'DELETE', url: `/api/identities/${gone.partyId}/`, headers: { 'x-approval-id': approvalId } }),
    );
    expect(del.statusCode).toBe(204);
    await expectRefused(gone.token);
  });

  it('another authorization scheme counts as no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: { authorization: `Basic ${user.token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('invalid_token');
  });

  it('a public call with a bad token still answers, as to a visitor', async () => {
    const res = await t.app.inject(authed('garbage', { method: 'GET', url: '/api/identities/region/' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ region: 'dk' });
  });
});

describe('a member of an organisation', () => {
  it('acts as the organisation: party_id is the organisation, identity_party_id the person (§3)', async () => {
    const member = await signUpUser(t.app);
    const [org] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
    if (!org) throw new Error('no organisation party');
    await t.database.db.insert(organisations).values({ partyId: org.id, name: 'Test Forsikring', organisationType: 'insurance_company' });
    await t.database.db.insert(organisationMembers).values({ organisationPartyId: org.id, identityPartyId: member.partyId, role: 'admin' });

    const res = await logIn(member.email, member.password);
    const session = decodeSession(res.json().authentication_token);
    expect(session).toMatchObject({ party_id: org.id, identity_party_id: member.partyId, organisation_type: 'insurance_company' });
    const profile = await me(res.json().authentication_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().party_id).toBe(member.partyId);
  });
});
