import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';

// Hardening: the plate check (§4) tells whether a plate ID is one of ours and whether it is taken, so guessing IDs
// through it is limited per client (PLATE_CHECK_RATE_LIMIT_PER_MINUTE), with the §8 answer and Retry-After.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

it('answers the fourth check in a minute with 429 too_many_requests and Retry-After', async () => {
  const user = await signUpUser(t.app);
  const [plate] = await makePlates(t.database.db, 1);
  const check = (id: string) => api(t.app, user.token, 'GET', `/api/plates/${id}/check`, undefined, { 'accept-language': 'en' });
  for (const id of [plate, 'NOSUCHPLATE1', 'NOSUCHPLATE2']) expect((await check(id ?? '')).statusCode).toBe(200);

  const refused = await check(plate ?? '');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ detail: expect.any(String), code: 'too_many_requests' });
  expect(refused.json().detail).not.toBe('');
  const retryAfter = Number(refused.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // A check by another signed-in user from the same address is counted with it: the limit is per client.
  const other = await signUpUser(t.app);
  expect((await api(t.app, other.token, 'GET', `/api/plates/${plate}/check`)).statusCode).toBe(429);
});
