import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, mailsTo } from '../../../tests/support/mail.js';
import {
  authed,
  createTestApp,
  type SignedUpUser,
  signUpUser,
  signUpWithRole,
  type TestApp,
  uniqueEmail,
} from '../../../tests/support/test-app.js';
import { NEWSLETTER_CONSENT } from '../../domain/newsletter.js';
import { auditLog, consents, identities, newsletterSubscriptions } from '../db/schema.js';

// The newsletter (issue 15): double opt-in, the one-click unsubscribe of RFC 8058, no enumeration, the settings'
// consent as the same truth, and staff's sending to confirmed subscribers only.

let t: TestApp;
let staff: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  staff = await signUpWithRole(t, 'staff');
});
afterAll(() => t.close());

const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    headers: { 'accept-language': 'en' },
    payload: { email, language: 'en', consent: true, ...extra },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/newsletter/confirmations/${token}`, headers: { 'accept-language': 'en' } });
const rowOf = async (email: string) =>
  (await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email.toLowerCase())))[0];
const tokenIn = (text: string) => text.match(/\/newsletter\/confirm\?token=([\w-]+)/)?.[1] ?? '';

const ISSUE = {
  subject_da: 'Nyt fra Cykelregistret',
  body_da: 'Første afsnit.\n\nAndet afsnit.',
  subject_en: 'News from the Bike Register',
  body_en: 'First paragraph.\n\nSecond paragraph.',
  subject_no: 'Nytt fra Sykkelregisteret',
  body_no: 'Første avsnitt.\n\nAndre avsnitt.',
};

/** A confirmed subscriber through the public form and the mailed link. */
async function confirmedSubscriber(language = 'en'): Promise<string> {
  const email = uniqueEmail('subscriber');
  expect((await subscribe(email, { language })).statusCode).toBe(202);
  expect((await confirm(tokenIn((await latestMailTo(t.database.db, email)).text))).statusCode).toBe(200);
  return email;
}

describe('the sign-up and its double opt-in', () => {
  it('mails a link; following it confirms the subscription with the consent text’s version; again answers the same', async () => {
    const email = uniqueEmail('Optin').replace('optin', 'OptIn');
    const res = await subscribe(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_mail' });
    const pending = await rowOf(email);
    expect(pending).toMatchObject({ email: email.toLowerCase(), state: 'pending', language: 'en', region: 'dk', confirmedAt: null });

    const mail = await latestMailTo(t.database.db, email);
    expect(mail.subject).toBe('Confirm your newsletter subscription');
    const token = tokenIn(mail.text);
    expect(token).not.toBe('');
    // Only its hash is kept.
    expect(pending?.confirmTokenHash).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ state: 'confirmed' });
    expect(await rowOf(email)).toMatchObject({
      state: 'confirmed',
      consentTextKey: NEWSLETTER_CONSENT.key,
      consentTextVersion: NEWSLETTER_CONSENT.version,
      confirmedAt: expect.any(Date),
    });
    // The same link again changes nothing and says so.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired and an ended link, in the caller’s language', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'newsletter_link_invalid',
      detail: 'The link is invalid, has expired or is no longer valid',
    });

    const email = uniqueEmail('expired');
    await subscribe(email);
    const token = tokenIn((await latestMailTo(t.database.db, email)).text);
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await rowOf(email))?.state).toBe('pending');

    // A new sign-up sends a new link; the old one stays refused.
    await subscribe(email);
    const fresh = tokenIn((await latestMailTo(t.database.db, email)).text);
    expect(fresh).not.toBe(token);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm(fresh)).statusCode).toBe(200);

    // Unsubscribed, the confirmation link no longer subscribes.
    const row = await rowOf(email);
    await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${row?.unsubscribeToken}` });
    expect((await confirm(fresh)).statusCode).toBe(400);
    expect((await rowOf(email))?.state).toBe('unsubscribed');
  });

  it('answers the same for a new, a waiting and a subscribed address, and mails a subscribed one nothing', async () => {
    const subscribed = await confirmedSubscriber();
    const waiting = uniqueEmail('waiting');
    await subscribe(waiting);
    const answers = await Promise.all([subscribe(uniqueEmail('new')), subscribe(waiting), subscribe(subscribed)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('{"status":"check_mail"}');
    }
    expect(await mailsTo(t.database.db, subscribed)).toHaveLength(1);
    expect(await mailsTo(t.database.db, waiting)).toHaveLength(2);
  });

  it('sends at most MAIL_PER_RECIPIENT_PER_HOUR confirmation mails to one address, answering the same', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 7; i++) expect((await subscribe(email)).statusCode).toBe(202);
    expect(await mailsTo(t.database.db, email)).toHaveLength(t.config.mailPerRecipientPerHour);
  });

  it('asks for the consent and a valid address, naming the field in the caller’s language', async () => {
    const noConsent = await subscribe(uniqueEmail('noconsent'), { consent: false });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().detail[0]).toMatchObject({
      loc: ['body', 'consent'],
      msg: 'Tick the box to give your consent to the newsletter',
    });
    const badEmail = await subscribe('not-an-address');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().detail[0].loc).toEqual(['body', 'email']);
  });
});

describe('one-click unsubscribe', () => {
  it('takes the RFC 8058 form POST, and a GET only leads to the page', async () => {
    const email = await confirmedSubscriber();
    const token = (await rowOf(email))?.unsubscribeToken ?? '';
    const look = await t.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe/${token}` });
    expect(look.statusCode).toBe(303);
    expect(look.headers.location).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect((await rowOf(email))?.state).toBe('confirmed');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'unsubscribed' });
    expect(await rowOf(email)).toMatchObject({ state: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    // Again (a second click, the page after the mail client) answers the same; an unknown token does not.
    expect((await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${token}`, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${'y'.repeat(43)}` })).statusCode).toBe(400);
  });
});

describe('the settings’ newsletter consent is the subscription', () => {
  const change = (user: SignedUpUser, action: 'add' | 'remove') =>
    t.app.inject(authed(user.token, { method: 'POST', url: '/api/identities/consents/newsletter/', payload: { action } }));
  const newsletterOf = (list: { type: string }[]) => list.find((c) => c.type === 'newsletter');

  it('with a verified address: subscribed at once, the consent recorded; withdrawn: unsubscribed', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'no', chosen_region: 'no' });
    await t.database.db.update(identities).set({ emailVerifiedAt: new Date() }).where(eq(identities.partyId, user.partyId));
    const added = await change(user, 'add');
    expect(newsletterOf(added.json())).toMatchObject({ given: true, pending: false });
    expect(await rowOf(user.email)).toMatchObject({ state: 'confirmed', partyId: user.partyId, language: 'no', region: 'no' });
    expect(await mailsTo(t.database.db, user.email, 'Bekreft abonnementet på nyhetsbrevet')).toHaveLength(0);

    const removed = await change(user, 'remove');
    expect(newsletterOf(removed.json())).toMatchObject({ given: false, pending: false });
    expect((await rowOf(user.email))?.state).toBe('unsubscribed');
    const log = await t.database.db.select().from(consents).where(eq(consents.partyId, user.partyId));
    expect(log.filter((c) => c.type === 'newsletter').map((c) => c.action)).toEqual(expect.arrayContaining(['added', 'removed']));
  });

  it('with an unverified address: the same double opt-in; a visitor’s confirmed subscription shows as given', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'en' });
    const added = await change(user, 'add');
    expect(newsletterOf(added.json())).toMatchObject({ given: false, pending: true });
    const mail = await latestMailTo(t.database.db, user.email, 'Confirm your newsletter subscription');
    expect((await confirm(tokenIn(mail.text))).statusCode).toBe(200);
    const list = await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/consents/' }));
    expect(newsletterOf(list.json())).toMatchObject({ given: true, pending: false });

    // Unsubscribing from a mail is the same withdrawal.
    const row = await rowOf(user.email);
    await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${row?.unsubscribeToken}` });
    const after = await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/consents/' }));
    expect(newsletterOf(after.json())).toMatchObject({ given: false });
  });

  it('links an address subscribed as a visitor to the person who has it, when confirmed', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user.email);
    await confirm(tokenIn((await latestMailTo(t.database.db, user.email, 'Confirm your newsletter subscription')).text));
    expect((await rowOf(user.email))?.partyId).toBe(user.partyId);
  });
});

describe('sending a newsletter', () => {
  it('goes to confirmed subscribers only, each in their language with their own unsubscribe link and headers; audited', async () => {
    const english = await confirmedSubscriber('en');
    const danish = await confirmedSubscriber('da');
    const waiting = uniqueEmail('notyet');
    await subscribe(waiting);
    const gone = await confirmedSubscriber('en');
    await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${(await rowOf(gone))?.unsubscribeToken}` });

    const preview = await t.app.inject(authed(staff.token, { method: 'POST', url: '/api/backoffice/newsletters/preview', payload: ISSUE }));
    expect(preview.statusCode).toBe(200);
    const previewEn = preview.json().mails.find((m: { language: string }) => m.language === 'en');
    expect(previewEn.text).toContain('First paragraph.\n\nSecond paragraph.');
    expect(previewEn.text).toContain('Unsubscribe with one click');

    const sent = await t.app.inject(authed(staff.token, { method: 'POST', url: '/api/backoffice/newsletters', payload: ISSUE }));
    expect(sent.statusCode).toBe(201);
    const { id, recipients } = sent.json();
    expect(recipients).toBe(preview.json().recipients);

    const toEnglish = await latestMailTo(t.database.db, english, ISSUE.subject_en);
    const token = (await rowOf(english))?.unsubscribeToken;
    expect(toEnglish.text).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${token}`);
    expect(toEnglish.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/newsletter/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await latestMailTo(t.database.db, danish, ISSUE.subject_da)).text).toContain('Andet afsnit.');
    expect(await mailsTo(t.database.db, waiting, ISSUE.subject_en)).toHaveLength(0);
    expect(await mailsTo(t.database.db, gone, ISSUE.subject_en)).toHaveLength(0);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(entry).toMatchObject({ action: 'newsletter.send', actorPartyId: staff.partyId, recordType: 'newsletter', data: { recipients } });
  });

  it('is for staff only, and needs every language', async () => {
    const revisor = await signUpWithRole(t, 'revisor');
    const user = await signUpUser(t.app);
    for (const who of [revisor, user]) {
      expect(
        (await t.app.inject(authed(who.token, { method: 'POST', url: '/api/backoffice/newsletters', payload: ISSUE }))).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/backoffice/newsletters', payload: ISSUE })).statusCode).toBe(401);
    const { body_no: _, ...partial } = ISSUE;
    const res = await t.app.inject(authed(staff.token, { method: 'POST', url: '/api/backoffice/newsletters', payload: partial }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'body_no']);
  });
});
