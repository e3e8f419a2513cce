import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo.js';

// The demo insurer has a proof of possession and a lock test waiting, from the demo owner's bikes; the demo
// insurer's admin sees them, and the demo owner sees them as theirs.

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'demo-evidence-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDemoData(t.app.appContext);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function logIn(account: { email: string; password: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: account });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authentication_token: string; party_id?: string };
}

it('gives the demo insurer a proof of possession and a lock test waiting for review', async () => {
  const admin = (await logIn(DEMO_ACCOUNTS.insurer)).authentication_token;
  const owner = (await logIn(DEMO_ACCOUNTS.owner)).authentication_token;
  const insurers = (await api(t.app, owner, 'GET', '/api/insurers/')).json().insurers as { party_id: string; name: string }[];
  const insurer = insurers.find((i) => i.name === 'Demo Forsikring A/S');
  expect(insurer).toBeDefined();
  const base = `/api/insurance/${insurer?.party_id}`;

  const possession = await api(t.app, admin, 'GET', `${base}/possession-verifications/?status=submitted`);
  expect(possession.json()).toMatchObject({
    as_insurer: true,
    items: [{ status: 'submitted', frame_number_picture: { url: expect.any(String) } }],
  });
  const lockTests = await api(t.app, admin, 'GET', `${base}/lock-tests/?status=submitted`);
  expect(lockTests.json()).toMatchObject({
    as_insurer: true,
    items: [{ brand: 'Abus', can_review: true, certificate: { file_name: 'laasecertifikat.pdf' } }],
  });

  expect((await api(t.app, owner, 'GET', `${base}/possession-verifications/`)).json().items).toHaveLength(1);
  expect((await api(t.app, owner, 'GET', `${base}/lock-tests/`)).json().items).toHaveLength(1);
});
