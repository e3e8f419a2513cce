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

const SUBJECTS = {
  verify: 'Bekræft din e-mail',
  confirmChange: 'Bekræft din nye e-mail',
  changeNotice: 'Din e-mail er ved at blive ændret',
};

const requestVerification = (token: string) =>
  t.app.inject(
    authed(token, { method: 'POST', url: '/api/identities/authentications/email-verifications', headers: { 'accept-language': 'en' } }),
  );
const validate = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/identities/authentications/email-verifications/${encodeURIComponent(code)}/validate`,
    headers: { 'accept-language': 'en' },
  });
const profile = async (token: string) => (await t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }))).json();
const saveProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject(authed(token, { method: 'PUT', url: '/api/identities/me', headers: { 'accept-language': 'en' }, payload }));
const logIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });

async function codeSentTo(email: string, subject: string): Promise<string> {
  return linkParam((await latestMailTo(t.database.db, email, subject)).text, 'code');
}

describe('POST /api/identities/authentications/email-verifications', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications/email-verifications' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('invalid_token');
  });

  it('sends a link to the account address', async () => {
    const user = await signUpUser(t.app, { skip_email: true });
    const res = await requestVerification(user.token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent_to: user.email });
    const mails = await mailsTo(t.database.db, user.email, SUBJECTS.verify);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('http://localhost:3000/verify-email?code=');
  });

  it('retires the earlier link when a new one is sent: only the newest works', async () => {
    const user = await signUpUser(t.app);
    const first = await codeSentTo(user.email, SUBJECTS.verify);
    expect((await requestVerification(user.token)).statusCode).toBe(202);
    const second = await codeSentTo(user.email, SUBJECTS.verify);
    expect(second).not.toBe(first);
    expect((await validate(first)).statusCode).toBe(400);
    expect((await validate(second)).statusCode).toBe(200);
    expect((await profile(user.token)).email_verified).toBe(true);
  });
});

describe('POST /api/identities/authentications/email-verifications/{code}/validate', () => {
  it('confirms the address with the code from the mail, once', async () => {
    const user = await signUpUser(t.app);
    expect((await profile(user.token)).email_verified).toBe(false);
    const code = await codeSentTo(user.email, SUBJECTS.verify);
    const res = await validate(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email, changed: false });
    expect((await profile(user.token)).email_verified).toBe(true);

    const again = await validate(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'The link is invalid, expired or already used', code: 'link_invalid' });
  });

  it('refuses to send another link once the address is verified', async () => {
    const user = await signUpUser(t.app);
    expect((await validate(await codeSentTo(user.email, SUBJECTS.verify))).statusCode).toBe(200);
    const res = await requestVerification(user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Your email is already verified', code: 'already_verified' });
  });

  it('refuses an expired code, an unknown code and a password-reset token', async () => {
    const user = await signUpUser(t.app);
    const code = await codeSentTo(user.email, SUBJECTS.verify);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oneTimeTokens.tokenHash, hashLinkToken(code)));
    expect((await validate(code)).statusCode).toBe(400);
    expect((await validate('no-such-code')).statusCode).toBe(400);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/password-resets',
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(202);
    const resetToken = linkParam((await latestMailTo(t.database.db, user.email, 'Nulstil din adgangskode')).text, 'token');
    expect((await validate(resetToken)).statusCode).toBe(400);
    expect((await profile(user.token)).email_verified).toBe(false);
  });
});

describe('changing the email through PUT /api/identities/me (§4 partially saved)', () => {
  async function startChange(user: SignedUpUser, newEmail: string) {
    const res = await saveProfile(user.token, { email: newEmail, first_name: 'Ny' });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('keeps the old email until the new one is confirmed, mailing both addresses', async () => {
    const user = await signUpUser(t.app);
    const newEmail = uniqueEmail('new');
    const body = await startChange(user, newEmail.toUpperCase());
    expect(body.status).toBe('partially_saved');
    // The other fields are saved at once.
    expect(body.profile).toMatchObject({ email: user.email, pending_email: newEmail, first_name: 'Ny' });

    const confirm = await latestMailTo(t.database.db, newEmail, SUBJECTS.confirmChange);
    expect(confirm.text).toContain('/verify-email?code=');
    const notice = await latestMailTo(t.database.db, user.email, SUBJECTS.changeNotice);
    expect(notice.text).toContain(newEmail);
    // The notice to the old address carries no link that would confirm the change.
    expect(notice.text).not.toContain('code=');

    // Until confirmed, the old email logs in and the new one does not.
    expect((await logIn(newEmail, user.password)).statusCode).toBe(401);

    const res = await validate(linkParam(confirm.text, 'code'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: newEmail, changed: true });
    expect(await profile(user.token)).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    expect((await logIn(newEmail, user.password)).statusCode).toBe(200);
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);
  });

  it('sends a new confirmation link to the pending address when asked again', async () => {
    const user = await signUpUser(t.app);
    const newEmail = uniqueEmail('pending');
    await startChange(user, newEmail);
    const res = await requestVerification(user.token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent_to: newEmail });
    expect(await mailsTo(t.database.db, newEmail, SUBJECTS.confirmChange)).toHaveLength(2);
  });

  it('confirms only the newest pending address', async () => {
    const user = await signUpUser(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await startChange(user, first);
    const firstCode = await codeSentTo(first, SUBJECTS.confirmChange);
    await startChange(user, second);
    expect((await validate(firstCode)).statusCode).toBe(400);
    expect((await profile(user.token)).email).toBe(user.email);
    expect((await validate(await codeSentTo(second, SUBJECTS.confirmChange))).statusCode).toBe(200);
    expect((await profile(user.token)).email).toBe(second);
  });

  it('withdraws the change when the current email is saved again', async () => {
    const user = await signUpUser(t.app);
    const newEmail = uniqueEmail('withdrawn');
    await startChange(user, newEmail);
    const res = await saveProfile(user.token, { email: user.email });
    expect(res.json()).toMatchObject({ status: 'saved', profile: { email: user.email, pending_email: null } });
    expect((await validate(await codeSentTo(newEmail, SUBJECTS.confirmChange))).statusCode).toBe(400);
    expect((await profile(user.token)).email).toBe(user.email);
  });

  it('refuses an email that belongs to another user, whatever its case', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const res = await saveProfile(user.token, { email: other.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'email'], msg: 'A user with that email already exists. Log in or reset your password.', type: 'email_taken' },
    ]);
    expect((await profile(user.token)).pending_email).toBeNull();
  });

  it('refuses the switch when someone else took the new email meanwhile', async () => {
    const user = await signUpUser(t.app);
    const contested = uniqueEmail('contested');
    await startChange(user, contested);
    const code = await codeSentTo(contested, SUBJECTS.confirmChange);
    await signUpUser(t.app, { email: contested });
    const res = await validate(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('email_change_taken');
    expect((await profile(user.token)).email).toBe(user.email);
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });
});
