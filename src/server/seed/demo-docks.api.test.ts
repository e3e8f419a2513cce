import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { diskStorage } from '../adapters/storage/disk-storage.js';
import { identities, locks, organisationMembers } from '../db/schema.js';
import { DEMO_DOCK_LOCKS, lockSecretMatches } from '../docks/lock-secret.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo.js';
import { DEMO_DOCK } from './demo-docks.js';

// The demo dock (issue 16): four locks with the fixed demo ids and secrets the lock simulator's --demo uses, the
// demo owner a member of its organisation, and the dock in the public feed.

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'demo-docks-'));
  await seedDemoData({ ...t.app.appContext, storage: diskStorage(dir) });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo dock', () => {
  it('has the four demo locks, each matching its published demo secret', async () => {
    for (const demo of DEMO_DOCK_LOCKS) {
      const [lock] = await t.database.db.select().from(locks).where(eq(locks.id, demo.id));
      expect(lock?.label).toBe(demo.label);
      expect(lockSecretMatches(lock?.secretHash ?? '', demo.secret)).toBe(true);
    }
  });

  it("makes the demo owner a member of the dock's organisation, and lists the dock in the GBFS feed", async () => {
    const [owner] = await t.database.db.select().from(identities).where(eq(identities.email, DEMO_ACCOUNTS.owner.email));
    const memberships = await t.database.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.identityPartyId, owner?.partyId ?? ''));
    expect(memberships).toHaveLength(1);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/gbfs/station_information.json' })).json();
    expect(feed.data.stations).toEqual([expect.objectContaining({ name: DEMO_DOCK.name, address: DEMO_DOCK.address, capacity: 4 })]);
  });
});
