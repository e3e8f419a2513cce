import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber } from '../bikes/bike-test-factory.js';
import { bikeOwnerships, bikes } from '../db/schema.js';
import { StolenMapData } from './points.js';
import { makeOwner, makeStolenBike, markFound, type Owner } from './stolen-map-test-factory.js';

// The stolen-bike map's calls: clusters, the list and a stolen bike's page (issue 6, §2).

let t: TestApp;
let owner: Owner;
const ids: Record<string, string> = {};
/** Denmark and Norway. */
const NORDIC = 'west=3&south=54&east=32&north=72';
const COPENHAGEN = 'west=12.45&south=55.6&east=12.7&north=55.75';

const get = (url: string) => api(t.app, null, 'GET', url);
const clusters = async (query: string) => {
  const res = await get(`/api/stolen-bike-map/clusters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clusters: { latitude: number; longitude: number; count: number; bike_id: string | null; expansion_zoom: number | null }[];
    total: number;
  };
};
const list = async (query: string) => {
  const res = await get(`/api/stolen-bike-map/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { bike_id: string; stolen_at: string; area: string | null }[]; total: number; next_offset: number | null };
};

beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '1000' });
  owner = await makeOwner(t);
  // 20 city bikes spread over Copenhagen, 10 … 29 days ago.
  for (let i = 0; i < 20; i++) {
    ids[`cph${i}`] = await makeStolenBike(t, owner, {
      daysAgo: 10 + i,
      latitude: 55.64 + (i % 5) * 0.02 + 0.001234,
      longitude: 12.5 + Math.floor(i / 5) * 0.03 + 0.001234,
    });
  }
  ids.aarhus = await makeStolenBike(t, owner, {
    daysAgo: 2,
    category: 'racer',
    brandId: 'cannondale',
    model: 'CAAD13',
    frameNumber: frameNumber('WCD'),
    latitude: 56.157123,
    longitude: 10.210987,
    place: 'Søndergade 3, 8000 Aarhus C',
  });
  ids.oslo = await makeStolenBike(t, owner, {
    daysAgo: 1,
    category: 'cargo',
    electric: true,
    latitude: 59.913987,
    longitude: 10.752345,
    place: 'Karl Johans gate 22, 0159 Oslo',
  });
  ids.old = await makeStolenBike(t, owner, { daysAgo: 400, category: 'hybrid', latitude: 55.676543, longitude: 12.568765 });
});
afterAll(async () => {
  await t.close();
});

describe('clusters', () => {
  it('aggregates at a low zoom and counts every matching bike', async () => {
    const answer = await clusters(`${NORDIC}&zoom=4`);
    expect(answer.total).toBe(23);
    expect(answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(23);
    const big = answer.clusters.find((c) => c.count > 1);
    expect(big?.bike_id).toBeNull();
    expect(big?.expansion_zoom).toBeGreaterThan(4);
    expect(answer.clusters.length).toBeLessThan(23);
  });

  it('gives single bikes with their id at a high zoom, on their public place only', async () => {
    // 4 rows × 3 columns of the Copenhagen bikes, and the old one.
    const answer = await clusters('west=12.49&south=55.635&east=12.58&north=55.715&zoom=17');
    expect(answer.clusters).toHaveLength(13);
    for (const c of answer.clusters) {
      expect(c).toMatchObject({ count: 1, expansion_zoom: null, bike_id: expect.any(String) });
    }
    const old = answer.clusters.find((c) => c.bike_id === ids.old);
    expect(old).toBeDefined();
    // Not the exact place (55.676543, 12.568765) but the centre of its ~1 km cell.
    expect({ latitude: old?.latitude, longitude: old?.longitude }).toEqual({ latitude: 55.6785, longitude: 12.57014 });
  });

  it('answers at most a screenful or so: a huge box at a high zoom is cut around its centre', async () => {
    const answer = await clusters('west=-180&south=-85&east=180&north=85&zoom=17');
    expect(answer).toEqual({ clusters: [], total: 23 });
    const around = await clusters('west=-154.86&south=21.36&east=180&north=90&zoom=17');
    expect(around.clusters.length).toBeGreaterThan(0);
    expect(around.clusters.length).toBeLessThan(21);
  });

  it('filters by period, region, category and electric', async () => {
    const total = async (filters: string) => (await clusters(`${NORDIC}&zoom=5&${filters}`)).total;
    expect(await total('period=week')).toBe(2);
    expect(await total('period=month')).toBe(22);
    expect(await total('period=year')).toBe(22);
    expect(await total('period=all')).toBe(23);
    expect(await total('region=no')).toBe(1);
    expect(await total('region=dk')).toBe(22);
    expect(await total('category=racer')).toBe(1);
    expect(await total('electric=true')).toBe(1);
    expect(await total('electric=false&category=city&region=dk')).toBe(20);
  });

  it('answers 422 for a bad query, not 500', async () => {
    for (const query of [
      NORDIC,
      `${NORDIC}&zoom=abc`,
      `${NORDIC}&zoom=4.5`,
      `${NORDIC}&zoom=4&period=day`,
      `${NORDIC}&zoom=4&electric=maybe`,
      `${NORDIC}&zoom=4&category=spaceship`,
      'west=3&south=100&east=32&north=72&zoom=4',
      'west=a&south=54&east=32&north=72&zoom=4',
    ]) {
      const res = await get(`/api/stolen-bike-map/clusters?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
    expect((await get('/api/stolen-bike-map/list?offset=-1')).statusCode).toBe(422);
    expect((await get('/api/stolen-bike-map/list?region=se')).statusCode).toBe(422);
  });
});

describe('list', () => {
  it('pages the matching bikes, newest noted first', async () => {
    const first = await list('');
    expect(first.total).toBe(23);
    expect(first.items).toHaveLength(20);
    expect(first.next_offset).toBe(20);
    expect(first.items[0]?.bike_id).toBe(ids.oslo);
    expect(first.items[0]?.area).toBe('0159 Oslo');
    expect(first.items[1]?.bike_id).toBe(ids.aarhus);
    const second = await list('offset=20');
    expect(second.items).toHaveLength(3);
    expect(second.next_offset).toBeNull();
    expect(second.items.at(-1)?.bike_id).toBe(ids.old);
    const times = [...first.items, ...second.items].map((i) => i.stolen_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set([...first.items, ...second.items].map((i) => i.bike_id)).size).toBe(23);
  });

  it('keeps to the box and the filters', async () => {
    const aarhus = await list('west=10&south=56&east=10.5&north=56.3');
    expect(aarhus.items.map((i) => i.bike_id)).toEqual([ids.aarhus]);
    expect(aarhus).toMatchObject({ total: 1, next_offset: null });
    expect((await list(`${COPENHAGEN}&period=year`)).total).toBe(20);
    expect((await list('category=cargo&electric=true')).items.map((i) => i.bike_id)).toEqual([ids.oslo]);
  });
});

describe('a stolen bike', () => {
  it('has a public page: the summary and the public card', async () => {
    const res = await get(`/api/stolen-bike-map/${ids.aarhus}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.summary).toMatchObject({
      bike_id: ids.aarhus,
      brand: 'Cannondale',
      model: 'CAAD13',
      category_id: 'racer',
      is_electric: false,
      area: '8000 Aarhus C',
      region: 'dk',
      public_picture_url: null,
    });
    expect(page.card).toMatchObject({ id: ids.aarhus, reported_stolen: true, brand_name: 'Cannondale' });
  });

  it('never names the owner nor gives the exact place or the street', async () => {
    const bodies = [
      (await get(`/api/stolen-bike-map/clusters?${COPENHAGEN}&zoom=15`)).body,
      (await get('/api/stolen-bike-map/clusters?west=10&south=56&east=10.5&north=56.3&zoom=15')).body,
      (await get('/api/stolen-bike-map/list')).body,
      (await get('/api/stolen-bike-map/list?offset=20')).body,
      (await get(`/api/stolen-bike-map/${ids.oslo}`)).body,
      (await get(`/api/stolen-bike-map/${ids.aarhus}`)).body,
    ].join('\n');
    for (const secret of [
      '56.157123',
      '10.210987',
      '59.913987',
      '10.752345',
      '55.676543',
      '.001234',
      'Søndergade',
      'Karl Johans',
      'Nørrebrogade',
    ]) {
      expect(bodies).not.toContain(secret);
    }
    for (const secret of [owner.email, owner.firstName, owner.lastName, owner.partyId, 'cpr', 'place', 'first_name', 'email']) {
      expect(bodies).not.toContain(secret);
    }
  });

  it('is 404 stolen_bike_not_found for an unknown id, a bad id and a bike not stolen', async () => {
    const [bike] = await t.app.appContext.db
      .insert(bikes)
      .values({ frameNumber: 'WBK 1234567 S', frameNumberNormalised: 'WBK1234567S' })
      .returning();
    await t.app.appContext.db.insert(bikeOwnerships).values({ bikeId: bike!.id, partyId: owner.partyId });
    for (const id of ['2b1c6a2e-8a43-4b7e-9a57-6a8c0f4f1e11', 'abc', bike!.id]) {
      const res = await get(`/api/stolen-bike-map/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('stolen_bike_not_found');
    }
  });
});

describe('the in-memory index', () => {
  it('rebuilds a period after 10 minutes, as its window moves on', async () => {
    // Almost 6 days on, the bike of a day ago is still within the week (the one of 2 days ago no longer).
    let now = Date.now() + 6 * 86_400_000 - 6 * 60_000;
    const data = new StolenMapData(t.app.appContext.db, () => now);
    const week = { period: 'week', region: 'all' } as const;
    expect((await data.index(week)).total).toBe(1);
    // 7 minutes later it is older than a week, but the index stays for 10 minutes …
    now += 7 * 60_000;
    expect((await data.index(week)).total).toBe(1);
    // … and is built again after that.
    now += 4 * 60_000;
    expect((await data.index(week)).total).toBe(0);
    expect((await data.index({ period: 'all', region: 'all' })).total).toBe(23);
    // The list pages over the same index.
    expect((await data.page(week, undefined, 0, 20)).total).toBe(0);
  });

  it('shares one build between concurrent calls', async () => {
    const data = new StolenMapData(t.app.appContext.db);
    const filters = { period: 'all', region: 'dk', category: 'city' } as const;
    const [a, b] = await Promise.all([data.index(filters), data.index(filters)]);
    expect(a).toBe(b);
    expect(a.total).toBe(20);
  });
});

describe('changes', () => {
  it('shows a new report and drops a found bike at once, everywhere', async () => {
    // The caches are warm (the calls above); a new report bumps the version.
    const fresh = await makeStolenBike(t, owner, { daysAgo: 0.5, latitude: 63.43, longitude: 10.39, place: 'Munkegata 1, 7011 Trondheim' });
    expect((await clusters(`${NORDIC}&zoom=4`)).total).toBe(24);
    expect((await list('')).items[0]?.bike_id).toBe(fresh);

    const aarhusBox = 'west=10&south=56&east=10.5&north=56.3&zoom=14';
    expect((await clusters(aarhusBox)).clusters.map((c) => c.bike_id)).toEqual([ids.aarhus]);
    await markFound(t, fresh);
    await markFound(t, ids.aarhus!);
    expect((await clusters(aarhusBox)).clusters).toEqual([]);
    const afterClusters = await clusters(`${NORDIC}&zoom=4`);
    expect(afterClusters.total).toBe(22);
    expect(afterClusters.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(22);
    const afterList = await list('');
    expect(afterList.total).toBe(22);
    expect(afterList.items.map((i) => i.bike_id)).not.toContain(ids.aarhus);
    expect((await list('category=racer')).total).toBe(0);
    const res = await get(`/api/stolen-bike-map/${ids.aarhus}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('stolen_bike_not_found');
  });
});
