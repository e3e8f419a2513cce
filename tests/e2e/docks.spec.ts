import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import enDocks from '../../src/i18n/en/docks.json' with { type: 'json' };
import noDocks from '../../src/i18n/no/docks.json' with { type: 'json' };
import { type SimulatedLock, startSimulatedLock } from '../../src/server/docks/simulated-lock';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, apiSignUpWithRole, seedToken, tokenClaims } from './support/session';

// Issue 16: a member of an organisation locks a bike in its dock and unlocks it while the simulated lock answers,
// sees a command the lock could not do fail, the lock go offline when the simulator stops, and a tamper alarm's
// one-tap stolen report; someone without access sees nothing of the dock. The simulated lock runs in this process
// (src/server/docks/simulated-lock.ts, the same lock `npm run lock:simulate` starts) against the test server.

const en = (key: string, values: Record<string, string | number> = {}) => text(enDocks, key, values);
const no = (key: string, values: Record<string, string | number> = {}) => text(noDocks, key, values);

function text(catalog: unknown, key: string, values: Record<string, string | number>): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

interface Setup {
  token: string;
  bikeId: string;
  nickname: string;
  dockId: string;
  dockName: string;
  lockId: string;
  secret: string;
}

/** A user (English) with a registered bike, an organisation of theirs, and staff's dock for it with lock A3. */
async function setUp(request: APIRequestContext): Promise<Setup> {
  const user = await apiSignUp(request, { chosen_language: 'en' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const nickname = `Dock bike ${randomUUID().slice(0, 4)}`;
  const bike = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}D`, nickname, category_id: 'city', color_id: 'blue' },
  });
  expect(bike.status(), await bike.text()).toBe(201);
  const bikeId = ((await bike.json()) as { id: string }).id;
  // A profile the stolen report can be filled from (the alarm's one tap asks only what no profile knows).
  const profile = await request.put('/api/identities/me', {
    headers,
    data: {
      first_name: 'Dorte',
      last_name: 'Dok',
      street: 'Banegårdsgade 2',
      city: 'Aarhus C',
      zip_code: '8000',
      mobile: '+4512345678',
      cpr_number: '0101901234',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const organisation = await request.post('/api/organisations/', { headers, data: { name: `Cykelkælderen ${randomUUID().slice(0, 4)}` } });
  expect(organisation.status(), await organisation.text()).toBe(201);
  const orgToken = ((await organisation.json()) as { authentication_token: string }).authentication_token;
  const ownerPartyId = String(tokenClaims(orgToken).party_id);

  const staff = await apiSignUpWithRole(request, 'staff');
  const staffHeaders = { authorization: `Bearer ${staff.token}` };
  const dockName = `Stationspladsen ${randomUUID().slice(0, 4)}`;
  const dock = await request.post('/api/backoffice/docks', {
    headers: staffHeaders,
    data: {
      name: dockName,
      address: 'Stationspladsen 1, 8000 Aarhus C',
      latitude: 56.1505,
      longitude: 10.2045,
      access: 'members',
      published: true,
      owner_party_id: ownerPartyId,
    },
  });
  expect(dock.status(), await dock.text()).toBe(201);
  const dockId = ((await dock.json()) as { id: string }).id;
  const lock = await request.post(`/api/backoffice/docks/${dockId}/locks`, { headers: staffHeaders, data: { label: 'A3' } });
  expect(lock.status(), await lock.text()).toBe(201);
  const added = (await lock.json()) as { lock: { id: string }; secret: string };
  return { token: user.token, bikeId, nickname, dockId, dockName, lockId: added.lock.id, secret: added.secret };
}

function stateBadge(page: Page, state: keyof typeof enDocks.state) {
  return page.locator('.lock-state', { hasText: en(`state.${state}`) });
}

test('a member locks a bike in the dock and unlocks it while the lock answers; failures, tamper and offline show', async ({
  page,
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  // Short heartbeats; a bolt that takes a moment to move, so the steps can be seen.
  let device: SimulatedLock | null = startSimulatedLock({
    url: baseURL ?? '',
    lockId: setup.lockId,
    secret: setup.secret,
    heartbeatMs: 1000,
    moveMs: 700,
  });
  try {
    await device.welcomed();
    await seedToken(page, setup.token);

    // The docks the user may use: this one, its lock free.
    await page.goto('/app/docks');
    await expect(page.getByRole('heading', { level: 1, name: en('list.title') })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: setup.dockName });
    await expect(card.getByText(en('list.free_one', { free: 1, count: 1 }))).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-list');

    // The dock's locks, live.
    await card.getByRole('link', { name: setup.dockName }).click();
    await expect(page.getByRole('heading', { level: 1, name: setup.dockName })).toBeVisible();
    await expect(page.getByText(en('live.live'))).toBeVisible();
    await expect(stateBadge(page, 'free')).toBeVisible();
    await expect(page.getByText(/Last reported \d+ s ago/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-locks');

    // Lock my bike: chosen, sent, locking, then locked once the lock reports closed.
    await page.getByRole('link', { name: en('locks.name', { label: 'A3' }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('locks.name', { label: 'A3' }) })).toBeVisible();
    await page.getByRole('radio', { name: setup.nickname }).check();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-lock-free');
    await page.getByRole('button', { name: en('lock.lock') }).click();
    await expect(stateBadge(page, 'locking')).toBeVisible();
    await expect(stateBadge(page, 'occupied_by_me')).toBeVisible();
    await expect(page.getByText(en('outcome.lockedBody'))).toBeVisible();
    await expect(page.getByText(en('locks.myBike', { bike: setup.nickname }))).toBeVisible();
    await screenshots(page, 'docks-lock-locked');

    // Unlock: "unlocking" while the bolt moves, and "unlocked" only once the lock reports open.
    await page.getByRole('button', { name: en('lock.unlock') }).click();
    await expect(stateBadge(page, 'unlocking')).toBeVisible();
    await expect(page.getByText(en('outcome.unlocked'), { exact: true })).toHaveCount(0);
    await expect(stateBadge(page, 'free')).toBeVisible();
    await expect(page.getByText(en('outcome.unlockedBody'))).toBeVisible();
    expect(device.state).toBe('open');

    // The lock cannot do a command: the user sees it fail, with what to do, and the bike stays locked.
    await page.getByRole('radio', { name: setup.nickname }).check();
    await page.getByRole('button', { name: en('lock.lock') }).click();
    await expect(stateBadge(page, 'occupied_by_me')).toBeVisible();
    device.failNext('unlock');
    await page.getByRole('button', { name: en('lock.unlock') }).click();
    await expect(page.getByText(en('outcome.failed.unlock'))).toBeVisible();
    await expect(page.getByText(en('outcome.todo.device_error'))).toBeVisible();
    await expect(stateBadge(page, 'occupied_by_me')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-lock-failed');

    // Tamper: the alert names the bike, the lock and the dock; one tap files the stolen report.
    device.tamper();
    // The bike is named as the register labels it (the alarm's own label, not necessarily the nickname).
    const afterBike = en('alarm.title', { bike: '\u0000', lock: 'A3', dock: setup.dockName }).split('\u0000')[1] ?? '';
    const alarm = page.getByRole('alert').filter({ hasText: afterBike });
    await expect(alarm).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-alarm');
    // The app's home offers it too; the report is filed from there.
    await page.goto('/app');
    await expect(alarm).toBeVisible();
    await alarm.getByRole('button', { name: en('alarm.report') }).click();
    // What no profile, bike or dock can say: asked in the alert itself.
    await alarm.getByRole('radio', { name: en('alarm.no') }).check();
    await alarm.getByLabel(en('alarm.price')).fill('4000');
    await screenshots(page, 'docks-alarm-questions');
    await alarm.getByRole('button', { name: en('alarm.send') }).click();
    await page.getByRole('link', { name: en('alarm.openReport') }).click();
    await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${setup.bikeId}/stolen-bike-report$`));
    const filed = await request.get(`/api/bikes/${setup.bikeId}/`, { headers: { authorization: `Bearer ${setup.token}` } });
    expect(filed.status(), await filed.text()).toBe(200);
    expect(((await filed.json()) as { flags: { reported_stolen: boolean } }).flags.reported_stolen).toBe(true);

    // The simulator stops: the lock shows offline, its buttons say why they are disabled.
    await page.goto(`/app/docks/${setup.dockId}/locks/${setup.lockId}`);
    await expect(stateBadge(page, 'occupied_by_me')).toBeVisible();
    await device.stop();
    device = null;
    await expect(stateBadge(page, 'offline')).toBeVisible();
    await expect(page.getByRole('button', { name: en('lock.unlock') })).toBeDisabled();
    await expect(page.getByText(en('lock.reason.offline'))).toBeVisible();
    await screenshots(page, 'docks-lock-offline');

    // The lock's live channel as a page: the frames as they come.
    await page.getByRole('link', { name: en('lock.channelLink') }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('channel.title') })).toBeVisible();
    await expect(page.getByRole('list', { name: en('channel.log') }).getByText(en('state.offline'))).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'docks-channel');
  } finally {
    await device?.stop();
  }
});

test('someone without access sees nothing of the dock (in Norwegian)', async ({ page, request }) => {
  const setup = await setUp(request);
  const outsider = await apiSignUp(request, { chosen_language: 'no', chosen_region: 'no' });
  const headers = { authorization: `Bearer ${outsider.token}` };
  expect((await request.get(`/api/docks/${setup.dockId}`, { headers })).status()).toBe(404);
  await seedToken(page, outsider.token);

  await page.goto('/app/docks');
  await expect(page.getByRole('heading', { level: 1, name: no('list.title') })).toBeVisible();
  // Other journeys' public docks may be listed (one server for all); this dock is not, once the list has loaded.
  await expect(page.getByText(no('list.emptyTitle')).or(page.locator('ul.dock-list'))).toBeVisible();
  await expect(page.getByText(setup.dockName)).toHaveCount(0);

  await page.goto(`/app/docks/${setup.dockId}/locks`);
  await expect(page.getByRole('heading', { level: 1, name: no('missing.title') })).toBeVisible();
  await expect(page.getByText(setup.dockName)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'docks-missing');

  await page.goto(`/app/docks/${setup.dockId}/locks/${setup.lockId}`);
  await expect(page.getByRole('heading', { level: 1, name: no('missing.title') })).toBeVisible();
});
