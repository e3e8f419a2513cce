import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkParam, mailsTo } from '../../../tests/support/mail.js';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { identities } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LOGIN_FAILURES_BEFORE_LOCK: '3' });
});
afterAll(() => t.close());

let address = 0;
/** Each call from another client address: the per-address limit never applies. */
const logIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
    headers: { 'accept-language': 'en' },
    payload: { email, password },
  });
const lockMails = (user: SignedUpUser) => mailsTo(t.database.db, user.email, 'Din bruger er låst et stykke tid');

describe('per-account login throttling', () => {
  it('locks the account after repeated failures from changing addresses, even for the right password, and mails the owner once', async () => {
    const user = await signUpUser(t.app);
    expect((await logIn(user.email, 'wrong 1')).statusCode).toBe(401);
    expect((await logIn(user.email, 'wrong 2')).statusCode).toBe(401);
    const locking = await logIn(user.email, 'wrong 3');
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toMatchObject({ code: 'login_locked' });
    const retryAfter = Number(locking.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    const right = await logIn(user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('login_locked');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(await lockMails(user)).toHaveLength(1);
  });

  it('grows the lock each time the account is locked again', async () => {
    const user = await signUpUser(t.app);
    for (const n of [1, 2]) expect((await logIn(user.email, `wrong ${n}`)).statusCode).toBe(401);
    const first = Number((await logIn(user.email, 'wrong 3')).headers['retry-after']);
    // The lock runs out.
    await t.database.db
      .update(identities)
      .set({ loginLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(identities.partyId, user.partyId));
    for (const n of [1, 2]) expect((await logIn(user.email, `wrong ${n}`)).statusCode).toBe(401);
    const second = Number((await logIn(user.email, 'wrong 3')).headers['retry-after']);
    expect(second).toBeGreaterThan(first);
    expect(await lockMails(user)).toHaveLength(1);
  });

  it('forgets failures after a successful login', async () => {
    const user = await signUpUser(t.app);
    for (const n of [1, 2]) expect((await logIn(user.email, `wrong ${n}`)).statusCode).toBe(401);
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
    for (const n of [1, 2]) expect((await logIn(user.email, `wrong ${n}`)).statusCode).toBe(401);
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('is lifted by a password reset', async () => {
    const user = await signUpUser(t.app);
    for (const n of [1, 2, 3]) await logIn(user.email, `wrong ${n}`);
    expect((await logIn(user.email, user.password)).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/identities/authentications/password-resets', payload: { email: user.email } });
    const mail = await latestMailTo(t.database.db, user.email, 'Nulstil din adgangskode');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/password-resets/${linkParam(mail.text, 'token')}/validate`,
      payload: { new_password: 'a new long password', new_password_confirmation: 'a new long password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(user.email, 'a new long password')).statusCode).toBe(200);
  });

  it('answers an unknown email as a wrong password however often it is tried', async () => {
    for (const n of [1, 2, 3, 4]) expect((await logIn('nobody-lock@example.com', `wrong ${n}`)).statusCode).toBe(401);
  });
});
