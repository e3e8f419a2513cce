import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { auditLog, identities } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { encryptField } from '../shared/secrets.js';
import { reportStolen } from './theft-test-factory.js';

// Hardening: every read that answers a full CPR number / fødselsnummer (or a document holding one) leaves one
// `cpr.read` row in the audit log: the actor is the person really reading (the staff member on a switch-user
// token, else the caller), the target the person whose number it is. Reads that answer the number masked
// (the profile, the stolen report) are not CPR reads and leave none.

let o: OwnershipTest;
let staff: SignedUpUser;
beforeAll(async () => {
  o = await ownershipTest();
  staff = await o.user();
  await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
});
afterAll(() => o.close());

const cprReadsOf = (target: string) =>
  o.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'cpr.read'), eq(auditLog.targetPartyId, target)));

async function switchedTo(user: SignedUpUser): Promise<string> {
  const res = await api(o.t.app, staff.token, 'POST', `/api/identities/switch-user/${user.partyId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().authentication_token as string;
}

async function stolenBike(owner: SignedUpUser) {
  const bike = await o.bike(owner);
  const report = await reportStolen(o.t, owner, bike.id, { frame_number: bike.frame_number });
  return { bike, reportId: report.id as string };
}

const policeReport = (token: string, bikeId: string) => api(o.t.app, token, 'GET', `/api/bikes/${bikeId}/stolen-report/police-report.pdf`);

describe('reading a CPR number is audited', () => {
  it('a staff member downloading the police report as the owner (switch-user) is the actor, the owner the target', async () => {
    const owner = await o.user();
    const { bike, reportId } = await stolenBike(owner);
    const switched = await switchedTo(owner);

    const res = await policeReport(switched, bike.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');

    const rows = await cprReadsOf(owner.partyId);
    expect(rows.map((r) => [r.actorPartyId, r.targetPartyId, r.data])).toEqual([
      [staff.partyId, owner.partyId, { resource: 'police_report', id: reportId, bike_id: bike.id, switched: true }],
    ]);
    expect(Date.now() - (rows[0]?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);

    // The backoffice's audit log shows it under the staff member and under the owner.
    for (const party of [staff.partyId, owner.partyId]) {
      const log = await api(o.t.app, staff.token, 'GET', `/api/backoffice/audit-log?party_id=${party}`);
      expect(log.statusCode).toBe(200);
      expect(log.json()).toContainEqual({
        id: rows[0]?.id,
        actor_party_id: staff.partyId,
        actor_email: staff.email,
        action: 'cpr.read',
        target_party_id: owner.partyId,
        target_email: owner.email,
        record_type: null,
        record_id: null,
        before: null,
        after: null,
        data: { resource: 'police_report', id: reportId, bike_id: bike.id, switched: true },
        created_at: rows[0]?.createdAt.toISOString(),
      });
    }
  });

  it('the owner downloading their own police report is audited with themselves as actor, once a download', async () => {
    const owner = await o.user();
    const { bike, reportId } = await stolenBike(owner);
    expect((await policeReport(owner.token, bike.id)).statusCode).toBe(200);
    expect((await policeReport(owner.token, bike.id)).statusCode).toBe(200);
    const rows = await cprReadsOf(owner.partyId);
    expect(rows.map((r) => [r.actorPartyId, r.data])).toEqual([
      [owner.partyId, { resource: 'police_report', id: reportId, bike_id: bike.id, switched: false }],
      [owner.partyId, { resource: 'police_report', id: reportId, bike_id: bike.id, switched: false }],
    ]);
  });

  it('a refused read (not the owner, no report) writes nothing', async () => {
    const owner = await o.user();
    const stranger = await o.user();
    const { bike } = await stolenBike(owner);
    expect((await policeReport(stranger.token, bike.id)).statusCode).toBe(404);
    const unreported = await o.bike(owner);
    expect((await policeReport(owner.token, unreported.id)).statusCode).toBe(404);
    expect(await cprReadsOf(owner.partyId)).toEqual([]);
    expect(await cprReadsOf(stranger.partyId)).toEqual([]);
  });

  it('the profile and the stolen report answer the number masked, so reading them (switched or not) is no CPR read', async () => {
    const owner = await o.user();
    await o.t.database.db
      .update(identities)
      .set({ cprEncrypted: encryptField(o.t.config.dataKey, '0101901234') })
      .where(eq(identities.partyId, owner.partyId));
    const { bike } = await stolenBike(owner);
    const switched = await switchedTo(owner);
    for (const token of [owner.token, switched]) {
      const profile = await api(o.t.app, token, 'GET', '/api/identities/me');
      expect(profile.statusCode).toBe(200);
      expect(profile.json().cpr_number).toBe('010190-••••');
      const report = await api(o.t.app, token, 'GET', `/api/bikes/${bike.id}/stolen-report`);
      expect(report.statusCode).toBe(200);
      expect(report.json().cpr_number_masked).toBe('010190-••••');
      for (const body of [profile.body, report.body]) expect(body).not.toMatch(/010190-?1234/);
    }
    expect(await cprReadsOf(owner.partyId)).toEqual([]);
  });
});
