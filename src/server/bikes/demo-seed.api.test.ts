import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { diskStorage } from '../adapters/storage/disk-storage.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../seed/demo.js';
import { seedDemoBikes } from '../seed/demo-bikes.js';
import { seedDemoInsuranceClaims } from '../seed/demo-insurance-claims.js';
import { seedDemoStolenBikes } from '../seed/demo-stolen.js';
import { api } from './bike-test-factory.js';

// The demo data of bikes (embedded mode, first start), which the Playwright journeys rely on.

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
  await seedDemoData({ ...t.app.appContext, storage: diskStorage(dir) });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function login(email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });
  return res.json().authentication_token;
}

describe('demo bikes', () => {
  it('gives the demo owner 3 bikes (plates on two, a battery with a plate) and a stolen one, 2 unused credits', async () => {
    const token = await login(DEMO_ACCOUNTS.owner.email, DEMO_ACCOUNTS.owner.password);
    const list = (await api(t.app, token, 'GET', '/api/bikes/')).json();
    expect(list).toHaveLength(4);
    expect(list.map((b: { bikekey_id: string | null }) => b.bikekey_id).sort()).toEqual(['DEMOBIKE1', 'DEMOBIKE2', null, null]);
    expect(list.every((b: { flags: { active: boolean } }) => b.flags.active)).toBe(true);
    expect(new Set(list.map((b: { brand_id: string }) => b.brand_id)).size).toBe(4);
    const overview = (await api(t.app, token, 'GET', '/api/webshop/bike-ownership-credits/overview')).json();
    expect(overview.credits).toBe(2);
    const mine = (await api(t.app, token, 'GET', '/api/plates/mine')).json();
    expect(mine.map((p: { bikekey_id: string }) => p.bikekey_id).sort()).toEqual(['DEMOBIKE1', 'DEMOBIKE2', 'DEMOEQ01']);
    const cargo = list.find((b: { is_electric: boolean }) => b.is_electric);
    const detail = (await api(t.app, token, 'GET', `/api/bikes/${cargo.id}/`)).json();
    expect(detail.equipment.map((e: { item_type_memo: string }) => e.item_type_memo).sort()).toEqual(['battery', 'lock']);
    expect(detail.equipment.find((e: { item_type_memo: string }) => e.item_type_memo === 'lock').varefakta_number).toBe('VF-2231');
    // The files area's seed gave each bike pictures (a public one among them).
    expect(detail.pictures.map((p: { kind: string }) => p.kind)).toContain('public');
    // The hints of a seeded frame number agree with its brand.
    expect(list.flatMap((b: { hints: unknown[] }) => b.hints)).toEqual([]);
  });

  it('has free, registration and insurance plates, and the voucher', async () => {
    const user = await signUpUser(t.app);
    const sticker = async (id: string) => (await api(t.app, null, 'GET', `/api/stickers/${id}`)).json().status;
    expect(await sticker('DEMO0050')).toBe('unregistered');
    expect(await sticker('DEMOINS01')).toBe('insurance');
    expect(await sticker('DEMOBIKE1')).toBe('registered');
    expect(await sticker('DEMOEQ01')).toBe('equipment');
    // A plate with registration needs no credit.
    expect((await api(t.app, user.token, 'POST', '/api/bikes/', { bikekey_id: 'DEMOREG20' })).statusCode).toBe(201);
    expect((await api(t.app, user.token, 'POST', '/api/bikes/', { bikekey_id: 'DEMO0050' })).statusCode).toBe(402);
    const redeemed = await api(t.app, user.token, 'POST', '/api/webshop/vouchers/redeem', { code: 'demo-bike-2026' });
    expect(redeemed.json().credits_added).toBe(1);
    expect((await api(t.app, user.token, 'POST', '/api/bikes/', { bikekey_id: 'DEMO0050' })).statusCode).toBe(201);
  });

  it('files a report for one bike of the demo owner (not one with a plate)', async () => {
    const token = await login(DEMO_ACCOUNTS.owner.email, DEMO_ACCOUNTS.owner.password);
    const list = (await api(t.app, token, 'GET', '/api/bikes/')).json();
    const stolen = list.filter((b: { flags: { reported_stolen: boolean } }) => b.flags.reported_stolen);
    expect(stolen.map((b: { nickname: string }) => b.nickname)).toEqual(['Pendlercyklen']);
    const report = await api(t.app, token, 'GET', `/api/bikes/${stolen[0].id}/stolen-report`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ bike_id: stolen[0].id, place: 'Nørrebrogade 52, 2200 København N' });
  });

  it('shares the demo owner’s report, and a few others, with the demo insurer as claims at two stages, without CPR numbers', async () => {
    const token = await login(DEMO_ACCOUNTS.insurer.email, DEMO_ACCOUNTS.insurer.password);
    const insurer = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).party_id;
    const res = await api(t.app, token, 'GET', `/api/insurance/${insurer}/claims/`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.total).toBeGreaterThanOrEqual(5);
    expect(answer.total).toBeLessThanOrEqual(20);
    const own = answer.items.find((r: { frame_number: string }) => r.frame_number === 'KM 910099 V');
    expect(own).toMatchObject({
      status: 'received',
      brand: 'Kildemoes',
      model: 'Logic',
      insurer: { name: 'Demo Forsikring A/S' },
      owner: { first_name: 'Ole' },
    });
    expect(res.body).not.toContain('010190');
    const overview = (await api(t.app, token, 'GET', `/api/insurance/${insurer}/admin/overview`)).json();
    expect(overview.claims).toMatchObject({ received: answer.total - 1, in_review: 1 });
  });

  it('puts ~60 stolen bikes of other demo people on the map, in Denmark and Norway, searchable', async () => {
    const map = (await api(t.app, null, 'GET', '/api/stolen-bike-map/clusters?west=3&south=54&east=32&north=72&zoom=5')).json();
    expect(map.total).toBe(62);
    expect((await api(t.app, null, 'GET', '/api/stolen-bike-map/list?region=no')).json().total).toBe(23);
    expect((await api(t.app, null, 'GET', '/api/stolen-bike-map/list?period=week')).json().total).toBeGreaterThanOrEqual(5);
    expect((await api(t.app, null, 'GET', '/api/stolen-bike-map/list?electric=true')).json().total).toBeGreaterThanOrEqual(5);
    const cities = (await api(t.app, null, 'GET', '/api/stolen-bike-map/list?west=12.3&south=55.5&east=12.8&north=55.8')).json();
    expect(cities.total).toBeGreaterThanOrEqual(15);
    expect(cities.items[0].area).toMatch(/^\d{4} (København|Frederiksberg)/);
    // Searchable by frame number, shown as stolen, without any demo plate.
    const page = (await api(t.app, null, 'GET', `/api/stolen-bike-map/${cities.items[0].bike_id}`)).json();
    expect(page.card.bikekey_id).toBeNull();
    const search = (await api(t.app, null, 'GET', `/api/search/bikes?q=${encodeURIComponent(page.card.frame_number)}`)).json();
    expect(search.exact.map((b: { id: string; reported_stolen: boolean }) => [b.id, b.reported_stolen])).toEqual([[page.card.id, true]]);
  });

  it('runs once', async () => {
    expect(await seedDemoBikes(t.app.appContext)).toBeNull();
    expect(await seedDemoStolenBikes(t.app.appContext)).toBe(0);
    expect(await seedDemoInsuranceClaims(t.app.appContext)).toBe(0);
  });
});

describe('demo accounts in production', () => {
  it('never get the published passwords: each gets its own, returned to be printed once', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const prodDir = mkdtempSync(path.join(os.tmpdir(), 'demo-seed-prod-'));
    try {
      const accounts = await seedDemoData({ ...prod.app.appContext, storage: diskStorage(prodDir) });
      const admin = accounts?.find((a) => a.email === DEMO_ACCOUNTS.admin.email);
      expect(admin?.password).toBeTruthy();
      expect(admin?.password).not.toBe(DEMO_ACCOUNTS.admin.password);
      const published = await prod.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
      });
      expect(published.statusCode).toBe(401);
      const own = await prod.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email: DEMO_ACCOUNTS.admin.email, password: admin?.password },
      });
      expect(own.statusCode).toBe(200);
    } finally {
      await prod.close();
      rmSync(prodDir, { recursive: true, force: true });
    }
  });
});
