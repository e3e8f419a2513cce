import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import { consents, identities } from '../db/schema.js';

// Consents, language and region (§7 Identity).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const listConsents = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/consents/' }));
const changeConsent = (token: string, type: string, payload: InjectOptions['payload']) =>
  t.app.inject(authed(token, { method: 'POST', url: `/api/identities/consents/${type}/`, headers: { 'accept-language': 'en' }, payload }));
interface Consent {
  type: string;
  given: boolean;
  changed_at: string | null;
  version: string | null;
}
const consentOf = (list: Consent[], type: string) => list.find((c) => c.type === type);

describe('consents', () => {
  it('need a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/consents/' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/consents/newsletter/', payload: { action: 'add' } });
    expect(res.statusCode).toBe(401);
  });

  it('list privacy_and_terms as given after sign-up, and the others as not given', async () => {
    const user = await signUpUser(t.app);
    const res = await listConsents(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { type: 'privacy_and_terms', given: true, changed_at: expect.any(String), version: PRIVACY_AND_TERMS_VERSION },
      { type: 'newsletter', given: false, changed_at: null, version: null, pending: false },
      { type: 'marketing', given: false, changed_at: null, version: null },
    ]);
    expect(Date.parse(consentOf(res.json(), 'privacy_and_terms')?.changed_at ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('add and remove the newsletter consent, keeping every change', async () => {
    const user = await signUpUser(t.app);
    // A verified address subscribes at once (newsletter/newsletter.api.test.ts: an unverified one confirms by mail).
    await t.database.db.update(identities).set({ emailVerifiedAt: new Date() }).where(eq(identities.partyId, user.partyId));
    const added = await changeConsent(user.token, 'newsletter', { action: 'add' });
    expect(added.statusCode).toBe(200);
    expect(consentOf(added.json(), 'newsletter')).toMatchObject({ given: true, changed_at: expect.any(String) });
    expect(consentOf((await listConsents(user.token)).json(), 'newsletter')?.given).toBe(true);

    const removed = await changeConsent(user.token, 'newsletter', { action: 'remove' });
    expect(consentOf(removed.json(), 'newsletter')?.given).toBe(false);
    expect(consentOf(removed.json(), 'privacy_and_terms')?.given).toBe(true);
    const history = await t.database.db.select().from(consents).where(eq(consents.partyId, user.partyId));
    expect(
      history
        .filter((c) => c.type === 'newsletter')
        .map((c) => c.action)
        .sort(),
    ).toEqual(['added', 'removed']);
  });

  it('answer an unknown consent type with 422 on the path parameter', async () => {
    const user = await signUpUser(t.app);
    const res = await changeConsent(user.token, 'sell_my_data', { action: 'add' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['params', 'type']);
    const rows = await t.database.db.select().from(consents).where(eq(consents.partyId, user.partyId));
    expect(rows).toHaveLength(1);
  });

  it('answer an unknown or missing action with 422 on the action field', async () => {
    const user = await signUpUser(t.app);
    for (const payload of [{ action: 'maybe' }, {}]) {
      const res = await changeConsent(user.token, 'newsletter', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'action']);
    }
  });

  it('are each user’s own', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await changeConsent(alice.token, 'marketing', { action: 'add' });
    expect(consentOf((await listConsents(bob.token)).json(), 'marketing')?.given).toBe(false);
  });
});

describe('GET /api/identities/language/', () => {
  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/identities/language/', headers });

  it('tells a visitor the language of the Accept-Language header', async () => {
    expect((await get({ 'accept-language': 'en-GB,en;q=0.9' })).json()).toEqual({ language: 'en' });
    expect((await get({ 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.5' })).json()).toEqual({ language: 'no' });
    expect((await get({ 'accept-language': 'de-DE,fr;q=0.8' })).json()).toEqual({ language: 'da' });
    expect((await get({})).json()).toEqual({ language: 'da' });
  });

  it('prefers the lang cookie over the header, and normalises a bad cookie to da', async () => {
    expect((await get({ 'accept-language': 'en', cookie: 'theme=main; lang=no' })).json()).toEqual({ language: 'no' });
    expect((await get({ 'accept-language': 'en', cookie: 'lang=xx' })).json()).toEqual({ language: 'da' });
    expect((await get({ 'accept-language': 'en', cookie: 'lang=%E0%A4%A' })).json()).toEqual({ language: 'en' });
  });

  it('tells a signed-in user the language of the account', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'no' });
    const res = await t.app.inject(
      authed(user.token, { method: 'GET', url: '/api/identities/language/', headers: { 'accept-language': 'en', cookie: 'lang=da' } }),
    );
    expect(res.json()).toEqual({ language: 'no' });
  });
});

describe('PUT /api/identities/language/', () => {
  const put = (payload: InjectOptions['payload'], token?: string) => {
    const options: InjectOptions = { method: 'PUT', url: '/api/identities/language/', payload };
    return t.app.inject(token ? authed(token, options) : options);
  };

  it('sets the lang cookie for a visitor', async () => {
    const res = await put({ language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    expect(res.headers['set-cookie']).toMatch(/^lang=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });

  it('normalises an unknown language to da (§5)', async () => {
    const res = await put({ language: 'klingon' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'da' });
    expect(res.headers['set-cookie']).toMatch(/^lang=da;/);
  });

  it('also changes the language of a signed-in user’s account', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'da' });
    const res = await put({ language: 'no' }, user.token);
    expect(res.json()).toEqual({ language: 'no' });
    expect(res.headers['set-cookie']).toMatch(/^lang=no;/);
    const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row?.language).toBe('no');
    const profile = await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/me' }));
    expect(profile.json().language).toBe('no');
  });
});

describe('Icelandic, a page language only (§1 partial texts; §5 the server’s language)', () => {
  it('keeps is in the page cookie, but the account and the answer take da', async () => {
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/identities/language/', payload: { language: 'is' } });
    expect(visitor.json()).toEqual({ language: 'da' });
    expect(visitor.headers['set-cookie']).toMatch(/^lang=is; Path=\/; Max-Age=\d+; SameSite=Lax$/);

    const user = await signUpUser(t.app, { chosen_language: 'en' });
    const res = await t.app.inject(authed(user.token, { method: 'PUT', url: '/api/identities/language/', payload: { language: 'is' } }));
    expect(res.json()).toEqual({ language: 'da' });
    expect(res.headers['set-cookie']).toMatch(/^lang=is;/);
    const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row?.language).toBe('da');
  });

  it('reads an is cookie and an Icelandic browser as da, and answers errors in Danish', async () => {
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/identities/language/', headers });
    expect((await get({ cookie: 'lang=is', 'accept-language': 'en' })).json()).toEqual({ language: 'da' });
    expect((await get({ 'accept-language': 'is-IS,is;q=0.9' })).json()).toEqual({ language: 'da' });
    const login = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        headers: { 'accept-language': language },
        payload: { email: 'nobody-here@example.dk', password: 'not the password' },
      });
    const [icelandic, danish] = [await login('is'), await login('da')];
    expect(icelandic.statusCode).toBe(danish.statusCode);
    expect(icelandic.json()).toEqual(danish.json());
    expect(icelandic.json()).not.toEqual((await login('en')).json());
  });

  it('signs up an Icelandic reader with a Danish account, so mails come in Danish', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'is' });
    const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row?.language).toBe('da');
  });
});

describe('GET /api/identities/region/', () => {
  it('answers dk to a visitor and the account region to a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/region/' })).json()).toEqual({ region: 'dk' });
    const user = await signUpUser(t.app, { chosen_region: 'no' });
    const region = () => t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/region/' }));
    expect((await region()).json()).toEqual({ region: 'no' });
    await t.app.inject(authed(user.token, { method: 'PUT', url: '/api/identities/me', payload: { region: 'dk' } }));
    expect((await region()).json()).toEqual({ region: 'dk' });
  });
});
