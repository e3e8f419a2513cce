import { and, eq, or } from 'drizzle-orm';
import type { OwnershipRequest } from '../../domain/ownership.js';
import { addMessage, startChat } from '../chats/post.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { chatBlocks, ownershipRequests, ownershipTransfers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { ownershipEmails } from './emails.js';
import { contactOf } from './parties.js';
import { cardOf, registeredBike } from './request-lookup.js';
import { expireDue, isUuid } from './transfer-view.js';
import { createTransfer, receiveUrl, withPendingAs409 } from './transfers.js';

// Asking for a bike one holds that is registered to someone else (§2 request-ownership): the request is
// a conversation with the owner (kind ownership_request), who accepts (a transfer to the requester) or
// declines; the requester may withdraw. The answers are system messages in the conversation (keys the
// pages translate: ownership_request_accepted, …), so each side reads them in their own language.

type RequestRow = typeof ownershipRequests.$inferSelect;
type RequestSide = OwnershipRequest['my_side'];

async function toRequest(ctx: AppContext, caller: Caller, row: RequestRow, side: RequestSide): Promise<OwnershipRequest> {
  // Every bike has a current ownership (a transfer starts the next one as it ends the last).
  const found = await registeredBike(ctx.db, row.bikeId);
  const card = found ? await cardOf(ctx, found.bike, found.ownership.partyId === caller.actingPartyId) : undefined;
  if (!card) throw new AppError('request_not_found');
  return {
    id: row.id,
    bike_id: row.bikeId,
    chat_id: row.chatId,
    status: row.status,
    my_side: side,
    bike: card,
    transfer_id: row.transferId,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** The owner of the bike has blocked the caller (or the other way round): no request between them. */
async function blocked(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blocker: chatBlocks.blockerPartyId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerPartyId, a), eq(chatBlocks.blockedPartyId, b)),
        and(eq(chatBlocks.blockerPartyId, b), eq(chatBlocks.blockedPartyId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const chatUrl = (ctx: AppContext, chatId: string) => `${ctx.config.publicUrl}/app/chats/${chatId}`;

/** POST /bikes/{bikeId}/ownership-requests */
export async function requestOwnership(ctx: AppContext, caller: Caller, bikeId: string, content: string): Promise<OwnershipRequest> {
  let row: RequestRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const found = await registeredBike(tx, bikeId);
      if (!found) throw new AppError('bike_not_found');
      const { bike, ownership } = found;
      if (ownership.partyId === caller.actingPartyId) throw new AppError('request_own_bike', 'bike_id');
      if (await blocked(tx, ownership.partyId, caller.actingPartyId)) throw new AppError('chat_blocked');
      const [pending] = await tx
        .select({ id: ownershipRequests.id })
        .from(ownershipRequests)
        .where(
          and(
            eq(ownershipRequests.bikeId, bike.id),
            eq(ownershipRequests.requesterPartyId, caller.actingPartyId),
            eq(ownershipRequests.status, 'pending'),
          ),
        );
      if (pending) throw new AppError('request_pending');
      const { chatId } = await startChat(tx, {
        bikeId: bike.id,
        kind: 'ownership_request',
        ownerPartyId: ownership.partyId,
        senderPartyId: caller.actingPartyId,
        content,
      });
      const [row] = await tx
        .insert(ownershipRequests)
        .values({ bikeId: bike.id, requesterPartyId: caller.actingPartyId, ownerPartyId: ownership.partyId, chatId })
        .returning();
      if (!row) throw new Error('ownership request insert returned nothing');
      await recordBikeEvent(tx, {
        bikeId: bike.id,
        kind: 'ownership_requested',
        actorPartyId: caller.actingPartyId,
        ownershipId: ownership.id,
      });
      const owner = await contactOf(tx, ownership.partyId);
      if (owner?.email) {
        const mail = ownershipEmails.requestReceived(owner.language, owner.email, {
          bike: bikeLabel(owner.language, bike),
          url: chatUrl(ctx, chatId),
        });
        await ctx.mailer.enqueue(tx, { ...mail, partyId: owner.kind === 'person' ? owner.partyId : null });
      }
      return row;
    });
  } catch (err) {
    // Two requests at once: the partial unique index lets one through.
    if (!(err instanceof AppError) && isUniqueViolation(err)) throw new AppError('request_pending');
    throw err;
  }
  void ctx.mailer.flush();
  return toRequest(ctx, caller, row, 'requester');
}

async function requestRow(db: Db, id: string, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw new AppError('request_not_found');
  const query = db.select().from(ownershipRequests).where(eq(ownershipRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('request_not_found');
  return row;
}

function sideOfRequest(caller: Caller, row: RequestRow): RequestSide | null {
  if (row.ownerPartyId === caller.actingPartyId) return 'owner';
  if (row.requesterPartyId === caller.actingPartyId) return 'requester';
  return null;
}

/** GET /ownership-requests/{id}: for its owner and its requester; 404 for anyone else. */
export async function getRequest(ctx: AppContext, caller: Caller, id: string): Promise<OwnershipRequest> {
  const row = await requestRow(ctx.db, id);
  const side = sideOfRequest(caller, row);
  if (!side) throw new AppError('request_not_found');
  return toRequest(ctx, caller, row, side);
}

/** The pending request, locked, when the caller is on `side` of it. */
async function pendingRequest(tx: Db, caller: Caller, id: string, side: RequestSide): Promise<RequestRow> {
  const row = await requestRow(tx, id, true);
  const mine = sideOfRequest(caller, row);
  if (!mine) throw new AppError('request_not_found');
  if (mine !== side) throw new AppError('forbidden');
  if (row.status !== 'pending') throw new AppError('request_not_pending');
  return row;
}

async function decide(tx: Db, row: RequestRow, status: 'accepted' | 'declined' | 'withdrawn', transferId: string | null = null) {
  const [updated] = await tx
    .update(ownershipRequests)
    .set({ status, decidedAt: new Date(), transferId })
    .where(eq(ownershipRequests.id, row.id))
    .returning();
  if (!updated) throw new AppError('request_not_found');
  const kind = `ownership_request_${status}` as const;
  await addMessage(tx, { chatId: row.chatId, senderPartyId: null, content: kind });
  return { updated, kind };
}

/** POST /ownership-requests/{id}/accept: the owner hands the bike over to the requester (a transfer addressed to them). */
export async function acceptRequest(ctx: AppContext, caller: Caller, id: string): Promise<OwnershipRequest> {
  const seen = await requestRow(ctx.db, id);
  await expireDue(ctx.db, eq(ownershipTransfers.bikeId, seen.bikeId));
  const row = await withPendingAs409(() =>
    ctx.db.transaction(async (tx) => {
      const request = await pendingRequest(tx, caller, id, 'owner');
      const found = await registeredBike(tx, request.bikeId);
      // The bike changed hands since the request was made.
      if (!found || found.ownership.partyId !== request.ownerPartyId) throw new AppError('request_not_pending');
      const requester = await contactOf(tx, request.requesterPartyId);
      const { row: transfer } = await createTransfer(tx, {
        bike: found.bike,
        ownership: found.ownership,
        actorPartyId: caller.actingPartyId,
        toEmail: requester?.email ?? '',
        toPartyId: request.requesterPartyId,
        requestChatId: request.chatId,
      });
      const { updated } = await decide(tx, request, 'accepted', transfer.id);
      await recordBikeEvent(tx, {
        bikeId: request.bikeId,
        kind: 'ownership_request_accepted',
        actorPartyId: caller.actingPartyId,
        ownershipId: found.ownership.id,
      });
      if (requester?.email) {
        const mail = ownershipEmails.requestAccepted(requester.language, requester.email, {
          bike: bikeLabel(requester.language, found.bike),
          url: receiveUrl(ctx, transfer.id),
        });
        await ctx.mailer.enqueue(tx, { ...mail, partyId: requester.kind === 'person' ? requester.partyId : null });
      }
      return updated;
    }),
  );
  void ctx.mailer.flush();
  return toRequest(ctx, caller, row, 'owner');
}

/** POST /ownership-requests/{id}/decline (the owner) */
export async function declineRequest(ctx: AppContext, caller: Caller, id: string): Promise<OwnershipRequest> {
  const row = await ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, caller, id, 'owner');
    const { updated } = await decide(tx, request, 'declined');
    const found = await registeredBike(tx, request.bikeId);
    await recordBikeEvent(tx, {
      bikeId: request.bikeId,
      kind: 'ownership_request_declined',
      actorPartyId: caller.actingPartyId,
      ownershipId: found?.ownership.id ?? null,
    });
    const requester = await contactOf(tx, request.requesterPartyId);
    if (requester?.email && found) {
      const mail = ownershipEmails.requestDeclined(requester.language, requester.email, {
        bike: bikeLabel(requester.language, found.bike),
        url: chatUrl(ctx, request.chatId),
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: requester.kind === 'person' ? requester.partyId : null });
    }
    return updated;
  });
  void ctx.mailer.flush();
  return toRequest(ctx, caller, row, 'owner');
}

/** POST /ownership-requests/{id}/withdraw (the requester) */
export async function withdrawRequest(ctx: AppContext, caller: Caller, id: string): Promise<OwnershipRequest> {
  const row = await ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, caller, id, 'requester');
    const { updated } = await decide(tx, request, 'withdrawn');
    const found = await registeredBike(tx, request.bikeId);
    await recordBikeEvent(tx, {
      bikeId: request.bikeId,
      kind: 'ownership_request_withdrawn',
      actorPartyId: caller.actingPartyId,
      ownershipId: found?.ownership.id ?? null,
    });
    return updated;
  });
  return toRequest(ctx, caller, row, 'requester');
}
