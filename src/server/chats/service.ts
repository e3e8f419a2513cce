import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ChatMessage, ChatSummary, PostMessage, StartChat } from '../../domain/chats.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, chatBlocks, chatMessages, chatParticipants, chats, tickets } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { assertMayWrite, blockedBetween, type Participation, participationOf } from './access.js';
import { addMessage, assertMessageRate, ChatRateLimitError, notifyChat, secondsUntilFree, startChat } from './post.js';
import { chatSummaries, rowsOf, toChatMessage } from './views.js';

// The chat calls that change something (§7 Chats, issue 5). Each runs in one transaction; NOTIFY at
// commit tells every instance's live listener (live.ts), which pushes the change to the participants.

/** The conversation as the party sees it; 404 if they are not in it. */
export async function chatSummaryFor(ctx: AppContext, partyId: string, chatId: string): Promise<ChatSummary> {
  const [summary] = isUuid(chatId) ? await chatSummaries(ctx, partyId, { chatId }) : [];
  if (!summary) throw new AppError('chat_not_found');
  return summary;
}

/** The subject bike's current owner, if the bike is registered and shown to strangers (searchable or reported stolen). */
async function ownerOfVisibleBike(db: Db, bikeId: string): Promise<string> {
  const [row] = await db
    .select({ ownerPartyId: bikeOwnerships.partyId })
    .from(bikes)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(and(eq(bikes.id, bikeId), or(eq(bikes.searchable, true), eq(bikes.reportedStolen, true))));
  if (!row) throw new AppError('bike_not_found');
  return row.ownerPartyId;
}

/**
 * POST /chats/: writes to a bike's owner (the first message may carry a place: where a finder saw the
 * bike). A 'contact' conversation the caller already has with the
 * owner about this bike gets the message instead of a new one. New conversations are limited per
 * hour (CHAT_NEW_PER_HOUR), counted in the database so the limit holds across instances; an advisory
 * lock per party makes concurrent requests take turns at the count.
 */
export async function startConversation(ctx: AppContext, caller: Caller, input: StartChat): Promise<ChatSummary> {
  const me = caller.actingPartyId;
  const place = assertPlace(input) ? { latitude: input.latitude, longitude: input.longitude, placeLabel: input.place_label || null } : {};
  const ownerPartyId = await ownerOfVisibleBike(ctx.db, input.subject_id);
  if (ownerPartyId === me) throw new AppError('chat_own_bike', 'subject_id');
  if (await blockedBetween(ctx.db, me, ownerPartyId)) throw new AppError('chat_blocked');
  const chatId = await ctx.db.transaction(async (tx) => {
    // First, so that two first messages sent at once end in one conversation and are counted one by one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-new:${me}`}))`);
    const existing = await existingContactChat(tx, input.subject_id, me, ownerPartyId);
    if (existing) {
      await assertMessageRate(tx, existing, me, ctx.config.chat.messagesPerMinute);
      await addMessage(tx, { chatId: existing, senderPartyId: me, content: input.content, ...place });
      if (input.share_contact) await setSharesContact(tx, existing, me, true);
      return existing;
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${chats.createdAt})` })
      .from(chats)
      .innerJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
      .where(
        and(eq(chatParticipants.partyId, me), eq(chatParticipants.role, 'sender'), gt(chats.createdAt, sql`now() - interval '1 hour'`)),
      );
    if (Number(count?.n ?? 0) >= ctx.config.chat.newPerHour) {
      throw new ChatRateLimitError('chat_rate_limited', secondsUntilFree(count?.oldest ? new Date(count.oldest) : null, 3600));
    }
    const started = await startChat(tx, {
      bikeId: input.subject_id,
      kind: 'contact',
      ownerPartyId,
      senderPartyId: me,
      content: input.content,
      ...place,
      shareContact: input.share_contact ?? false,
    });
    return started.chatId;
  });
  return chatSummaryFor(ctx, me, chatId);
}

async function existingContactChat(tx: Db, bikeId: string, me: string, owner: string): Promise<string | undefined> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select c.id from chat c
      join chat_participant a on a.chat_id = c.id and a.party_id = ${me}
      join chat_participant b on b.chat_id = c.id and b.party_id = ${owner}
      where c.bike_id = ${bikeId} and c.kind = 'contact'
      order by c.created_at limit 1`),
  );
  return row ? String(row.id) : undefined;
}

/** A place is both coordinates or none, and only a place has a label; true when there is one. */
function assertPlace(input: { latitude?: number | null; longitude?: number | null; place_label?: string | null }): boolean {
  const hasLatitude = input.latitude !== undefined && input.latitude !== null;
  const hasLongitude = input.longitude !== undefined && input.longitude !== null;
  if (hasLatitude !== hasLongitude) throw new AppError('field_required', hasLatitude ? 'longitude' : 'latitude');
  if (!hasLatitude && input.place_label) throw new AppError('field_required', 'latitude');
  return hasLatitude;
}

/** POST /chats/{chatId}/messages (and the photo variant, which stores the files first). */
export async function postMessage(
  ctx: AppContext,
  participation: Participation,
  input: PostMessage & { photoKey?: string; photoThumbnailKey?: string },
): Promise<ChatMessage> {
  const hasPlace = assertPlace(input);
  // Some text, a place or a photo: a message says something.
  if (!input.content && !hasPlace && !input.photoKey) throw new AppError('field_required', 'content');
  await assertMayWrite(ctx.db, participation);
  const row = await ctx.db.transaction(async (tx) => {
    await assertMessageRate(tx, participation.chatId, participation.partyId, ctx.config.chat.messagesPerMinute);
    const { messageId } = await addMessage(tx, {
      chatId: participation.chatId,
      senderPartyId: participation.partyId,
      content: input.content,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      placeLabel: (hasPlace && input.place_label) || null,
      photoKey: input.photoKey ?? null,
      photoThumbnailKey: input.photoThumbnailKey ?? null,
    });
    const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    return message;
  });
  if (!row) throw new Error('message vanished');
  return toChatMessage(ctx, row, participation);
}

/** POST /chats/{chatId}/read: everything up to now is read; the caller's other tabs hear it. */
export async function markRead(ctx: AppContext, participation: Participation): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(chatParticipants)
      .set({ lastReadAt: sql`now()` })
      .where(and(eq(chatParticipants.chatId, participation.chatId), eq(chatParticipants.partyId, participation.partyId)));
    await notifyChat(tx, { type: 'read', chat_id: participation.chatId, party_id: participation.partyId });
  });
}

async function setSharesContact(tx: Db, chatId: string, partyId: string, share: boolean): Promise<void> {
  await tx
    .update(chatParticipants)
    .set({ sharesContact: share })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.partyId, partyId)));
  await notifyChat(tx, { type: 'chat', chat_id: chatId });
}

/** POST /chats/{chatId}/share-contact */
export async function shareContact(ctx: AppContext, participation: Participation, share: boolean): Promise<ChatSummary> {
  await ctx.db.transaction((tx) => setSharesContact(tx, participation.chatId, participation.partyId, share));
  return chatSummaryFor(ctx, participation.partyId, participation.chatId);
}

/** POST and DELETE /chats/{chatId}/block: blocks (or unblocks) the other participant everywhere. */
export async function setBlock(ctx: AppContext, participation: Participation, block: boolean): Promise<ChatSummary> {
  const other = participation.other;
  if (other) {
    await ctx.db.transaction(async (tx) => {
      if (block) {
        await tx
          .insert(chatBlocks)
          .values({ blockerPartyId: participation.partyId, blockedPartyId: other.partyId, chatId: participation.chatId })
          .onConflictDoNothing();
      } else {
        await tx
          .delete(chatBlocks)
          .where(and(eq(chatBlocks.blockerPartyId, participation.partyId), eq(chatBlocks.blockedPartyId, other.partyId)));
      }
      await notifyChat(tx, { type: 'chat', chat_id: participation.chatId });
    });
  }
  return chatSummaryFor(ctx, participation.partyId, participation.chatId);
}

/** POST /chats/{chatId}/report: a ticket for staff, who may then read the conversation. */
export async function reportChat(ctx: AppContext, caller: Caller, participation: Participation, reason: string): Promise<string> {
  const [ticket] = await ctx.db
    .insert(tickets)
    .values({ kind: 'chat_report', reporterPartyId: caller.partyId, chatId: participation.chatId, reason })
    .returning({ id: tickets.id });
  if (!ticket) throw new Error('ticket insert returned nothing');
  return ticket.id;
}

export { participationOf };
