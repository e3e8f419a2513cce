import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackBody, complete, startVerification, throughDevProvider, verifyThroughProvider } from '../../../tests/support/eid.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { approvals, identities, verificationSessions } from '../db/schema.js';

// §7 verifications against the development identity provider, the whole way: start, the provider's
// authorisation and its page, the redirect back with a code, and the code redeemed by the server.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
const identityRow = async (partyId: string) => {
  const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, partyId));
  if (!row) throw new Error('no identity');
  return row;
};
const profileOf = async (token: string) => (await t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }))).json();

describe('verifying with national ID through the development provider', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpUser(t.app);
  });

  it('starts: answers the provider’s authorisation URL with PKCE, state, nonce and a fresh login', async () => {
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const url = new URL(started.verification_url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/dev-idp/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'bike-register-dev',
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/app/redirects/verification-complete-redirect',
      scope: 'openid profile national_id',
      code_challenge_method: 'S256',
      prompt: 'login',
      ui_locales: 'da',
      acr_values: 'urn:grn:authn:dk:mitid:substantial',
    });
    for (const key of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(key)).toMatch(/^[\w-]{43}$/);
    const [session] = await t.database.db.select().from(verificationSessions).where(eq(verificationSessions.id, started.session_id));
    expect(session).toMatchObject({ partyId: user.partyId, purpose: 'verify', status: 'pending', successUrl: '/app/settings' });
    // The verifier stays on the server: only its hash goes to the provider.
    expect(started.verification_url).not.toContain(session?.codeVerifier);
  });

  it('shows the MitID test page in the user’s language, with the Danish test people only', async () => {
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { page } = await throughDevProvider(t.app, started.verification_url, { cancel: true });
    expect(page).toContain('<title>MitID (test)</title>');
    expect(page).toContain('<html lang="da"');
    expect(page).toContain('Log ind med MitID (test)');
    expect(page).toContain('Anna Jensen');
    expect(page).not.toContain('Ingrid Hansen');
    // Neither inline script nor inline style: the app's CSP holds.
    expect(page).not.toMatch(/<script|style=/);
  });

  it('completes the round trip: verified, with the name and the CPR number the provider vouches for', async () => {
    const started = await startVerification(t.app, user.token, {
      verification_session_type: 'verify',
      success_url: '/app/settings?tab=id',
    });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-anna' });
    expect(callback.get('iss')).toBe('http://localhost:3000/dev-idp');
    const res = await complete(t.app, user.token, callbackBody(callback, started.session_id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      authentication_token: expect.any(String),
      session_id: started.session_id,
      session_task_result: { status: 'verified', act: null, approval_id: null, success_url: '/app/settings?tab=id' },
    });
    // §3: the new token carries verified_on; the old one still works.
    const claims = claimsOf(answer.authentication_token);
    expect(claims.verified_on).toEqual(expect.any(String));
    expect(claims.identity_party_id).toBe(user.partyId);
    expect(claimsOf(user.token).verified_on).toBeNull();

    const profile = await profileOf(answer.authentication_token);
    expect(profile).toMatchObject({
      verification_status: 'verified',
      verified_name: 'Anna Jensen',
      verified_with: 'mitid',
      verified_on: claims.verified_on,
      cpr_number: '120485-••••',
    });
    const row = await identityRow(user.partyId);
    expect(row).toMatchObject({
      eidSubject: 'mitid-test-anna',
      eidProvider: 'mitid',
      verifiedName: 'Anna Jensen',
      birthdate: '1985-04-12',
    });
    // An empty profile takes the name too.
    expect(profile).toMatchObject({ first_name: 'Anna', last_name: 'Jensen' });
    // CPR at rest is ciphertext, and it is never answered in full.
    expect(row.cprEncrypted).not.toContain('1204851234');
    expect(JSON.stringify(profile)).not.toContain('1234');
    const [session] = await t.database.db.select().from(verificationSessions).where(eq(verificationSessions.id, started.session_id));
    expect(session?.status).toBe('completed');
  });

  it('completes with just the code and the session id, as §7 names them', async () => {
    const other = await signUpUser(t.app, { chosen_region: 'no' });
    const started = await startVerification(t.app, other.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'bankid-test-lars' });
    const res = await complete(t.app, other.token, { code: callback.get('code'), session_id: started.session_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session_task_result.status).toBe('verified');
  });

  it('refuses to start verifying an identity that is already verified', async () => {
    const res = await t.app.inject(
      authed(user.token, {
        method: 'POST',
        url: '/api/identities/verifications/',
        headers: { 'accept-language': 'en' },
        payload: { verification_session_type: 'verify', success_url: '/app', failure_url: '/app' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Your identity is already verified', code: 'identity_already_verified' });
  });

  it('refuses a second account verified by the same person (409)', async () => {
    const other = await signUpUser(t.app);
    const started = await startVerification(t.app, other.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-anna' });
    const res = await complete(t.app, other.token, callbackBody(callback, started.session_id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This national ID is already used to verify another account', code: 'eid_in_use' });
    expect((await identityRow(other.partyId)).verifiedOn).toBeNull();
  });

  it('verifies a Norwegian user with BankID, in Norwegian', async () => {
    const nordmann = await signUpUser(t.app, { chosen_region: 'no', chosen_language: 'no' });
    // A name the user gave is kept: the provider's is shown beside it.
    await t.app.inject(authed(nordmann.token, { method: 'PUT', url: '/api/identities/me', payload: { first_name: 'Inga' } }));
    const started = await startVerification(t.app, nordmann.token, { verification_session_type: 'verify' });
    const url = new URL(started.verification_url);
    expect(url.searchParams.get('acr_values')).toBe('urn:grn:authn:no:bankid');
    expect(url.searchParams.get('ui_locales')).toBe('no');
    const { page, callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'bankid-test-ingrid' });
    expect(page).toContain('<title>BankID (test)</title>');
    expect(page).toContain('Logg inn med BankID (test)');
    expect(page).not.toContain('Anna Jensen');
    const res = await complete(t.app, nordmann.token, callbackBody(callback, started.session_id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileOf(res.json().authentication_token)).toMatchObject({
      verified_name: 'Ingrid Hansen',
      first_name: 'Inga',
      last_name: null,
      verified_with: 'bankid',
      cpr_number: '070290-•••••',
    });
  });
});

describe('a code is redeemed once, for the session that asked for it', () => {
  it('refuses a replayed code and state (400), and the replay changes nothing', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    const body = callbackBody(callback, started.session_id);
    expect((await complete(t.app, user.token, body)).statusCode).toBe(200);
    const replay = await complete(t.app, user.token, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      detail: 'The verification is invalid, expired or already used. Please start again.',
      code: 'verification_invalid',
    });
    // Without the session id, found by its state: still used.
    const { session_id: _, ...byState } = body;
    expect((await complete(t.app, user.token, byState)).json().code).toBe('verification_invalid');
  });

  it('refuses an old code brought to a new session: the provider will not redeem it twice, nor with another verifier', async () => {
    const user = await signUpUser(t.app);
    const first = await startVerification(t.app, user.token, { verification_session_type: 'approve', act: 'delete_account' });
    const { callback } = await throughDevProvider(t.app, first.verification_url, { identity: 'mitid-test-sofie' });
    expect((await complete(t.app, user.token, callbackBody(callback, first.session_id))).statusCode).toBe(200);
    const second = await startVerification(t.app, user.token, { verification_session_type: 'approve', act: 'delete_account' });
    const [session] = await t.database.db.select().from(verificationSessions).where(eq(verificationSessions.id, second.session_id));
    const replay = await complete(t.app, user.token, { code: callback.get('code'), state: session?.state, session_id: second.session_id });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('verification_failed');
    const granted = await t.database.db.select().from(approvals).where(eq(approvals.partyId, user.partyId));
    expect(granted).toHaveLength(1);
  });

  it('refuses a forged state, and burns the session', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    const forged = await complete(t.app, user.token, { ...callbackBody(callback, started.session_id), state: 'forged-state' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('verification_failed');
    // The genuine answer cannot be used after a failed attempt on its session.
    expect((await complete(t.app, user.token, callbackBody(callback, started.session_id))).json().code).toBe('verification_invalid');
    // A state that names no session of this user, without a session id.
    expect((await complete(t.app, user.token, { code: callback.get('code'), state: 'forged-state' })).json().code).toBe(
      'verification_invalid',
    );
    expect((await identityRow(user.partyId)).verifiedOn).toBeNull();
  });

  it('refuses a forged code', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    const res = await complete(t.app, user.token, { ...callbackBody(callback, started.session_id), code: 'forged-code' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('verification_failed');
    expect((await identityRow(user.partyId)).eidSubject).toBeNull();
  });

  it('refuses a code from the provider of another issuer (iss mix-up)', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    const res = await complete(t.app, user.token, { ...callbackBody(callback, started.session_id), iss: 'https://evil.example' });
    expect(res.json().code).toBe('verification_failed');
  });

  it('refuses an expired session', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    await t.database.db
      .update(verificationSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationSessions.id, started.session_id));
    const res = await complete(t.app, user.token, callbackBody(callback, started.session_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('verification_invalid');
  });

  it('refuses another user’s session: the code is bound to the account that started', async () => {
    const owner = await signUpUser(t.app);
    const thief = await signUpUser(t.app);
    const started = await startVerification(t.app, owner.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-mads' });
    const stolen = await complete(t.app, thief.token, callbackBody(callback, started.session_id));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('verification_invalid');
    expect((await identityRow(thief.partyId)).verifiedOn).toBeNull();
  });

  it('the provider sends access_denied back when the person cancels', async () => {
    const user = await signUpUser(t.app);
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { cancel: true });
    expect(callback.get('error')).toBe('access_denied');
    expect(callback.get('code')).toBeNull();
    const [session] = await t.database.db.select().from(verificationSessions).where(eq(verificationSessions.id, started.session_id));
    expect(callback.get('state')).toBe(session?.state);
  });
});

describe('POST /api/identities/verifications/ checks what it is given', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpUser(t.app);
  });
  const start = (payload: Record<string, unknown>, token = user.token) =>
    t.app.inject(authed(token, { method: 'POST', url: '/api/identities/verifications/', headers: { 'accept-language': 'en' }, payload }));

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/verifications/',
      payload: { verification_session_type: 'verify' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('invalid_token');
    const done = await t.app.inject({ method: 'POST', url: '/api/identities/verifications/complete/', payload: { code: 'x', state: 'y' } });
    expect(done.statusCode).toBe(401);
  });

  it.each([
    ['success_url', 'https://evil.example/app'],
    ['success_url', '//evil.example/app'],
    ['failure_url', '/\\evil.example'],
    ['failure_url', 'javascript:alert(1)'],
    ['failure_url', 'app/settings'],
    ['success_url', '/.//evil.example'],
    ['success_url', '/app/../..//evil.example'],
    ['failure_url', 'http://localhost:3000//evil.example/x'],
    ['failure_url', '/\t/evil.example'],
  ])('refuses %s = %j: only this site', async (field, value) => {
    const res = await start({ verification_session_type: 'verify', success_url: '/app', failure_url: '/app', [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', field], msg: 'Only addresses on this site are allowed', type: 'redirect_not_allowed' },
    ]);
  });

  it('takes an absolute address on this site, and keeps its path', async () => {
    const res = await start({
      verification_session_type: 'verify',
      success_url: 'http://localhost:3000/app/settings?x=1',
      failure_url: '/app/settings',
    });
    expect(res.statusCode).toBe(201);
    const [session] = await t.database.db.select().from(verificationSessions).where(eq(verificationSessions.id, res.json().session_id));
    expect(session?.successUrl).toBe('/app/settings?x=1');
  });

  it('needs the act when approving, and knows only the acts there are', async () => {
    const missing = await start({ verification_session_type: 'approve', success_url: '/app', failure_url: '/app' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'act'], type: 'field_required' });
    const unknown = await start({ verification_session_type: 'approve', act: 'launch_rockets', success_url: '/app', failure_url: '/app' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'act']);
  });

  it('asks for the code and its session, or the autotest fields, when completing', async () => {
    const nothing = await complete(t.app, user.token, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().detail[0].loc).toEqual(['body', 'code']);
    const noSession = await complete(t.app, user.token, { code: 'abc' });
    expect(noSession.json().detail[0].loc).toEqual(['body', 'session_id']);
  });
});

describe('where national ID is not available', () => {
  it('fails to start when no provider is configured (§7: no authorisation URL)', async () => {
    const off = await createTestApp({ OIDC_DEV_PROVIDER: 'false' });
    try {
      const user = await signUpUser(off.app);
      const res = await off.app.inject(
        authed(user.token, {
          method: 'POST',
          url: '/api/identities/verifications/',
          headers: { 'accept-language': 'en' },
          payload: { verification_session_type: 'verify', success_url: '/app', failure_url: '/app' },
        }),
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Verification with national ID is not available right now. Try again later.',
        code: 'verification_unavailable',
      });
      // Nor is the development provider served.
      expect((await off.app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('fails to start when the broker cannot be reached for discovery', async () => {
    const broken = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/broker', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 'secret' });
    try {
      const user = await signUpUser(broken.app);
      const res = await broken.app.inject(
        authed(user.token, {
          method: 'POST',
          url: '/api/identities/verifications/',
          payload: { verification_session_type: 'verify', success_url: '/app', failure_url: '/app' },
        }),
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('verification_unavailable');
      expect(await broken.database.db.select().from(verificationSessions)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('the development provider', () => {
  it('publishes its discovery document and keys under /dev-idp', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev-idp/.well-known/openid-configuration',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://localhost:3000/dev-idp',
      authorization_endpoint: 'http://localhost:3000/dev-idp/auth',
      code_challenge_methods_supported: ['S256'],
    });
    const keys = await t.app.inject({ method: 'GET', url: '/dev-idp/jwks' });
    expect(keys.json().keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig' });
    expect(keys.json().keys[0].d).toBeUndefined();
  });

  it('refuses an authorisation without PKCE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev-idp/auth?client_id=bike-register-dev&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fapp%2Fredirects%2Fverification-complete-redirect&state=s',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(303);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows an error page for an interaction it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev-idp/interaction/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The login could not be completed');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('logs', () => {
  it('never carry the CPR number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { logger: { level: 'trace', stream } });
    try {
      const user = await signUpUser(logged.app);
      await verifyThroughProvider(logged.app, user.token, 'mitid-test-sofie');
      expect(lines.length).toBeGreaterThan(5);
      const all = lines.join('\n');
      expect(all).not.toContain('3007011236');
      expect(all).not.toContain('Sofie Christensen');
    } finally {
      await logged.close();
    }
  });
});
