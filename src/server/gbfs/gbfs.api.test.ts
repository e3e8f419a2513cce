import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { lockCommands, locks } from '../db/schema.js';

// Issue 16: the public GBFS 2.3 feed of published docks. Checked against the fields the specification requires
// (gbfs.md v2.3: every file's last_updated, ttl, version, data; station_information's station_id, name, lat, lon;
// station_status's station_id, num_bikes_available, num_docks_available, is_installed, is_renting, is_returning,
// last_reported; system_information's system_id, language, name, timezone).

let t: TestApp;
let staff: SignedUpUser;
let published: string;
let hidden: string;

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cykler.example.dk' });
  staff = await signUpWithRole(t, 'staff');
  const business = await signUpWithRole(t, 'business');
  const org = await t.app.inject(authed(business.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Station ApS' } }));
  const owner = org.json().organisation.party_id;
  const dock = async (name: string, isPublished: boolean) => {
    const res = await t.app.inject(
      authed(staff.token, {
        method: 'POST',
        url: '/api/backoffice/docks',
        payload: {
          owner_party_id: owner,
          name,
          address: 'Banegårdspladsen 1, 8000 Aarhus C',
          latitude: 56.15,
          longitude: 10.2,
          access: 'everyone',
          published: isPublished,
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  published = await dock('Stationspladsen', true);
  hidden = await dock('Gården', false);
  const now = new Date();
  const lock = async (dockId: string, label: string, state: Partial<typeof locks.$inferInsert>) => {
    const res = await t.app.inject(
      authed(staff.token, { method: 'POST', url: `/api/backoffice/docks/${dockId}/locks`, payload: { label } }),
    );
    const id = res.json().lock.id as string;
    await t.database.db.update(locks).set(state).where(eq(locks.id, id));
    return id;
  };
  await lock(published, 'A1', { connected: true, reportedAt: now, reportedState: 'open' });
  await lock(published, 'A2', { connected: true, reportedAt: now, reportedState: 'open' });
  await lock(published, 'A3', { connected: true, reportedAt: now, reportedState: 'closed' });
  await lock(published, 'A4', { connected: false, reportedAt: now, reportedState: 'open' });
  const busy = await lock(published, 'A5', { connected: true, reportedAt: now, reportedState: 'open' });
  await t.database.db.insert(lockCommands).values({ lockId: busy, kind: 'lock', deadlineAt: new Date(now.getTime() + 15_000) });
  await lock(hidden, 'B1', { connected: true, reportedAt: now, reportedState: 'open' });
});
afterAll(() => t.close());

function expectEnvelope(body: Record<string, unknown>) {
  expect(body).toEqual({ last_updated: expect.any(Number), ttl: expect.any(Number), version: '2.3', data: expect.any(Object) });
  expect(body.last_updated as number).toBeGreaterThanOrEqual(1450155600);
  expect(Number.isInteger(body.last_updated)).toBe(true);
}

describe('GET /api/gbfs/*.json', () => {
  it('answers the discovery file with absolute URLs of every feed it names, each of which answers, open to any site', async () => {
    const res = await get('/api/gbfs/gbfs.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toContain('max-age=');
    const body = res.json();
    expectEnvelope(body);
    expect(Object.keys(body.data).sort()).toEqual(['da', 'en']);
    const names = body.data.en.feeds.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['system_information', 'station_information', 'station_status']));
    for (const f of body.data.da.feeds as { name: string; url: string }[]) {
      expect(f.url).toBe(`https://cykler.example.dk/api/gbfs/${f.name}.json`);
      const answer = await get(new URL(f.url).pathname);
      expect(answer.statusCode, f.url).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expectEnvelope(answer.json());
    }
  });

  it('answers system_information with its required fields', async () => {
    const { data } = (await get('/api/gbfs/system_information.json')).json();
    expect(data).toMatchObject({ system_id: expect.any(String), language: 'da', name: expect.any(String), timezone: 'Europe/Copenhagen' });
  });

  it('lists published docks only in station_information, with the required fields and their capacity', async () => {
    const { data } = (await get('/api/gbfs/station_information.json')).json();
    expect(data.stations.map((s: { station_id: string }) => s.station_id)).toEqual([published]);
    expect(data.stations[0]).toEqual({
      station_id: published,
      name: 'Stationspladsen',
      lat: 56.15,
      lon: 10.2,
      address: 'Banegårdspladsen 1, 8000 Aarhus C',
      capacity: 5,
    });
    expect(JSON.stringify(data)).not.toContain(hidden);
  });

  it('counts free online locks as available docks in station_status, renting no bikes', async () => {
    const res = await get('/api/gbfs/station_status.json');
    const body = res.json();
    expect(body.ttl).toBeLessThanOrEqual(30);
    expect(body.data.stations).toHaveLength(1);
    const [station] = body.data.stations;
    expect(station).toEqual({
      station_id: published,
      num_bikes_available: 0,
      num_docks_available: 2,
      num_docks_disabled: 1,
      is_installed: true,
      is_renting: false,
      is_returning: true,
      last_reported: expect.any(Number),
    });
    expect(station.last_reported).toBeGreaterThanOrEqual(1450155600);
  });

  it('says a dock with no free lock takes no returns', async () => {
    await t.database.db.update(locks).set({ connected: false }).where(eq(locks.dockId, published));
    const [station] = (await get('/api/gbfs/station_status.json')).json().data.stations;
    expect(station).toMatchObject({ num_docks_available: 0, num_docks_disabled: 5, is_returning: false });
  });
});
