import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../tests/support/mail.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOwnerships, theftReports } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { readStolenMapVersion } from '../shared/stolen-map-version.js';
import { foundApproval, reportFoundCall, reportStolen } from './theft-test-factory.js';

// Reporting a stolen bike found (§4): only with the owner's national ID approval of that act for that
// bike, used once; the report goes, the bike is no longer stolen, the map and the owner learn of it.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

describe('reporting a bike found', () => {
  it('needs an approval (403 approval_required, the same answer as deleting a bike)', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    for (const approval of [undefined, 'garbage', '00000000-0000-4000-8000-000000000000']) {
      const res = await reportFoundCall(o.t, owner, bike.id, approval);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'This needs your approval with national ID. Approve it and try again.',
        code: 'approval_required',
      });
    }
    // An approval for another bike does not do.
    const other = await o.bike(owner);
    const forOther = await foundApproval(o.t, owner, other.id);
    expect((await reportFoundCall(o.t, owner, bike.id, forOther)).statusCode).toBe(403);
    expect((await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(200);
  });

  it('with an approval: the report is gone, the bike is no longer stolen, the map and the owner know; the approval is used up', async () => {
    const owner = await o.user({ language: 'en' });
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    const before = await readStolenMapVersion(o.t.database.db);
    const approval = await foundApproval(o.t, owner, bike.id);

    const res = await reportFoundCall(o.t, owner, bike.id, approval);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bike.id, flags: { reported_stolen: false }, pictures: [], documents: [], equipment: [] });
    expect(await o.t.database.db.select().from(theftReports).where(eq(theftReports.bikeId, bike.id))).toEqual([]);
    expect((await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(404);
    expect(await readStolenMapVersion(o.t.database.db)).toBe(before + 1);
    const search = await api(o.t.app, null, 'GET', `/api/search/bikes?q=${encodeURIComponent(bike.frame_number ?? '')}`);
    expect(search.json().exact).toEqual([expect.objectContaining({ id: bike.id, reported_stolen: false })]);
    const history = await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/history`);
    expect(history.json()[0]).toMatchObject({ kind: 'reported_found', actor: 'you' });
    const mail = await latestMailTo(o.t.database.db, owner.email);
    expect(mail.subject).toBe('Glad you got your bike back');
    expect(mail.text).toContain(`/app/my-bikes/${bike.id}`);

    // Stolen again: the old approval does not serve twice.
    await reportStolen(o.t, owner, bike.id);
    const reused = await reportFoundCall(o.t, owner, bike.id, approval);
    expect(reused.statusCode).toBe(403);
    expect(reused.json().code).toBe('approval_required');
  });

  it('is 404 for a stranger and 409 for a bike that is not stolen', async () => {
    const owner = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(owner);
    const notStolen = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    const strangerApproval = await foundApproval(o.t, stranger, bike.id);
    const res = await reportFoundCall(o.t, stranger, bike.id, strangerApproval);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('bike_not_found');
    const conflict = await reportFoundCall(o.t, owner, notStolen.id, await foundApproval(o.t, owner, notStolen.id));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('bike_not_reported_stolen');
    expect((await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(200);
  });
});

describe('a later owner', () => {
  it("cannot read the earlier owner's report, nor can the earlier owner once the bike is gone", async () => {
    const first = await o.user();
    const later = await o.user();
    const bike = await o.bike(first);
    await reportStolen(o.t, first, bike.id);
    // The bike changes hands while stolen (an insurer's compensation does so); done here directly.
    const db = o.t.database.db;
    await db
      .update(bikeOwnerships)
      .set({ endedAt: new Date(), endReason: 'compensated' })
      .where(and(eq(bikeOwnerships.bikeId, bike.id), isNull(bikeOwnerships.endedAt)));
    await db.insert(bikeOwnerships).values({ bikeId: bike.id, partyId: later.partyId });
    for (const user of [later, first]) {
      for (const url of [`/api/bikes/${bike.id}/stolen-report`, `/api/bikes/${bike.id}/stolen-report/police-report.pdf`]) {
        const res = await api(o.t.app, user.token, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('stolen_report_not_found');
      }
    }
  });
});
