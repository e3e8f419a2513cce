import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { auditLog } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { auditStaffChange } from '../shared/audit.js';

describe('the audit log of staff changes (§6)', () => {
  let t: TestApp;
  let staff: SignedUpUser;
  let revisor: SignedUpUser;
  let owner: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRole(t, 'staff');
    revisor = await signUpWithRole(t, 'revisor');
    owner = await signUpUser(t.app);
    const caller: Caller = {
      partyId: staff.partyId,
      actingPartyId: staff.partyId,
      email: staff.email,
      role: 'staff',
      language: 'en',
      switchedBy: null,
      token: { id: null, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    };
    await auditStaffChange(t.database.db, caller, {
      action: 'plate.assign',
      record: { type: 'plate', id: 'AB12345' },
      targetPartyId: owner.partyId,
      before: { owner: null },
      after: { owner: owner.partyId },
    });
    await auditStaffChange(t.database.db, caller, {
      action: 'plate.assign',
      record: { type: 'plate', id: 'AB99999' },
      before: { owner: null },
      after: { owner: 'someone' },
      data: { reason: 'batch' },
    });
  });
  afterAll(() => t.close());

  const log = (token: string, query: string) => t.app.inject(authed(token, { method: 'GET', url: `/api/backoffice/audit-log?${query}` }));

  it('finds a record’s entries with who, when, before and after', async () => {
    const response = await log(revisor.token, 'record_type=plate&record_id=AB12345');
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'plate.assign',
      actor_party_id: staff.partyId,
      actor_email: staff.email,
      target_party_id: owner.partyId,
      target_email: owner.email,
      record_type: 'plate',
      record_id: 'AB12345',
      before: { owner: null },
      after: { owner: owner.partyId },
    });
    expect(Date.parse(entries[0].created_at)).not.toBeNaN();
    expect((await log(revisor.token, 'record_type=plate')).json()).toHaveLength(2);
  });

  it('finds a person’s entries, as actor or as target', async () => {
    expect((await log(staff.token, `party_id=${owner.partyId}`)).json().map((e: { record_id: string }) => e.record_id)).toEqual([
      'AB12345',
    ]);
    expect((await log(staff.token, `party_id=${staff.partyId}`)).json()).toHaveLength(2);
  });

  it('answers 422 on a bad filter and 403 to someone who is not staff', async () => {
    expect((await log(staff.token, 'party_id=not-a-uuid')).statusCode).toBe(422);
    expect((await log(staff.token, `record_type=${'x'.repeat(41)}`)).statusCode).toBe(422);
    expect((await log(owner.token, 'record_type=plate')).statusCode).toBe(403);
  });

  it('is append-only: an entry can be neither deleted nor rewritten', async () => {
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, 'AB12345'));
    if (!entry) throw new Error('no entry');
    const refusal = { cause: expect.objectContaining({ message: 'audit_log is append-only' }) };
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toMatchObject(refusal);
    await expect(
      t.database.db
        .update(auditLog)
        .set({ after: { owner: 'forged' } })
        .where(eq(auditLog.id, entry.id)),
    ).rejects.toMatchObject(refusal);
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still?.after).toEqual({ owner: owner.partyId });
  });
});
