import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialBody, throughSocialProvider } from '../../../tests/support/eid.js';
import { latestMailTo, linkParam } from '../../../tests/support/mail.js';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import { consents, events, identities, outbox, socialAccounts } from '../db/schema.js';
import { newSocialFlow, sealSocialFlow } from './social-flow.js';

// §3, §7 social sign-in against the development provider's social client ("Dev social login"), the whole
// way: start, the provider's page, the redirect to /login/social/callback with a code, and the code
// redeemed by the server. Who signs in is the provider's word, never the request's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
const identityByEmail = async (email: string) => t.database.db.select().from(identities).where(sql`lower(${identities.email}) = ${email}`);
const signupStart = { intent: 'signup', chosen_region: 'no', chosen_language: 'en', accept_terms: true };
const post = (url: string, payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { 'accept-language': language }, payload });
const logIn = (payload: Record<string, unknown>) => post('/api/identities/authentications/dev', payload);
const signUp = (payload: Record<string, unknown>) => post('/api/identities/dev', payload);

describe('social sign-in with the development provider', () => {
  it('names the configured provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identities/social-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 'dev', name: 'Dev social login' }]);
  });

  it('starts with PKCE, state and nonce at the social client, asking for email and profile only', async () => {
    const res = await post('/api/identities/social/dev/start', { intent: 'login' }, 'no');
    expect(res.statusCode, res.body).toBe(200);
    const { authorization_url, flow } = res.json();
    const url = new URL(authorization_url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/dev-idp/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'social-dev',
      redirect_uri: 'http://localhost:3000/login/social/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      ui_locales: 'no',
    });
    // The flow is sealed: the verifier, state and nonce cannot be read from it.
    expect(flow.split('.')).toHaveLength(5);
    expect(flow).not.toContain(url.searchParams.get('state'));
  });

  it('shows the social test people with their emails on the provider page', async () => {
    const trip = await throughSocialProvider(t.app, { cancel: true }, { intent: 'login' }, { 'accept-language': 'en' });
    expect(trip.page).toContain('<title>Dev social login (test)</title>');
    expect(trip.page).toContain('emma.larsen@social.example');
    expect(trip.page).toContain('Email not verified');
    expect(trip.page).not.toContain('Anna Jensen');
    expect(trip.callback.get('error')).toBe('access_denied');
  });

  it('signs up from the provider’s verified claims, whatever the body hints', async () => {
    const trip = await throughSocialProvider(t.app, 'social-test-emma', signupStart);
    const res = await signUp(socialBody(trip, { name: 'Mallory Evil', email: 'mallory@evil.example', token: 'social-test-jonas' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().outcome).toBe('created');
    expect(res.headers['set-cookie']).toContain('lang=en');
    const claims = claimsOf(res.json().authentication_token);
    expect(claims.email).toBe('emma.larsen@social.example');
    const [row] = await identityByEmail('emma.larsen@social.example');
    expect(row).toMatchObject({
      partyId: claims.party_id,
      passwordHash: null,
      firstName: 'Emma',
      lastName: 'Larsen',
      region: 'no',
      language: 'en',
    });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identityByEmail('mallory@evil.example')).toEqual([]);
    const links = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.partyId, claims.party_id));
    expect(links).toEqual([expect.objectContaining({ provider: 'dev', subject: 'social-test-emma', email: 'emma.larsen@social.example' })]);
    const [consent] = await t.database.db.select().from(consents).where(eq(consents.partyId, claims.party_id));
    expect(consent).toMatchObject({ type: 'privacy_and_terms', action: 'added', version: PRIVACY_AND_TERMS_VERSION });
    const signups = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.partyId, claims.party_id), eq(events.action, 'signup')));
    expect(signups).toHaveLength(1);

    // A social-only account has no password: a password login fails cleanly.
    const password = await post('/api/identities/authentications', { email: 'emma.larsen@social.example', password: 'anything at all' });
    expect(password.statusCode).toBe(401);
    expect(password.json().code).toBe('password_wrong');

    // And signs in with the provider afterwards.
    const again = await throughSocialProvider(t.app, 'social-test-emma');
    const login = await logIn(socialBody(again));
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().outcome).toBe('signed_in');
    expect(claimsOf(login.json().authentication_token).party_id).toBe(claims.party_id);
  });

  it('links a password account with the same verified email: one account, two ways in', async () => {
    const user = await signUpUser(t.app, { email: 'owner@demo.cykelregister.dk', skip_email: true });
    const trip = await throughSocialProvider(t.app, 'social-test-ole');
    const res = await logIn(socialBody(trip));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('linked');
    expect(claimsOf(res.json().authentication_token).party_id).toBe(user.partyId);
    const rows = await identityByEmail('owner@demo.cykelregister.dk');
    expect(rows).toHaveLength(1);
    // The provider vouched for the address.
    expect(rows[0]?.emailVerifiedAt).toBeInstanceOf(Date);
    // The password still works, and the social login is now known.
    const password = await post('/api/identities/authentications', { email: user.email, password: user.password });
    expect(password.statusCode).toBe(200);
    const next = await logIn(socialBody(await throughSocialProvider(t.app, 'social-test-ole')));
    expect(next.json()).toMatchObject({ outcome: 'signed_in' });
    expect(claimsOf(next.json().authentication_token).party_id).toBe(user.partyId);
    // Signing up with it again signs in to the same account.
    const signup = await signUp(socialBody(await throughSocialProvider(t.app, 'social-test-ole', signupStart)));
    expect(signup.statusCode, signup.body).toBe(200);
    expect(claimsOf(signup.json().authentication_token).party_id).toBe(user.partyId);
  });

  it('answers 404 social_account_unknown for a login no account has', async () => {
    const res = await logIn(socialBody(await throughSocialProvider(t.app, 'social-test-jonas')));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'social_account_unknown', detail: expect.stringContaining('Create a user') });
    expect(await identityByEmail('jonas.berg@social.example')).toEqual([]);
  });

  it('refuses to take over an account through an email the provider did not verify', async () => {
    await signUpUser(t.app, { email: 'nora.dahl@social.example' });
    const signup = await signUp(socialBody(await throughSocialProvider(t.app, 'social-test-nora', signupStart)));
    expect(signup.statusCode).toBe(409);
    expect(signup.json().code).toBe('social_email_taken');
    const login = await logIn(socialBody(await throughSocialProvider(t.app, 'social-test-nora')));
    expect(login.statusCode).toBe(409);
    const links = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.subject, 'social-test-nora'));
    expect(links).toEqual([]);
    expect(await identityByEmail('nora.dahl@social.example')).toHaveLength(1);
  });

  it('refuses a replayed code or flow', async () => {
    const trip = await throughSocialProvider(t.app, 'social-test-emma');
    const first = await logIn(socialBody(trip));
    expect(first.statusCode, first.body).toBe(200);
    const replay = await logIn(socialBody(trip));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('social_failed');
    // The code with another flow: its state is not that flow's.
    const other = await throughSocialProvider(t.app, 'social-test-emma');
    const swapped = await logIn({ ...socialBody(trip), flow: other.flow });
    expect(swapped.statusCode).toBe(400);
  });

  it('refuses a tampered flow, a flow of the other call, and a flow of another provider', async () => {
    const trip = await throughSocialProvider(t.app, 'social-test-emma');
    const flow = trip.flow;
    const last = flow.at(-2) === 'A' ? 'B' : 'A';
    const tampered = await logIn(socialBody(trip, { flow: `${flow.slice(0, -2)}${last}${flow.at(-1)}` }));
    expect(tampered.statusCode).toBe(400);
    // A login flow does not sign up.
    expect((await signUp(socialBody(trip))).statusCode).toBe(400);
    // Sealed for another provider (with the right key), sent to this one.
    const foreign = newSocialFlow({
      provider: 'google',
      intent: 'login',
      region: null,
      termsAccepted: false,
      language: 'da',
      friendRef: null,
    });
    const sealed = await sealSocialFlow(t.config.jwtSecret, { ...foreign, state: trip.callback.get('state') ?? '' });
    expect((await logIn(socialBody(trip, { flow: sealed }))).statusCode).toBe(400);
    // A login token is no flow.
    const user = await signUpUser(t.app);
    expect((await logIn(socialBody(trip, { flow: user.token }))).statusCode).toBe(400);
    // The untouched flow with its code still works: the refusals above did not use it up.
    expect((await logIn(socialBody(trip))).statusCode).toBe(200);
  });

  it('asks for the region and the terms before a sign-up starts', async () => {
    const noTerms = await post('/api/identities/social/dev/start', { intent: 'signup', chosen_region: 'dk' });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().detail[0]).toMatchObject({ loc: ['body', 'accept_terms'], type: 'terms_required' });
    const noRegion = await post('/api/identities/social/dev/start', { intent: 'signup', accept_terms: true });
    expect(noRegion.statusCode).toBe(422);
    expect(noRegion.json().detail[0].type).toBe('region_required');
  });

  it('does not create an account from an email the provider did not verify (pre-hijacking): 400 social_email_unverified', async () => {
    // A fresh app: Nora's address is used by a password account above.
    const other = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const trip = await throughSocialProvider(other.app, 'social-test-nora', {
        ...signupStart,
        chosen_region: 'dk',
        chosen_language: 'da',
      });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/identities/dev',
        headers: { 'accept-language': 'en' },
        payload: socialBody(trip),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'social_email_unverified',
        detail: 'The service has not confirmed your email address. Confirm it there first, or create a user with email and password.',
      });
      expect(await other.database.db.select().from(identities).where(eq(identities.email, 'nora.dahl@social.example'))).toEqual([]);
      expect(await other.database.db.select().from(socialAccounts)).toEqual([]);
      expect(await other.database.db.select().from(outbox).where(eq(outbox.to, 'nora.dahl@social.example'))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('unlinks every social login of an account when its password is reset through the mailed link', async () => {
    // An account that a social login with an unverified address made before the owner came (pre-hijacking):
    // the owner takes it over by resetting the password, and the other login no longer gets in.
    const other = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const owner = await signUpUser(other.app, { email: 'nora.dahl@social.example' });
      await other.database.db.insert(socialAccounts).values([
        { provider: 'dev', subject: 'social-test-nora', partyId: owner.partyId, email: owner.email },
        { provider: 'other', subject: 'someone-else', partyId: owner.partyId, email: owner.email },
      ]);
      const socialLogIn = async () =>
        other.app.inject({
          method: 'POST',
          url: '/api/identities/authentications/dev',
          payload: socialBody(await throughSocialProvider(other.app, 'social-test-nora')),
        });
      expect((await socialLogIn()).json()).toMatchObject({ outcome: 'signed_in' });

      const asked = await other.app.inject({
        method: 'POST',
        url: '/api/identities/authentications/password-resets',
        payload: { email: owner.email },
      });
      expect(asked.statusCode).toBe(202);
      const token = linkParam((await latestMailTo(other.database.db, owner.email, 'Nulstil din adgangskode')).text, 'token');
      const reset = await other.app.inject({
        method: 'POST',
        url: `/api/identities/authentications/password-resets/${token}/validate`,
        payload: { new_password: 'a brand new password' },
      });
      expect(reset.statusCode, reset.body).toBe(200);

      expect(await other.database.db.select().from(socialAccounts).where(eq(socialAccounts.partyId, owner.partyId))).toEqual([]);
      const refused = await socialLogIn();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('social_email_taken');
    } finally {
      await other.close();
    }
  });

  it('answers 404 for a provider that is not configured', async () => {
    expect((await post('/api/identities/social/google/start', { intent: 'login' })).statusCode).toBe(404);
    expect((await logIn({ code: 'x', state: 'y', flow: 'z' })).statusCode).toBe(400);
    expect((await post('/api/identities/authentications/google', { code: 'x', state: 'y', flow: 'z' })).statusCode).toBe(404);
    expect((await post('/api/identities/google', { code: 'x', state: 'y', flow: 'z' })).statusCode).toBe(404);
  });
});

describe('without a social provider', () => {
  it('offers none and finds no provider', async () => {
    const plain = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.dk' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/identities/social-providers' })).json()).toEqual([]);
      const res = await plain.app.inject({ method: 'POST', url: '/api/identities/social/dev/start', payload: { intent: 'login' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
