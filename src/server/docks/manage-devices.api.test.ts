import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { dockAlarms, locks } from '../db/schema.js';
import { eventually, httpBase, liveClient } from './dock-test-factory.js';

// Issue 16: rotating a lock's secret (or removing the lock) ends its device's open connection, and the old secret
// opens nothing after it; the new one does. A tamper alarm from a lock holding a bike mails its owner.

let t: TestApp;
let staff: SignedUpUser;
let ws: string;
let dockId: string;

beforeAll(async () => {
  t = await createTestApp();
  ws = (await httpBase(t.app)).replace(/^http/, 'ws');
  staff = await signUpWithRole(t, 'staff');
  const business = await signUpWithRole(t, 'business');
  const org = await t.app.inject(authed(business.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Enhed ApS' } }));
  const dock = await api(t.app, staff.token, 'POST', '/api/backoffice/docks', {
    owner_party_id: org.json().organisation.party_id,
    name: 'Porten',
    address: 'Porten 1, 8000 Aarhus C',
    latitude: 56.15,
    longitude: 10.2,
    access: 'members',
  });
  dockId = dock.json().id;
});
afterAll(() => t.close());

async function connected(lockId: string, secret: string) {
  const device = await liveClient(`${ws}/api/devices/locks/live`);
  device.send({ type: 'hello', lock_id: lockId, secret, state: 'open' });
  await eventually(async () => {
    const [row] = await t.database.db.select({ connected: locks.connected }).from(locks).where(eq(locks.id, lockId));
    return row?.connected;
  });
  return device;
}

describe("a lock's device and its managers", () => {
  it('closes the open connection when the secret is rotated; the old secret is refused, the new one connects', async () => {
    const added = (await api(t.app, staff.token, 'POST', `/api/backoffice/docks/${dockId}/locks`, { label: 'D1' })).json();
    const device = await connected(added.lock.id, added.secret);
    const rotated = await api(t.app, staff.token, 'POST', `/api/backoffice/docks/${dockId}/locks/${added.lock.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(await device.closed).toBe(4401);

    const stale = await liveClient(`${ws}/api/devices/locks/live`);
    stale.send({ type: 'hello', lock_id: added.lock.id, secret: added.secret, state: 'open' });
    expect(await stale.closed).toBe(4401);
    const fresh = await connected(added.lock.id, rotated.json().secret);
    fresh.socket.close();
    await fresh.closed;
  });

  it('closes the connection of a removed lock', async () => {
    const added = (await api(t.app, staff.token, 'POST', `/api/backoffice/docks/${dockId}/locks`, { label: 'D2' })).json();
    const device = await connected(added.lock.id, added.secret);
    expect((await api(t.app, staff.token, 'DELETE', `/api/backoffice/docks/${dockId}/locks/${added.lock.id}`)).statusCode).toBe(204);
    expect(await device.closed).toBe(4401);
  });
});

describe('a tamper alarm from a device', () => {
  it('mails the owner of the bike in the lock, linking to their docks', async () => {
    const owner = await signUpUser(t.app, { chosen_language: 'en' });
    const added = (await api(t.app, staff.token, 'POST', `/api/backoffice/docks/${dockId}/locks`, { label: 'D3' })).json();
    const device = await liveClient(`${ws}/api/devices/locks/live`);
    device.send({ type: 'hello', lock_id: added.lock.id, secret: added.secret, state: 'closed' });
    await eventually(async () => {
      const [row] = await t.database.db.select({ connected: locks.connected }).from(locks).where(eq(locks.id, added.lock.id));
      return row?.connected;
    });
    // The server's record of who closed it (lock-core's lock command does this in the product).
    await t.database.db.update(locks).set({ occupantPartyId: owner.partyId }).where(eq(locks.id, added.lock.id));
    device.send({ type: 'alarm', kind: 'tamper' });
    await eventually(async () => (await t.database.db.select().from(dockAlarms).where(eq(dockAlarms.lockId, added.lock.id)))[0]);
    const mail = await eventually(async () => (await mailsTo(t.database.db, owner.email, 'Alarm from the lock holding your bike'))[0]);
    expect(mail.text).toContain('D3');
    expect(mail.text).toContain('Porten');
    device.socket.close();
    await device.closed;
  });
});
