import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkParam, mailsTo } from '../../../tests/support/mail.js';
import { authed, createTestApp, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import { decodeSession } from '../../domain/session.js';
import { consents, events, identities } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  // This file signs up more people than the per-minute limit allows one client.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function identityRow(partyId: string) {
  const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, partyId));
  return row;
}

describe('POST /api/identities/', () => {
  it('signs up and answers a token with exactly the session claims', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: 'long enough pw', chosen_region: 'no', chosen_language: 'en', zip_code: '0150' },
    });
    expect(res.statusCode).toBe(201);
    const token = res.json().authentication_token;
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(
      ['email', 'exp', 'iat', 'identity_party_id', 'identity_signed_up_at', 'jti', 'organisation_type', 'party_id', 'verified_on'].sort(),
    );
    const session = decodeSession(token);
    expect(session?.email).toBe(email);
    expect(session?.verified_on).toBeNull();
    expect(session?.organisation_type).toBeNull();
    expect(session?.identity_party_id).toBe(session?.party_id);
    expect(Date.parse(session?.identity_signed_up_at ?? '')).toBeLessThanOrEqual(Date.now());
    // A session lasts days, not minutes.
    expect(session?.exp).toBeGreaterThan(Date.now() / 1000 + 86_400);
    // The chosen language is remembered for the first page of the next visit.
    expect(res.headers['set-cookie']).toMatch(/^lang=en;/);

    const row = await identityRow(session?.party_id ?? '');
    expect(row).toMatchObject({ email, language: 'en', region: 'no', zipCode: '0150', role: 'private' });
    // Only a hash of the password is kept, and it is argon2id.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('long enough pw');
  });

  it('stores the email in lower case and trimmed, so login is case-insensitive', async () => {
    const email = uniqueEmail('MiXeD').toUpperCase();
    const user = await signUpUser(t.app, { email: `  ${email} ` });
    expect((await identityRow(user.partyId))?.email).toBe(email.toLowerCase());
  });

  it('records the privacy_and_terms consent as added, with the version of the documents accepted', async () => {
    const user = await signUpUser(t.app);
    const rows = await t.database.db.select().from(consents).where(eq(consents.partyId, user.partyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'privacy_and_terms', action: 'added', version: PRIVACY_AND_TERMS_VERSION });
    expect(PRIVACY_AND_TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('queues a verification mail in the chosen language, with a single-use link', async () => {
    const no = await signUpUser(t.app, { chosen_language: 'no', chosen_region: 'no' });
    const mail = await latestMailTo(t.database.db, no.email);
    expect(mail.subject).toBe('Bekreft e-posten din');
    expect(mail.text).toContain('http://localhost:3000/verify-email?code=');
    expect(mail.html).toContain('lang="no"');
    expect(mail.partyId).toBe(no.partyId);
    // Embedded mode (no SMTP_URL): the outbox is the mailbox, so the mail counts as delivered.
    expect(mail.sentAt).not.toBeNull();
    expect(linkParam(mail.text, 'code').length).toBeGreaterThanOrEqual(40);

    const en = await signUpUser(t.app, { chosen_language: 'en' });
    expect((await latestMailTo(t.database.db, en.email)).subject).toBe('Confirm your email');
    const da = await signUpUser(t.app, { chosen_language: 'da' });
    expect((await latestMailTo(t.database.db, da.email)).subject).toBe('Bekræft din e-mail');
  });

  it('sends no mail with skip_email', async () => {
    const user = await signUpUser(t.app, { skip_email: true });
    expect(await mailsTo(t.database.db, user.email)).toEqual([]);
  });

  it('stores a signup event with the session id of the tab', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'x-session-id': 'tab-1234' },
      payload: { email, password: 'long enough pw', chosen_region: 'dk', friend_ref: 'friend-42' },
    });
    expect(res.statusCode).toBe(201);
    const partyId = decodeSession(res.json().authentication_token)?.party_id ?? '';
    const rows = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.partyId, partyId), eq(events.action, 'signup')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'identity', sessionId: 'tab-1234' });
    expect(rows[0]?.data).toMatchObject({ region: 'dk', language: 'da', friend_ref: 'friend-42' });
  });

  it('stores friend_ref and user_ref on the identity', async () => {
    const user = await signUpUser(t.app, { friend_ref: 'ref-friend', user_ref: 'ref-user' });
    expect(await identityRow(user.partyId)).toMatchObject({ friendRef: 'ref-friend', userRef: 'ref-user' });
  });

  it('stores the phone and zip code given at sign-up, and treats blank ones as not given', async () => {
    const withPhone = await signUpUser(t.app, { phone: '+45 12 34 56 78', zip_code: '8000' });
    const profile = await t.app.inject(authed(withPhone.token, { method: 'GET', url: '/api/identities/me' }));
    expect(profile.json()).toMatchObject({ phone: '+45 12 34 56 78', zip_code: '8000' });
    const blank = await signUpUser(t.app, { phone: '', zip_code: '  ' });
    expect(await identityRow(blank.partyId)).toMatchObject({ phone: null, zipCode: null });
  });

  it('normalises an unknown language to da (§5)', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'xx' });
    expect((await identityRow(user.partyId))?.language).toBe('da');
    expect((await latestMailTo(t.database.db, user.email)).subject).toBe('Bekræft din e-mail');
    const missing = await signUpUser(t.app, { chosen_language: undefined });
    expect((await identityRow(missing.partyId))?.language).toBe('da');
  });

  it('refuses a duplicate email, whatever its case, with a 422 on the email field', async () => {
    const email = uniqueEmail();
    const payload = { email, password: 'long enough pw', chosen_region: 'dk' };
    expect((await t.app.inject({ method: 'POST', url: '/api/identities/', payload })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en' },
      payload: { ...payload, email: email.toUpperCase() },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'email_taken' });
    expect(again.json().detail[0].msg).toMatch(/already exists/);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const email = uniqueEmail();
    const payload = { email, password: 'long enough pw', chosen_region: 'dk' };
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/identities/', payload }),
      t.app.inject({ method: 'POST', url: '/api/identities/', payload: { ...payload, email: email.toUpperCase() } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.database.db.select().from(identities).where(eq(identities.email, email));
    expect(rows).toHaveLength(1);
  });

  it('asks for a region when none is chosen', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail(), password: 'long enough pw' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'chosen_region'], msg: 'Please select a region', type: 'region_required' }]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: uniqueEmail(), password: 'long enough pw', chosen_region: 'se' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].type).toBe('region_required');
  });

  it('answers bad input with a 422 list in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'da' },
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(422);
    const types = res.json().detail.map((d: { type: string }) => d.type);
    expect(types).toEqual(expect.arrayContaining(['email_invalid', 'password_too_short', 'region_required']));
    expect(res.json().detail[0].msg).toBe('E-mailadressen er ikke gyldig');
  });

  it('refuses a bad phone or zip code on their fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail(), password: 'long enough pw', chosen_region: 'dk', phone: 'call me', zip_code: '12' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'phone'], msg: 'Invalid phone number', type: 'phone_invalid' },
        { loc: ['body', 'zip_code'], msg: 'Invalid postal code', type: 'zip_invalid' },
      ]),
    );
  });
});
