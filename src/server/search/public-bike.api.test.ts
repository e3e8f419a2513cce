import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, giveCredits, makePlates, PUBLIC_BIKE_KEYS, registered } from '../bikes/bike-test-factory.js';
import { bikeOwnerships, bikes } from '../db/schema.js';

// GET /api/public-bikes/{bikeId}: one bike's public card (the page that writes to its owner shows it),
// only while the bike is registered and searchable or reported stolen; never the owner.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '30' });
});
afterAll(() => t.close());

const card = (id: string, token: string | null = null) => api(t.app, token, 'GET', `/api/public-bikes/${id}`);

describe('a public card by id', () => {
  it('shows a searchable or stolen bike’s public fields to anyone, and 404 bike_not_found otherwise', async () => {
    const user = await signUpUser(t.app);
    await giveCredits(t.database.db, user.partyId, 5);
    const [plate = ''] = await makePlates(t.database.db, 1);
    const shown = await registered(t, user.token, {
      frame_number: 'WBK1234567L',
      bikekey_id: plate,
      nickname: 'Hemmelig',
      color_id: 'green',
    });
    const hidden = await registered(t, user.token, { frame_number: 'WBK7654321M', searchable: false });
    const stolen = await registered(t, user.token, { frame_number: 'WBK5550002N', searchable: false });
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, stolen.id));

    const res = await card(shown.id);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_BIKE_KEYS);
    expect(res.json()).toMatchObject({
      id: shown.id,
      frame_number: 'WBK1234567L',
      bikekey_id: plate,
      color_id: 'green',
      reported_stolen: false,
    });
    expect(res.body).not.toContain('Hemmelig');
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain(user.partyId);
    expect((await card(stolen.id, user.token)).json()).toMatchObject({ id: stolen.id, reported_stolen: true });

    for (const id of [hidden.id, crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await card(id);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ detail: 'The bike was not found', code: 'bike_not_found' });
    }
    // A bike without a current owner (its ownership ended) is not registered any more.
    await t.database.db.update(bikeOwnerships).set({ endedAt: new Date() }).where(eq(bikeOwnerships.bikeId, shown.id));
    expect((await card(shown.id)).statusCode).toBe(404);
  });

  it('counts against the search rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await card(crypto.randomUUID())).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(30);
  });
});
