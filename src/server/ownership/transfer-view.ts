import { and, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { PublicBike } from '../../domain/bikes.js';
import type { Transfer } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, ownershipTransfers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { plateIdsOfBikes } from '../plates/service.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { toPublicBike } from '../shared/bike-mapping.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { hashLinkToken } from '../shared/secrets.js';
import { contactOf, identityOf } from './parties.js';

// Reading transfers: who may see one (its seller, or its recipient), lazy expiry, and the answer.

export type TransferRow = typeof ownershipTransfers.$inferSelect;
export type Side = Transfer['my_side'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A confirmation through national ID is still taken this long after the bike was taken over. */
export const CONFIRMATION_DAYS_AFTER_ACCEPT = 30;

/**
 * Marks pending transfers past their expiry as expired (with one transfer_expired event each), in its
 * own transaction so that a refusal afterwards (410) does not roll it back. Concurrent calls are safe:
 * the conditional UPDATE lets only one of them change a row.
 */
export async function expireDue(db: Db, where?: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const expired = await tx
      .update(ownershipTransfers)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(ownershipTransfers.status, 'pending'), lte(ownershipTransfers.expiresAt, now), where))
      .returning();
    for (const row of expired) {
      await recordBikeEvent(tx, { bikeId: row.bikeId, kind: 'transfer_expired', actorPartyId: null, ownershipId: row.fromOwnershipId });
    }
  });
}

/**
 * The recipient: the party named on the transfer (an accepted one, or one made from an ownership
 * request), else whoever holds the email link's secret, or is logged in with the address it went to
 * once that address is verified (an unverified address proves nothing).
 */
export async function isRecipient(db: Db, caller: Caller, row: TransferRow, token: string | undefined): Promise<boolean> {
  if (row.toPartyId) return row.toPartyId === caller.actingPartyId;
  if (token && hashLinkToken(token) === row.tokenHash) return true;
  const identity = await identityOf(db, caller.partyId);
  return Boolean(identity?.emailVerifiedAt) && identity?.email.toLowerCase() === row.toEmail.toLowerCase();
}

/** The caller's side of a transfer, or null when it is none of theirs. */
export async function sideOf(db: Db, caller: Caller, row: TransferRow, token?: string): Promise<Side | null> {
  if (row.fromPartyId === caller.actingPartyId) return 'seller';
  return (await isRecipient(db, caller, row, token)) ? 'buyer' : null;
}

export async function transferRow(db: Db, id: string, options: { lock?: boolean } = {}): Promise<TransferRow> {
  if (!isUuid(id)) throw new AppError('transfer_not_found');
  const query = db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('transfer_not_found');
  return row;
}

/** The transfer and the caller's side of it (after expiring it if due); 404 for anyone else. */
export async function transferOfCaller(
  ctx: AppContext,
  caller: Caller,
  id: string,
  token?: string,
): Promise<{ row: TransferRow; side: Side }> {
  if (!isUuid(id)) throw new AppError('transfer_not_found');
  await expireDue(ctx.db, eq(ownershipTransfers.id, id));
  const row = await transferRow(ctx.db, id);
  const side = await sideOf(ctx.db, caller, row, token);
  if (!side) throw new AppError('transfer_not_found');
  return { row, side };
}

/** Both sides confirmed through national ID after the bike was taken over: there is (or will be at once) a bill of sale. */
export const billOfSaleDue = (row: TransferRow): boolean =>
  row.status === 'accepted' && Boolean(row.sellerApprovedAt && row.buyerApprovedAt);

/** The bike's card as the recipient will get it (the public picture through the owner's signed address). */
async function cardsOf(ctx: AppContext, bikeIds: string[]): Promise<Map<string, PublicBike>> {
  const cards = await publicCardsOf(ctx, bikeIds, { onlyVisible: false, forOwner: true });
  const missing = bikeIds.filter((id) => !cards.has(id));
  if (missing.length > 0) {
    // A bike without a current ownership (cannot happen while transfers cascade with bikes; kept safe).
    const rows = await ctx.db.select().from(bikes).where(inArray(bikes.id, missing));
    const plates = await plateIdsOfBikes(ctx.db, missing);
    for (const bike of rows) cards.set(bike.id, toPublicBike(bike, plates.get(bike.id) ?? null, undefined));
  }
  return cards;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The answers of transfers, each as seen from the given side. */
export async function toTransfers(ctx: AppContext, rows: { row: TransferRow; side: Side }[]): Promise<Transfer[]> {
  const cards = await cardsOf(ctx, [...new Set(rows.map((r) => r.row.bikeId))]);
  const sellerNames = new Map<string, string | null>();
  for (const { row, side } of rows) {
    if (side === 'buyer' && !sellerNames.has(row.fromPartyId)) {
      sellerNames.set(row.fromPartyId, (await contactOf(ctx.db, row.fromPartyId))?.firstName ?? null);
    }
  }
  return rows.flatMap(({ row, side }) => {
    const bike = cards.get(row.bikeId);
    if (!bike) return [];
    return [
      {
        id: row.id,
        bike_id: row.bikeId,
        status: row.status,
        my_side: side,
        to_email: row.toEmail,
        seller_first_name: side === 'buyer' ? (sellerNames.get(row.fromPartyId) ?? null) : null,
        bike,
        hand_over_pictures: row.handOverPictures,
        hand_over_documents: row.handOverDocuments,
        price_dkk: row.priceDkk,
        seller_confirmed_at: iso(row.sellerApprovedAt),
        buyer_confirmed_at: iso(row.buyerApprovedAt),
        has_bill_of_sale: billOfSaleDue(row),
        request_chat_id: row.requestChatId,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        decided_at: iso(row.decidedAt),
      },
    ];
  });
}

export async function toTransfer(ctx: AppContext, row: TransferRow, side: Side): Promise<Transfer> {
  const [answer] = await toTransfers(ctx, [{ row, side }]);
  if (!answer) throw new AppError('transfer_not_found');
  return answer;
}
