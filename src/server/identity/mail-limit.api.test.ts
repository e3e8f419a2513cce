import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkParam, mailsTo } from '../../../tests/support/mail.js';
import { authed, createTestApp, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { outbox } from '../db/schema.js';

// Mail flooding: the mails anyone can make the site send to an address (verification links, email-change
// confirmations, password-reset links) are limited per recipient and hour (MAIL_PER_RECIPIENT_PER_HOUR,
// counted in mail_outbox, so across instances). The answers stay the same, so a flooded address looks
// like any other.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const SUBJECTS = { verify: 'Bekræft din e-mail', confirmChange: 'Bekræft din nye e-mail', reset: 'Nulstil din adgangskode' };

const resend = (token: string) =>
  t.app.inject(authed(token, { method: 'POST', url: '/api/identities/authentications/email-verifications' }));
const askReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/identities/authentications/password-resets', payload: { email } });

/** Moves the mail to an address an hour and a second back: it no longer counts. */
const anHourAgo = (to: string) =>
  t.database.db
    .update(outbox)
    .set({ createdAt: new Date(Date.now() - 3_601_000) })
    .where(sql`lower(${outbox.to}) = ${to.toLowerCase()}`);

describe('the limit on mails to one address (MAIL_PER_RECIPIENT_PER_HOUR, 5 by default)', () => {
  it('sends at most 5 verification mails an hour however often one is asked for, and answers every request the same', async () => {
    const user = await signUpUser(t.app);
    for (let i = 0; i < 25; i += 1) {
      const res = await resend(user.token);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent_to: user.email });
    }
    // The sign-up's mail and four resends.
    expect(await mailsTo(t.database.db, user.email, SUBJECTS.verify)).toHaveLength(5);
    // The newest link sent still works: a request that sent nothing retired nothing.
    const code = linkParam((await latestMailTo(t.database.db, user.email, SUBJECTS.verify)).text, 'code');
    const validated = await t.app.inject({ method: 'POST', url: `/api/identities/authentications/email-verifications/${code}/validate` });
    expect(validated.statusCode, validated.body).toBe(200);
  });

  it('sends at most 5 reset mails an hour to an address; a flooded address answers like any other', async () => {
    const user = await signUpUser(t.app, { skip_email: true });
    for (let i = 0; i < 15; i += 1) {
      const res = await askReset(user.email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await mailsTo(t.database.db, user.email, SUBJECTS.reset)).toHaveLength(5);
    // The last link sent still sets a new password.
    const token = linkParam((await latestMailTo(t.database.db, user.email, SUBJECTS.reset)).text, 'token');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/password-resets/${token}/validate`,
      payload: { new_password: 'another good password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // An hour later mail goes again.
    await anHourAgo(user.email);
    expect((await askReset(user.email.toUpperCase())).statusCode).toBe(202);
    expect(await mailsTo(t.database.db, user.email, SUBJECTS.reset)).toHaveLength(6);
  });

  it('counts each kind by itself: a flood of resets does not stop the verification mail', async () => {
    const user = await signUpUser(t.app, { skip_email: true });
    for (let i = 0; i < 6; i += 1) await askReset(user.email);
    expect((await resend(user.token)).statusCode).toBe(202);
    expect(await mailsTo(t.database.db, user.email, SUBJECTS.verify)).toHaveLength(1);
    expect(await mailsTo(t.database.db, user.email, SUBJECTS.reset)).toHaveLength(5);
  });

  it('limits the confirmations of an email change sent to someone else’s address', async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < 8; i += 1) {
      const user = await signUpUser(t.app, { skip_email: true });
      const res = await t.app.inject(authed(user.token, { method: 'PUT', url: '/api/identities/me', payload: { email: victim } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('partially_saved');
    }
    expect(await mailsTo(t.database.db, victim, SUBJECTS.confirmChange)).toHaveLength(5);
  });
});

describe('MAIL_PER_RECIPIENT_PER_HOUR', () => {
  it('is configurable', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', MAIL_PER_RECIPIENT_PER_HOUR: '2' });
    try {
      const user = await signUpUser(strict.app, { skip_email: true });
      for (let i = 0; i < 4; i += 1) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/identities/authentications/password-resets',
          payload: { email: user.email },
        });
        expect(res.statusCode).toBe(202);
      }
      const sent = await strict.database.db.select().from(outbox).where(eq(outbox.to, user.email));
      expect(sent).toHaveLength(2);
    } finally {
      await strict.close();
    }
  });
});
