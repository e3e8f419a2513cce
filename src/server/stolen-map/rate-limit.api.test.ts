import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';

// The map's calls are rate-limited per client like public search; a panning map gets five times as many
// clusters and list answers as a stolen bike's page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t.close();
});

const statuses = async (url: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await api(t.app, null, 'GET', url)).statusCode);
  return out;
};

it('limits a page to the search limit, the clusters and the list to five times it', async () => {
  expect(await statuses(`/api/stolen-bike-map/${crypto.randomUUID()}`, 4)).toEqual([404, 404, 404, 429]);
  const clusters = await statuses('/api/stolen-bike-map/clusters?west=8&south=54&east=13&north=58&zoom=6', 16);
  expect(clusters.slice(0, 15).every((s) => s === 200)).toBe(true);
  expect(clusters[15]).toBe(429);
  const list = await statuses('/api/stolen-bike-map/list', 16);
  expect(list.slice(0, 15).every((s) => s === 200)).toBe(true);
  expect(list[15]).toBe(429);
});
