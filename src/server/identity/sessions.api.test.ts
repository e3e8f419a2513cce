import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { identities } from '../db/schema.js';
import { issueSessionToken } from '../http/session-token.js';

let t: TestApp;
let user: SignedUpUser;
let admin: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  user = await signUpUser(t.app);
  admin = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role: 'admin' }).where(eq(identities.partyId, admin.partyId));
});
afterAll(() => t.close());

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
const logIn = async (who: SignedUpUser): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().authentication_token;
};
const me = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }));
const refresh = (token: string) => t.app.inject(authed(token, { method: 'POST', url: '/api/identities/authentications/refresh' }));
const logOut = (token: string) => t.app.inject(authed(token, { method: 'DELETE', url: '/api/identities/authentications' }));
const logOutEverywhere = (token: string) => t.app.inject(authed(token, { method: 'DELETE', url: '/api/identities/authentications/all' }));

describe('DELETE /api/identities/authentications (log out)', () => {
  it('refuses the token from then on, and leaves the other sessions working', async () => {
    const token = await logIn(user);
    const other = await logIn(user);
    expect((await me(token)).statusCode).toBe(200);
    const res = await logOut(token);
    expect(res.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: 'invalid_token' });
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await logOut(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/identities/authentications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/identities/authentications/all (log out everywhere)', () => {
  it('ends every session of the account, the caller’s too, and a new login works', async () => {
    const token = await logIn(user);
    const other = await logIn(user);
    expect((await logOutEverywhere(token)).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(await logIn(user))).statusCode).toBe(200);
  });

  it('is not for a switched session', async () => {
    const adminToken = await logIn(admin);
    const switched = (await t.app.inject(authed(adminToken, { method: 'POST', url: `/api/identities/switch-user/${user.partyId}` }))).json()
      .authentication_token as string;
    const userToken = await logIn(user);
    expect((await logOutEverywhere(switched)).statusCode).toBe(403);
    expect((await me(userToken)).statusCode).toBe(200);
  });
});

describe('POST /api/identities/authentications/refresh', () => {
  it('retires the token it replaces', async () => {
    const token = await logIn(user);
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().authentication_token as string;
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('does not extend a switched session past the hour of the original switch', async () => {
    // A switch made 50 minutes ago (to someone who has not logged out everywhere since): its refresh ends
    // 10 minutes from now, as the switch itself does.
    const target = await signUpUser(t.app);
    const switched = await issueSessionToken(
      t.config.jwtSecret,
      {
        identityPartyId: target.partyId,
        partyId: target.partyId,
        email: target.email,
        signedUpAt: new Date(),
        verifiedOn: null,
        organisationType: null,
        switchedBy: admin.partyId,
      },
      new Date(Date.now() - 50 * 60_000),
    );
    const exp = claims(switched).exp as number;
    expect(exp).toBeLessThan(Date.now() / 1000 + 11 * 60);
    const res = await refresh(switched);
    expect(res.statusCode).toBe(200);
    const refreshed = res.json().authentication_token as string;
    expect(claims(refreshed)).toMatchObject({ switched_by: admin.partyId, party_id: target.partyId });
    expect(claims(refreshed).exp).toBe(exp);
    expect((await me(refreshed)).statusCode).toBe(200);
    expect((await me(switched)).statusCode).toBe(401);
  });
});
