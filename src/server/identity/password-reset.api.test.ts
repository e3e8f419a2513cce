import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkParam, mailsTo } from '../../../tests/support/mail.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { oneTimeTokens } from '../db/schema.js';
import { hashLinkToken } from '../shared/secrets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const RESET_SUBJECT = { da: 'Nulstil din adgangskode', en: 'Reset your password' };

const requestReset = (email: string, language = 'da') =>
  t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications/password-resets',
    headers: { 'accept-language': language },
    payload: { email },
  });
const validate = (token: string, newPassword: string, language = 'da') =>
  t.app.inject({
    method: 'POST',
    url: `/api/identities/authentications/password-resets/${encodeURIComponent(token)}/validate`,
    headers: { 'accept-language': language },
    payload: { new_password: newPassword },
  });
const logIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });

/** Asks for a reset link and reads its token from the mail. */
async function resetToken(user: SignedUpUser): Promise<string> {
  const res = await requestReset(user.email);
  expect(res.statusCode).toBe(202);
  const mail = await latestMailTo(t.database.db, user.email, RESET_SUBJECT.da);
  return linkParam(mail.text, 'token');
}

describe('POST /api/identities/authentications/password-resets', () => {
  it('refuses an unknown email with 422 email_unknown on the email field (§5, §8)', async () => {
    const res = await requestReset(uniqueEmail('nobody'), 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'email'], msg: 'There is no user with that email', type: 'email_unknown' }]);
  });

  it('refuses an invalid email with 422 before looking anyone up', async () => {
    const res = await requestReset('not an email');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'email_invalid' });
  });

  it('mails a link with a token, in the language of the account, and stores only its hash', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'en', skip_email: true });
    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const mail = await latestMailTo(t.database.db, user.email, RESET_SUBJECT.en);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const token = linkParam(mail.text, 'token');
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.partyId, user.partyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'password_reset', tokenHash: hashLinkToken(token), usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    // Short-lived: an hour at most.
    expect(rows[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1_000);
  });
});

describe('POST /api/identities/authentications/password-resets/{token}/validate', () => {
  it('sets the new password: the old one fails, the new one works, and a working token is answered', async () => {
    const user = await signUpUser(t.app);
    const token = await resetToken(user);
    const res = await validate(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.authentication_token).toBe(body.token);
    const profile = await t.app.inject(authed(body.token, { method: 'GET', url: '/api/identities/me' }));
    expect(profile.statusCode).toBe(200);
    // Following the link proved the address.
    expect(profile.json().email_verified).toBe(true);

    expect((await logIn(user.email, user.password)).statusCode).toBe(401);
    expect((await logIn(user.email, 'a brand new password')).statusCode).toBe(200);
    // The owner is told the password changed.
    expect((await mailsTo(t.database.db, user.email, 'Din adgangskode er ændret')).length).toBe(1);
  });

  it('works once: a second use answers 400 with the Danish reset-failure text', async () => {
    const user = await signUpUser(t.app);
    const token = await resetToken(user);
    expect((await validate(token, 'first new password')).statusCode).toBe(200);
    const again = await validate(token, 'second new password');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Adgangskoden kunne ikke nulstilles');
    expect((await logIn(user.email, 'first new password')).statusCode).toBe(200);
    expect((await logIn(user.email, 'second new password')).statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    const user = await signUpUser(t.app);
    const token = await resetToken(user);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oneTimeTokens.tokenHash, hashLinkToken(token)));
    const res = await validate(token, 'a brand new password', 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The password could not be reset');
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('retires the older link when a new one is sent', async () => {
    const user = await signUpUser(t.app);
    const first = await resetToken(user);
    const second = await resetToken(user);
    expect(second).not.toBe(first);
    expect((await validate(first, 'from the first link')).statusCode).toBe(400);
    expect((await validate(second, 'from the second link')).statusCode).toBe(200);
    expect((await logIn(user.email, 'from the second link')).statusCode).toBe(200);
  });

  it('refuses every token issued before the reset, and keeps the one it answers', async () => {
    const user = await signUpUser(t.app);
    const loggedIn = (await logIn(user.email, user.password)).json().authentication_token;
    const token = await resetToken(user);
    const fresh = (await validate(token, 'a brand new password')).json().token;
    for (const old of [user.token, loggedIn]) {
      const res = await t.app.inject(authed(old, { method: 'GET', url: '/api/identities/me' }));
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('invalid_token');
    }
    expect((await t.app.inject(authed(fresh, { method: 'GET', url: '/api/identities/me' }))).statusCode).toBe(200);
    const refreshed = await t.app.inject(authed(fresh, { method: 'POST', url: '/api/identities/authentications/refresh' }));
    expect(refreshed.statusCode).toBe(200);
  });

  it('checks the new password before using up the link', async () => {
    const user = await signUpUser(t.app);
    const token = await resetToken(user);
    const short = await validate(token, 'short', 'en');
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({ loc: ['body', 'new_password'], type: 'password_too_short' });
    expect((await validate(token, 'long enough now')).statusCode).toBe(200);
  });

  it('refuses unknown tokens and tokens of another kind', async () => {
    const user = await signUpUser(t.app);
    const verification = linkParam((await latestMailTo(t.database.db, user.email)).text, 'code');
    expect((await validate(verification, 'a brand new password')).statusCode).toBe(400);
    expect((await validate('not-a-real-token', 'a brand new password')).statusCode).toBe(400);
    // Fastify refuses a path parameter over 100 characters before the route runs, still in JSON.
    const long = await validate('x'.repeat(201), 'a brand new password');
    expect(long.statusCode).toBe(414);
    expect(long.json().detail).toEqual(expect.any(String));
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('does not reset the password of an account whose email changed since the link was sent', async () => {
    const user = await signUpUser(t.app);
    const token = await resetToken(user);
    const newEmail = uniqueEmail('moved');
    const change = await t.app.inject(authed(user.token, { method: 'PUT', url: '/api/identities/me', payload: { email: newEmail } }));
    expect(change.statusCode).toBe(200);
    const code = linkParam((await latestMailTo(t.database.db, newEmail)).text, 'code');
    const confirm = await t.app.inject({ method: 'POST', url: `/api/identities/authentications/email-verifications/${code}/validate` });
    expect(confirm.statusCode).toBe(200);
    expect((await validate(token, 'a brand new password')).statusCode).toBe(400);
    expect((await logIn(newEmail, user.password)).statusCode).toBe(200);
  });
});
