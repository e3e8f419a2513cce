import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type StartTransfer, TRANSFER_VALID_DAYS, type Transfer } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bikeOwnerships, bikes, ownershipTransfers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { BikeRow, OwnershipRow } from '../shared/bike-access.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { newLinkToken } from '../shared/secrets.js';
import { ownershipEmails } from './emails.js';
import { contactOf, identityByEmail, identityOf } from './parties.js';
import { expireDue, type TransferRow, toTransfer, toTransfers, transferOfCaller } from './transfer-view.js';

// Handing a bike over (§2 transfer-ownership / receive-bike): the owner names the recipient's email,
// the recipient gets a link with a secret (only its hash is kept) and accepts or declines it
// (transfer-accept.ts); the owner may cancel while it is pending; after TRANSFER_VALID_DAYS it expires.

export interface NewTransfer {
  bike: BikeRow;
  ownership: OwnershipRow;
  /** Who hands it over: the party that owns the bike (the caller's acting party). */
  actorPartyId: string;
  toEmail: string;
  toPartyId?: string | null;
  requestChatId?: string | null;
  handOverPictures?: boolean;
  handOverDocuments?: boolean;
  priceDkk?: number | null;
}

/**
 * Writes a pending transfer of a bike and its transfer_started event, in the caller's transaction, with
 * the bike's ownership locked. A bike reported stolen is refused (409 bike_reported_stolen), and so is a
 * second pending transfer (409 transfer_pending; the partial unique index catches a race, see withPendingAs409).
 */
export async function createTransfer(tx: Db, input: NewTransfer): Promise<{ row: TransferRow; token: string }> {
  await tx.select({ id: bikeOwnerships.id }).from(bikeOwnerships).where(eq(bikeOwnerships.id, input.ownership.id)).for('update');
  const [bike] = await tx.select({ stolen: bikes.reportedStolen }).from(bikes).where(eq(bikes.id, input.bike.id));
  if (bike?.stolen) throw new AppError('bike_reported_stolen');
  const [pending] = await tx
    .select({ id: ownershipTransfers.id })
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.bikeId, input.bike.id), eq(ownershipTransfers.status, 'pending')));
  if (pending) throw new AppError('transfer_pending');
  const { token, tokenHash } = newLinkToken();
  const now = new Date();
  const [row] = await tx
    .insert(ownershipTransfers)
    .values({
      bikeId: input.bike.id,
      fromOwnershipId: input.ownership.id,
      fromPartyId: input.ownership.partyId,
      toEmail: input.toEmail.toLowerCase(),
      toPartyId: input.toPartyId ?? null,
      tokenHash,
      handOverPictures: input.handOverPictures ?? false,
      handOverDocuments: input.handOverDocuments ?? false,
      priceDkk: input.priceDkk ?? null,
      requestChatId: input.requestChatId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TRANSFER_VALID_DAYS * 86_400_000),
    })
    .returning();
  if (!row) throw new Error('transfer insert returned nothing');
  await recordBikeEvent(tx, {
    bikeId: row.bikeId,
    kind: 'transfer_started',
    actorPartyId: input.actorPartyId,
    ownershipId: row.fromOwnershipId,
    data: {
      hand_over_pictures: row.handOverPictures,
      hand_over_documents: row.handOverDocuments,
      price_dkk: row.priceDkk,
      from_request: Boolean(row.requestChatId),
    },
  });
  return { row, token };
}

/** Runs a write that creates a transfer; a pending one created meanwhile (past the check) is 409 transfer_pending. */
export async function withPendingAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) throw new AppError('transfer_pending');
    throw err;
  }
}

export const receiveUrl = (ctx: AppContext, transferId: string, token?: string): string =>
  `${ctx.config.publicUrl}/app/my-bikes/receive-bike?transfer=${transferId}${token ? `&token=${encodeURIComponent(token)}` : ''}`;

/** POST /bikes/{bikeId}/transfers */
export async function startTransfer(ctx: AppContext, caller: Caller, bikeId: string, input: StartTransfer): Promise<Transfer> {
  const { bike } = await bikeOfCaller(ctx.db, caller, bikeId);
  await expireDue(ctx.db, eq(ownershipTransfers.bikeId, bike.id));
  const row = await withPendingAs409(() =>
    ctx.db.transaction(async (tx) => {
      const { bike, ownership } = await bikeOfCaller(tx, caller, bikeId);
      const seller = await identityOf(tx, caller.partyId);
      if (seller && seller.email.toLowerCase() === input.email.toLowerCase()) throw new AppError('transfer_to_self', 'email');
      const recipient = await identityByEmail(tx, input.email);
      if (recipient && recipient.partyId === ownership.partyId) throw new AppError('transfer_to_self', 'email');
      const { row, token } = await createTransfer(tx, {
        bike,
        ownership,
        actorPartyId: caller.actingPartyId,
        toEmail: input.email,
        handOverPictures: input.hand_over_pictures,
        handOverDocuments: input.hand_over_documents,
        priceDkk: input.price_dkk,
      });
      // In the recipient's language when the address is a user's, else in the seller's.
      const language = recipient?.language ?? seller?.language ?? caller.language;
      const sellerName = (await contactOf(tx, ownership.partyId))?.firstName ?? null;
      const mail = ownershipEmails.transferOffer(language, row.toEmail, {
        bike: bikeLabel(language, bike),
        seller: sellerName,
        url: receiveUrl(ctx, row.id, token),
        expiresAt: row.expiresAt,
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: recipient?.partyId ?? null });
      return row;
    }),
  );
  void ctx.mailer.flush();
  return toTransfer(ctx, row, 'seller');
}

/** GET /bikes/{bikeId}/transfers: the caller's transfers of their bike, newest first. */
export async function transfersOfBike(ctx: AppContext, caller: Caller, bikeId: string): Promise<Transfer[]> {
  const { bike } = await bikeOfCaller(ctx.db, caller, bikeId);
  await expireDue(ctx.db, eq(ownershipTransfers.bikeId, bike.id));
  const rows = await ctx.db
    .select()
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.bikeId, bike.id), eq(ownershipTransfers.fromPartyId, caller.actingPartyId)))
    .orderBy(desc(ownershipTransfers.createdAt), desc(ownershipTransfers.id));
  return toTransfers(
    ctx,
    rows.map((row) => ({ row, side: 'seller' as const })),
  );
}

/** GET /ownership-transfers/incoming: pending transfers to the caller (their verified address, or their party). */
export async function incomingTransfers(ctx: AppContext, caller: Caller): Promise<Transfer[]> {
  const identity = await identityOf(ctx.db, caller.partyId);
  const byEmail = identity?.emailVerifiedAt
    ? and(isNull(ownershipTransfers.toPartyId), sql`lower(${ownershipTransfers.toEmail}) = ${identity.email.toLowerCase()}`)
    : undefined;
  const addressed = byEmail
    ? or(byEmail, eq(ownershipTransfers.toPartyId, caller.actingPartyId))
    : eq(ownershipTransfers.toPartyId, caller.actingPartyId);
  await expireDue(ctx.db, addressed);
  const rows = await ctx.db
    .select()
    .from(ownershipTransfers)
    .where(
      and(
        addressed,
        eq(ownershipTransfers.status, 'pending'),
        gt(ownershipTransfers.expiresAt, new Date()),
        sql`${ownershipTransfers.fromPartyId} <> ${caller.actingPartyId}`,
      ),
    )
    .orderBy(desc(ownershipTransfers.createdAt), desc(ownershipTransfers.id));
  return toTransfers(
    ctx,
    rows.map((row) => ({ row, side: 'buyer' as const })),
  );
}

/** GET /ownership-transfers/: every transfer the caller's party made or took, newest first (their records, with the bills of sale). */
export async function myTransfers(ctx: AppContext, caller: Caller): Promise<Transfer[]> {
  const mine = or(eq(ownershipTransfers.fromPartyId, caller.actingPartyId), eq(ownershipTransfers.toPartyId, caller.actingPartyId));
  await expireDue(ctx.db, mine);
  const rows = await ctx.db
    .select()
    .from(ownershipTransfers)
    .where(mine)
    .orderBy(desc(ownershipTransfers.createdAt), desc(ownershipTransfers.id));
  return toTransfers(
    ctx,
    rows.map((row) => ({ row, side: row.fromPartyId === caller.actingPartyId ? ('seller' as const) : ('buyer' as const) })),
  );
}

/** GET /ownership-transfers/{id}?token= */
export async function getTransfer(ctx: AppContext, caller: Caller, id: string, token?: string): Promise<Transfer> {
  const { row, side } = await transferOfCaller(ctx, caller, id, token);
  return toTransfer(ctx, row, side);
}
