import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Transfer } from '../../domain/ownership.js';
import { approvalActKey } from '../../domain/verification.js';
import { addMessage } from '../chats/post.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeOwnerships, bikes, documents, ownershipRequests, ownershipTransfers, pictures } from '../db/schema.js';
import { removeDocuments } from '../documents/service.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { removePictures } from '../pictures/service.js';
import { requireApproval } from '../shared/approvals.js';
import type { OwnershipRow } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { emptyTrashQuietly } from '../shared/files/trash.js';
import { ensureBillOfSaleQuietly } from './bill-of-sale.js';
import { ownershipEmails } from './emails.js';
import { contactOf } from './parties.js';
import { pendingForDecision } from './transfer-decisions.js';
import {
  billOfSaleDue,
  CONFIRMATION_DAYS_AFTER_ACCEPT,
  type Side,
  sideOf,
  type TransferRow,
  toTransfer,
  transferOfCaller,
  transferRow,
} from './transfer-view.js';

// Taking a bike over (§2 receive-bike) and confirming a transfer through national ID (the way to a
// signed bill of sale). Accepting is one transaction with the transfer, the bike and the old ownership
// locked, so two accepts at once cannot both move the bike: the second finds it no longer pending.

/**
 * Ends the old ownership and starts the buyer's. The registration stays paid with the bike (its credit
 * moves along); the seller's pictures and documents move along only when handed over, else they are
 * deleted and their files trashed; equipment, its documents and plates stay on the bike.
 */
async function moveBike(tx: Db, row: TransferRow, buyerPartyId: string, now: Date): Promise<OwnershipRow> {
  const oldId = row.fromOwnershipId;
  await tx.update(bikeOwnerships).set({ endedAt: now, endReason: 'transferred' }).where(eq(bikeOwnerships.id, oldId));
  const [next] = await tx.insert(bikeOwnerships).values({ bikeId: row.bikeId, partyId: buyerPartyId, startedAt: now }).returning();
  if (!next) throw new Error('ownership insert returned nothing');
  await tx
    .update(bikeCredits)
    .set({ bikeOwnershipId: next.id, partyId: buyerPartyId, modifiedOn: now })
    .where(eq(bikeCredits.bikeOwnershipId, oldId));

  const oldPictures = and(eq(pictures.bikeId, row.bikeId), or(eq(pictures.ownershipId, oldId), isNull(pictures.ownershipId)));
  if (row.handOverPictures) await tx.update(pictures).set({ ownershipId: next.id }).where(oldPictures);
  else await removePictures(tx, oldPictures);

  const oldDocuments = and(
    eq(documents.bikeId, row.bikeId),
    isNull(documents.equipmentId),
    or(eq(documents.ownershipId, oldId), isNull(documents.ownershipId)),
  );
  if (row.handOverDocuments) await tx.update(documents).set({ ownershipId: next.id }).where(oldDocuments);
  else await removeDocuments(tx, oldDocuments);
  await tx
    .update(documents)
    .set({ ownershipId: next.id })
    .where(and(eq(documents.bikeId, row.bikeId), isNotNull(documents.equipmentId)));
  return next;
}

/**
 * Settles the bike's other pending ownership requests: the buyer's own becomes this transfer, the rest
 * are declined (a system message in each conversation). The request this transfer came from is told
 * the bike moved.
 */
async function settleRequests(tx: Db, row: TransferRow, buyerPartyId: string, now: Date): Promise<void> {
  const pending = await tx
    .select()
    .from(ownershipRequests)
    .where(and(eq(ownershipRequests.bikeId, row.bikeId), eq(ownershipRequests.status, 'pending')));
  for (const request of pending) {
    const mine = request.requesterPartyId === buyerPartyId;
    await tx
      .update(ownershipRequests)
      .set(mine ? { status: 'accepted', transferId: row.id, decidedAt: now } : { status: 'declined', decidedAt: now })
      .where(eq(ownershipRequests.id, request.id));
    await addMessage(tx, {
      chatId: request.chatId,
      senderPartyId: null,
      content: mine ? 'transfer_completed' : 'ownership_request_declined',
    });
    if (!mine) {
      await recordBikeEvent(tx, {
        bikeId: row.bikeId,
        kind: 'ownership_request_declined',
        actorPartyId: null,
        ownershipId: row.fromOwnershipId,
      });
    }
  }
  if (row.requestChatId && !pending.some((r) => r.chatId === row.requestChatId)) {
    await addMessage(tx, { chatId: row.requestChatId, senderPartyId: null, content: 'transfer_completed' });
  }
}

/** POST /ownership-transfers/{id}/accept */
export async function acceptTransfer(
  ctx: AppContext,
  caller: Caller,
  id: string,
  token: string | undefined,
  approvalId: string | undefined,
): Promise<Transfer> {
  const { side } = await transferOfCaller(ctx, caller, id, token);
  if (side === 'seller') throw new AppError('transfer_to_self');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await pendingForDecision(tx, id);
    if (current.fromPartyId === caller.actingPartyId) throw new AppError('transfer_to_self');
    if ((await sideOf(tx, caller, current, token)) !== 'buyer') throw new AppError('transfer_not_found');
    const [bike] = await tx.select().from(bikes).where(eq(bikes.id, current.bikeId)).for('update');
    if (!bike) throw new AppError('transfer_not_found');
    if (bike.reportedStolen) throw new AppError('bike_reported_stolen');
    const [ownership] = await tx
      .select()
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.id, current.fromOwnershipId), isNull(bikeOwnerships.endedAt)))
      .for('update');
    if (!ownership) throw new AppError('transfer_not_pending');
    const now = new Date();
    if (approvalId) await requireApproval(tx, caller.partyId, approvalActKey('confirm_transfer', current.id), approvalId);

    const next = await moveBike(tx, current, caller.actingPartyId, now);
    await settleRequests(tx, current, caller.actingPartyId, now);
    const [accepted] = await tx
      .update(ownershipTransfers)
      .set({
        status: 'accepted',
        decidedAt: now,
        toPartyId: caller.actingPartyId,
        toOwnershipId: next.id,
        ...(approvalId ? { buyerApprovedAt: now } : {}),
      })
      .where(eq(ownershipTransfers.id, current.id))
      .returning();
    if (!accepted) throw new AppError('transfer_not_found');
    await recordBikeEvent(tx, {
      bikeId: bike.id,
      kind: 'transferred_out',
      actorPartyId: caller.actingPartyId,
      ownershipId: current.fromOwnershipId,
      data: {},
    });
    await recordBikeEvent(tx, {
      bikeId: bike.id,
      kind: 'transferred_in',
      actorPartyId: caller.actingPartyId,
      ownershipId: next.id,
      data: {},
    });

    const seller = await contactOf(tx, current.fromPartyId);
    if (seller?.email) {
      const mail = ownershipEmails.transferTaken(seller.language, seller.email, {
        bike: bikeLabel(seller.language, bike),
        url: `${ctx.config.publicUrl}/app/my-bikes`,
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: seller.kind === 'person' ? seller.partyId : null });
    }
    return accepted;
  });
  await emptyTrashQuietly(ctx);
  void ctx.mailer.flush();
  if (billOfSaleDue(row)) await ensureBillOfSaleQuietly(ctx, row.id);
  return toTransfer(ctx, await transferRow(ctx.db, row.id), 'buyer');
}

/** Whether a confirmation is still taken: while pending, and for a while after the bike was taken over. */
function checkConfirmable(row: TransferRow, now: Date): void {
  if (row.status === 'expired' || (row.status === 'pending' && row.expiresAt <= now)) throw new AppError('transfer_expired');
  if (row.status === 'pending') return;
  const deadline = row.decidedAt ? row.decidedAt.getTime() + CONFIRMATION_DAYS_AFTER_ACCEPT * 86_400_000 : 0;
  if (row.status !== 'accepted' || now.getTime() > deadline) throw new AppError('transfer_not_pending');
}

/**
 * POST /ownership-transfers/{id}/confirmation: the caller confirms their side through national ID
 * (an approval of confirm_transfer bound to this transfer). With both sides confirmed after the bike
 * moved, the bill of sale is made.
 */
export async function confirmTransfer(
  ctx: AppContext,
  caller: Caller,
  id: string,
  token: string | undefined,
  approvalId: string | undefined,
): Promise<Transfer> {
  await transferOfCaller(ctx, caller, id, token);
  const { row, side } = await ctx.db.transaction(async (tx): Promise<{ row: TransferRow; side: Side }> => {
    const current = await transferRow(tx, id, { lock: true });
    const side = await sideOf(tx, caller, current, token);
    if (!side) throw new AppError('transfer_not_found');
    const now = new Date();
    checkConfirmable(current, now);
    await requireApproval(tx, caller.partyId, approvalActKey('confirm_transfer', current.id), approvalId);
    const column =
      side === 'seller' ? { sellerApprovedAt: current.sellerApprovedAt ?? now } : { buyerApprovedAt: current.buyerApprovedAt ?? now };
    const [row] = await tx.update(ownershipTransfers).set(column).where(eq(ownershipTransfers.id, current.id)).returning();
    if (!row) throw new AppError('transfer_not_found');
    return { row, side };
  });
  if (billOfSaleDue(row)) await ensureBillOfSaleQuietly(ctx, row.id);
  return toTransfer(ctx, await transferRow(ctx.db, row.id), side);
}
