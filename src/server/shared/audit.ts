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
