import { eq } from 'drizzle-orm';
import type { Transfer } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, ownershipTransfers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { BikeRow } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { ownershipEmails } from './emails.js';
import { contactOf, identityByEmail } from './parties.js';
import { sideOf, type TransferRow, toTransfer, transferOfCaller, transferRow } from './transfer-view.js';

// Deciding a pending transfer other than by taking the bike (transfer-accept.ts): the seller cancels it,
// or the recipient declines it. The other side is told by mail.

/** The pending transfer, locked, for a decision; 410 when it expired, 409 when it is decided. */
export async function pendingForDecision(tx: Db, id: string): Promise<TransferRow> {
  const row = await transferRow(tx, id, { lock: true });
  if (row.status === 'expired' || (row.status === 'pending' && row.expiresAt <= new Date())) throw new AppError('transfer_expired');
  if (row.status !== 'pending') throw new AppError('transfer_not_pending');
  return row;
}

async function bikeOf(tx: Db, bikeId: string): Promise<BikeRow> {
  const [bike] = await tx.select().from(bikes).where(eq(bikes.id, bikeId));
  if (!bike) throw new AppError('transfer_not_found');
  return bike;
}

/** DELETE /ownership-transfers/{id}: the seller takes a pending transfer back; the recipient is told. */
export async function cancelTransfer(ctx: AppContext, caller: Caller, id: string): Promise<Transfer> {
  const { side } = await transferOfCaller(ctx, caller, id);
  if (side !== 'seller') throw new AppError('transfer_not_found');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await transferRow(tx, id, { lock: true });
    if (current.status !== 'pending') throw new AppError('transfer_not_pending');
    const [row] = await tx
      .update(ownershipTransfers)
      .set({ status: 'cancelled', decidedAt: new Date() })
      .where(eq(ownershipTransfers.id, id))
      .returning();
    if (!row) throw new AppError('transfer_not_found');
    await recordBikeEvent(tx, {
      bikeId: row.bikeId,
      kind: 'transfer_cancelled',
      actorPartyId: caller.actingPartyId,
      ownershipId: row.fromOwnershipId,
    });
    const recipient = row.toPartyId ? await contactOf(tx, row.toPartyId) : null;
    const known = await identityByEmail(tx, row.toEmail);
    const language = recipient?.language ?? known?.language ?? caller.language;
    const bike = await bikeOf(tx, row.bikeId);
    const mail = ownershipEmails.transferCancelled(language, recipient?.email ?? row.toEmail, { bike: bikeLabel(language, bike) });
    await ctx.mailer.enqueue(tx, { ...mail, partyId: recipient?.partyId ?? known?.partyId ?? null });
    return row;
  });
  void ctx.mailer.flush();
  return toTransfer(ctx, row, 'seller');
}

/** POST /ownership-transfers/{id}/decline: the recipient says no; the seller is told. */
export async function declineTransfer(ctx: AppContext, caller: Caller, id: string, token: string | undefined): Promise<Transfer> {
  const { row: seen, side } = await transferOfCaller(ctx, caller, id, token);
  if (side === 'seller') throw new AppError('transfer_to_self');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await pendingForDecision(tx, seen.id);
    if ((await sideOf(tx, caller, current, token)) !== 'buyer') throw new AppError('transfer_not_found');
    const [row] = await tx
      .update(ownershipTransfers)
      .set({ status: 'declined', decidedAt: new Date() })
      .where(eq(ownershipTransfers.id, id))
      .returning();
    if (!row) throw new AppError('transfer_not_found');
    await recordBikeEvent(tx, {
      bikeId: row.bikeId,
      kind: 'transfer_declined',
      actorPartyId: caller.actingPartyId,
      ownershipId: row.fromOwnershipId,
    });
    const seller = await contactOf(tx, row.fromPartyId);
    if (seller?.email) {
      const bike = await bikeOf(tx, row.bikeId);
      const mail = ownershipEmails.transferDeclined(seller.language, seller.email, {
        bike: bikeLabel(seller.language, bike),
        url: `${ctx.config.publicUrl}/app/my-bikes/${row.bikeId}`,
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: seller.kind === 'person' ? seller.partyId : null });
    }
    return row;
  });
  void ctx.mailer.flush();
  return toTransfer(ctx, row, 'buyer');
}
