import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ApprovalActKey } from '../../domain/verification.js';
import type { Db } from '../db/client.js';
import { approvals } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// Step-up (§4): an act that needs the person's approval through the national ID provider. The user is
// sent through the provider (POST /identities/verifications/ with verification_session_type approve and
// the act), comes back with an approval id, and the call of the act carries it (header x-approval-id).
// An approval is bound to one act of one person, lives a few minutes and is used once.
//
// To guard a new act (report found, a transfer): add it to APPROVAL_ACTS in domain/verification.ts and
// call requireApproval in the act's transaction. An act bound to one subject (delete_bike) is in
// SUBJECT_BOUND_ACTS too: its approval is stored as `act:subjectId` (approvalActKey) and required so.

export const APPROVAL_TTL_MINUTES = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createApproval(tx: Db, partyId: string, act: ApprovalActKey, now = new Date()): Promise<string> {
  const [row] = await tx
    .insert(approvals)
    .values({ partyId, act, createdAt: now, expiresAt: new Date(now.getTime() + APPROVAL_TTL_MINUTES * 60_000) })
    .returning({ id: approvals.id });
  if (!row) throw new Error('approval insert returned nothing');
  return row.id;
}

/**
 * Takes the approval of `act` by `partyId`: it must exist, be unused and unexpired, and is marked used in
 * the same statement (so two calls cannot both use it). Call it inside the act's transaction: if the act
 * fails, the approval is given back. Anything else answers 403 approval_required.
 */
export async function requireApproval(tx: Db, partyId: string, act: ApprovalActKey, approvalId: string | undefined): Promise<void> {
  if (!approvalId || !UUID.test(approvalId)) throw new AppError('approval_required');
  const now = new Date();
  const [used] = await tx
    .update(approvals)
    .set({ usedAt: now })
    .where(
      and(
        eq(approvals.id, approvalId),
        eq(approvals.partyId, partyId),
        eq(approvals.act, act),
        isNull(approvals.usedAt),
        gt(approvals.expiresAt, now),
      ),
    )
    .returning({ id: approvals.id });
  if (!used) throw new AppError('approval_required');
}
