import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ERROR_CODES, ERROR_STATUS } from '../../domain/errors.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { bikeOf, startChat } from '../chats/chat-test-factory.js';

// Hardening: every 429 the API can give tells when to try again (Retry-After, whole seconds). Each error code that
// answers 429 is provoked here — a code added later fails the first test until it is — and the rate limiter's
// 429 on the kinds of route it guards: identity calls, public lookups, signed-in lookups, and a fixed limit.
// (The mail limit per recipient answers as if the mail were sent, so it gives no 429.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '2',
    LOGIN_FAILURES_BEFORE_LOCK: '2',
    SEARCH_RATE_LIMIT_PER_MINUTE: '2',
    PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '2',
    CHAT_NEW_PER_HOUR: '1',
    CHAT_MESSAGES_PER_MINUTE: '1',
  });
});
afterAll(() => t.close());

let address = 0;
/** Signs up from an address of its own, so the identity calls' limit (2 a minute here) counts only the calls under test. */
const newAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;
async function signedUp() {
  const remoteAddress = newAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identities/',
    remoteAddress,
    payload: { email: `retry-${address}-${Date.now()}@example.dk`, password: 'correct horse battery', chosen_region: 'dk' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().authentication_token as string;
}

const partyOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).party_id as string;

/** Calls `call` until it answers 429 (at most `max` times) and answers that 429. */
async function until429(call: () => Promise<LightMyRequestResponse>, max: number): Promise<LightMyRequestResponse> {
  for (let i = 0; i < max; i++) {
    const res = await call();
    if (res.statusCode === 429) return res;
  }
  throw new Error(`no 429 in ${max} calls`);
}

const logIn = (email: string, password: string, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/identities/authentications', remoteAddress, payload: { email, password } });

/** For each error code that answers 429: a call that gets it. */
const PROVOKE: Record<string, () => Promise<LightMyRequestResponse>> = {
  too_many_requests: () => until429(() => api(t.app, null, 'GET', '/api/search/bikes?q=WBK123456'), 5),
  login_locked: async () => {
    const email = `locked-${Date.now()}@example.dk`;
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      remoteAddress: newAddress(),
      payload: { email, password: 'correct horse battery', chosen_region: 'dk' },
    });
    return until429(() => logIn(email, 'wrong password'), 5);
  },
  chat_rate_limited: async () => {
    const owner = partyOf(await signedUp());
    const token = await signedUp();
    await startChat(t, token, await bikeOf(t, owner), 'Hej');
    return api(t.app, token, 'POST', '/api/chats/', { subject_id: await bikeOf(t, owner), content: 'Hej igen' });
  },
  chat_message_rate_limited: async () => {
    const owner = partyOf(await signedUp());
    const token = await signedUp();
    const chat = await startChat(t, token, await bikeOf(t, owner), 'Første');
    return api(t.app, token, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Anden' });
  },
};

function expectRetryAfter(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ detail: expect.any(String), code });
  const header = res.headers['retry-after'];
  expect(header, `${code}: Retry-After`).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThan(0);
}

it('provokes every error code that answers 429', () => {
  const codes429 = ERROR_CODES.filter((code) => ERROR_STATUS[code] === 429).sort();
  expect(Object.keys(PROVOKE).sort()).toEqual(codes429);
});

it('answers each of them with Retry-After', async () => {
  for (const [code, provoke] of Object.entries(PROVOKE)) expectRetryAfter(await provoke(), code);
});

it('answers the rate limiter’s 429 with Retry-After on every kind of limited route', async () => {
  const token = await signedUp();
  const [plate] = await makePlates(t.database.db, 1);
  const limited: [string, () => Promise<LightMyRequestResponse>, number][] = [
    ['identity call (AUTH_RATE_LIMIT_PER_MINUTE)', () => logIn('nobody@example.dk', 'guess', '10.9.9.9'), 5],
    ['public lookup (SEARCH_RATE_LIMIT_PER_MINUTE)', () => api(t.app, null, 'GET', '/api/stickers/NOSUCHPLATE'), 5],
    ['plate check (PLATE_CHECK_RATE_LIMIT_PER_MINUTE)', () => api(t.app, token, 'GET', `/api/plates/${plate}/check`), 5],
    ['signed-in search (SEARCH_RATE_LIMIT_PER_MINUTE)', () => api(t.app, token, 'GET', '/api/search/org-bikes?q=WBK123456'), 5],
    ['fixed limit (events, 300 a minute)', () => api(t.app, null, 'POST', '/api/actions/page/view', {}), 310],
  ];
  for (const [name, call, max] of limited) {
    const res = await until429(call, max);
    expect(res.headers['retry-after'], name).toMatch(/^\d+$/);
    expectRetryAfter(res, 'too_many_requests');
  }
});
