import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThroughProvider, complete } from '../../../tests/support/eid.js';
import { createTestApp, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { bikeCredits, bikes, equipment, plates } from '../db/schema.js';
import { api, frameNumber, giveCredits, makePlates, registered } from './bike-test-factory.js';

// §4: deleting a bike with a frame number or a plate needs the owner's approval through national ID,
// bound to THAT bike; it deletes its equipment too, frees its plates and gives the credit back.

const autotest = Array.from({ length: 12 }, () => uniqueEmail('autotest'));
let next = 0;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', AUTOTEST_ACCOUNTS: autotest.join(',') });
});
afterAll(() => t.close());

/** An autotest account (approves without the provider's screen) with a credit. */
async function owner() {
  const user = await signUpUser(t.app, { email: autotest[next++] });
  await giveCredits(t.database.db, user.partyId, 2);
  return user;
}

async function approval(token: string, subjectId: string | undefined, act = 'delete_bike') {
  const res = await complete(t.app, token, {
    verification_session_type: 'approve',
    act,
    ...(subjectId ? { subject_id: subjectId } : {}),
    verification_type: 'mitid',
  });
  return res;
}

async function approvalId(token: string, bikeId: string): Promise<string> {
  const res = await approval(token, bikeId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().session_task_result).toMatchObject({ status: 'approved', act: 'delete_bike', subject_id: bikeId });
  return res.json().session_task_result.approval_id;
}

const del = (token: string, bikeId: string, approval?: string) =>
  api(t.app, token, 'DELETE', `/api/bikes/${bikeId}/`, undefined, approval ? { 'x-approval-id': approval } : {});

describe('deleting a bike', () => {
  it('refuses without an approval: 403 approval_required', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const res = await del(user.token, bike.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('approval_required');
    expect(await t.database.db.select().from(bikes).where(eq(bikes.id, bike.id))).toHaveLength(1);
  });

  it('needs the subject of the act: 422 without subject_id', async () => {
    const user = await owner();
    const res = await approval(user.token, undefined);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'subject_id']);
  });

  it('refuses an approval for another bike, and one for another act', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const other = await registered(t, user.token, { frame_number: frameNumber() });
    expect((await del(user.token, bike.id, await approvalId(user.token, other.id))).statusCode).toBe(403);
    const account = await approval(user.token, undefined, 'delete_account');
    expect((await del(user.token, bike.id, account.json().session_task_result.approval_id)).statusCode).toBe(403);
  });

  it('deletes with the approval of that bike: equipment gone, plates free, credit unused again, approval used once', async () => {
    const user = await owner();
    const [plate, batteryPlate] = await makePlates(t.database.db, 2);
    const bike = await registered(t, user.token, { frame_number: frameNumber(), bikekey_id: plate });
    const [battery] = await t.database.db.insert(equipment).values({ bikeId: bike.id, itemTypeMemo: 'battery' }).returning();
    await t.database.db
      .update(plates)
      .set({ equipmentId: battery?.id, assignedAt: new Date() })
      .where(eq(plates.id, batteryPlate ?? ''));
    const id = await approvalId(user.token, bike.id);
    const res = await del(user.token, bike.id, id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.database.db.select().from(bikes).where(eq(bikes.id, bike.id))).toEqual([]);
    expect(await t.database.db.select().from(equipment).where(eq(equipment.bikeId, bike.id))).toEqual([]);
    for (const p of [plate, batteryPlate]) {
      const [row] = await t.database.db
        .select()
        .from(plates)
        .where(eq(plates.id, p ?? ''));
      expect(row).toMatchObject({ bikeId: null, equipmentId: null, assignedAt: null });
    }
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, user.partyId));
    expect(credits.filter((c) => c.bikeOwnershipId === null)).toHaveLength(2);
    // The plate can be registered again.
    await registered(t, user.token, { bikekey_id: plate });
    // The approval was used.
    const again = await registered(t, user.token, { frame_number: frameNumber() });
    expect((await del(user.token, again.id, id)).statusCode).toBe(403);
  });

  it('a plate sold with a registration takes its registration along', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1, { includesRegistration: true });
    const bike = await registered(t, user.token, { bikekey_id: plate });
    expect((await del(user.token, bike.id, await approvalId(user.token, bike.id))).statusCode).toBe(204);
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, user.partyId));
    expect(credits.map((c) => c.source)).toEqual(['staff', 'staff']);
  });

  it('refuses to delete a bike reported stolen: 409 bike_stolen_locked', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    const res = await del(user.token, bike.id, await approvalId(user.token, bike.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('bike_stolen_locked');
  });

  it('another user cannot delete it, even with their own approval', async () => {
    const user = await owner();
    const stranger = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const res = await del(stranger.token, bike.id, await approvalId(stranger.token, bike.id));
    expect(res.statusCode).toBe(404);
    expect(await t.database.db.select().from(bikes).where(eq(bikes.id, bike.id))).toHaveLength(1);
  });

  it('approves through the national ID provider too', async () => {
    const user = await signUpUser(t.app);
    await giveCredits(t.database.db, user.partyId, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const id = await approveThroughProvider(t.app, user.token, 'mitid-test-mads', 'delete_bike', bike.id);
    expect((await del(user.token, bike.id, id)).statusCode).toBe(204);
  });
});
