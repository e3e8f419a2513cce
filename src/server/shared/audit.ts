import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { Caller } from '../http/auth.js';

// Audit entries written by the areas themselves (the switch-user hook writes its own, backoffice/switch-user.ts).

/** The person really acting: the staff member or admin on a switch-user token, else the caller. */
export function realActorOf(caller: Caller): string {
  return caller.switchedBy?.partyId ?? caller.partyId;
}

/** A resource that shows a full CPR number / fødselsnummer: its kind, its id and what it belongs to. */
export interface CprResource {
  resource: 'police_report';
  id: string;
  bike_id?: string;
}

/**
 * Records that a full national ID number was read (`cpr.read`): by whom really (the staff member when switched),
 * whose number it is (the target), which resource. Call it before the number leaves, in the read's transaction
 * when it has one: no entry, no answer. An answer with the number masked is no CPR read and needs none.
 */
export async function auditCprRead(db: Db, caller: Caller, targetPartyId: string, resource: CprResource): Promise<void> {
  await db.insert(auditLog).values({
    actorPartyId: realActorOf(caller),
    action: 'cpr.read',
    targetPartyId,
    data: { ...resource, switched: caller.switchedBy !== null },
  });
}

/** What a staff change touched: the record's kind (plate, order, organisation …) and id, and its fields before and after. */
export interface StaffChange {
  /** Dotted, area first: 'plate.batch_create', 'order.ship', 'organisation.update' … */
  action: string;
  record: { type: string; id: string };
  /** The person the record belongs to or the change concerns, when there is one (searchable by person). */
  targetPartyId?: string | null;
  /** The fields that changed, as they were (null when the change created the record). */
  before: Record<string, unknown> | null;
  /** … and as they are now (null when it deleted the record). */
  after: Record<string, unknown> | null;
  /** Anything else worth keeping: a reason, a count. */
  data?: Record<string, unknown>;
}

/**
 * Writes one staff change to the append-only audit log (§6 backoffice: who, when, what, before and after). Call it in
 * the change's own transaction, so that a change is never without its entry. The actor is who really acts (the staff
 * member under switch-user).
 */
export async function auditStaffChange(db: Db, caller: Caller, change: StaffChange): Promise<void> {
  await db.insert(auditLog).values({
    actorPartyId: realActorOf(caller),
    action: change.action,
    targetPartyId: change.targetPartyId ?? null,
    recordType: change.record.type,
    recordId: change.record.id,
    before: change.before,
    after: change.after,
    data: { ...change.data, ...(caller.switchedBy ? { switched: true } : {}) },
  });
}
