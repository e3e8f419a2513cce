import { and, eq, gt, sql } from 'drizzle-orm';
import type { ChatKind } from '../../domain/chats.js';
import type { Db } from '../db/client.js';
import { chatMessages, chatParticipants, chats } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// Writing to a conversation, for the chat routes and for other areas (an ownership request is a chat;
// its answers are system messages). Every write tells all API instances through NOTIFY on CHAT_CHANNEL,
// which PostgreSQL delivers when the transaction commits (and never if it rolls back); each instance's
// listener (live.ts) pushes it to the WebSockets of the participants connected to it.

export const CHAT_CHANNEL = 'chat_events';

/** What goes through CHAT_CHANNEL: ids only (NOTIFY payloads are small); listeners read the rest. */
export type ChatNotice =
  | { type: 'message'; chat_id: string; message_id: string }
  | { type: 'chat'; chat_id: string }
  | { type: 'read'; chat_id: string; party_id: string };

export async function notifyChat(tx: Db, notice: ChatNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A chat limit reached (429): the routes answer when to try again in Retry-After, as the rate limiter does. */
export class ChatRateLimitError extends AppError {
  constructor(
    code: 'chat_rate_limited' | 'chat_message_rate_limited',
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }
}

/** Seconds until the oldest counted row leaves the window (`oldest` + `window` seconds), at least one. */
export const secondsUntilFree = (oldest: Date | null, windowSeconds: number): number =>
  Math.max(1, Math.ceil(windowSeconds - (Date.now() - (oldest?.getTime() ?? Date.now())) / 1000));

/**
 * Messages one party may write in one conversation per minute (CHAT_MESSAGES_PER_MINUTE), counted in the
 * database so that the limit holds across instances; a lock per conversation and writer makes requests at
 * the same moment take turns at the count. Call it in the transaction that adds the message.
 */
export async function assertMessageRate(tx: Db, chatId: string, senderPartyId: string, perMinute: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-message:${chatId}:${senderPartyId}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${chatMessages.createdAt})` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.senderPartyId, senderPartyId),
        gt(chatMessages.createdAt, sql`now() - interval '1 minute'`),
      ),
    );
  if (Number(row?.n ?? 0) >= perMinute) {
    throw new ChatRateLimitError('chat_message_rate_limited', secondsUntilFree(row?.oldest ? new Date(row.oldest) : null, 60));
  }
}

export interface NewMessage {
  chatId: string;
  /** Null: a message the system writes (kind system). */
  senderPartyId: string | null;
  content: string;
  latitude?: number | null;
  longitude?: number | null;
  /** What the sender calls the place; only with one. */
  placeLabel?: string | null;
  photoKey?: string | null;
  photoThumbnailKey?: string | null;
}

/** Adds a message, marks it read for its writer, brings the chat back into archived inboxes, and tells every instance. */
export async function addMessage(tx: Db, message: NewMessage): Promise<{ messageId: string; createdAt: Date }> {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId: message.chatId,
      senderPartyId: message.senderPartyId,
      kind: message.senderPartyId ? 'text' : 'system',
      content: message.content,
      latitude: message.latitude ?? null,
      longitude: message.longitude ?? null,
      placeLabel: message.placeLabel ?? null,
      photoKey: message.photoKey ?? null,
      photoThumbnailKey: message.photoThumbnailKey ?? null,
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!row) throw new Error('chat message insert returned nothing');
  await tx.update(chats).set({ lastMessageAt: row.createdAt }).where(eq(chats.id, message.chatId));
  await tx.update(chatParticipants).set({ archivedAt: null }).where(eq(chatParticipants.chatId, message.chatId));
  if (message.senderPartyId) {
    await tx
      .update(chatParticipants)
      .set({ lastReadAt: row.createdAt })
      .where(and(eq(chatParticipants.chatId, message.chatId), eq(chatParticipants.partyId, message.senderPartyId)));
  }
  await notifyChat(tx, { type: 'message', chat_id: message.chatId, message_id: row.id });
  return { messageId: row.id, createdAt: row.createdAt };
}

export interface NewChat {
  bikeId: string;
  kind: ChatKind;
  /** The bike's current owner. */
  ownerPartyId: string;
  /** The one who writes first. */
  senderPartyId: string;
  content: string;
  /** Where the first message says the bike is (a finder's message), if anywhere. */
  latitude?: number | null;
  longitude?: number | null;
  placeLabel?: string | null;
  shareContact?: boolean;
}

/** Starts a conversation between a bike's owner and a sender, with the sender's first message. Call it in a transaction. */
export async function startChat(tx: Db, input: NewChat): Promise<{ chatId: string; messageId: string }> {
  if (input.ownerPartyId === input.senderPartyId) throw new Error('a chat needs two parties');
  const [chat] = await tx.insert(chats).values({ bikeId: input.bikeId, kind: input.kind }).returning({ id: chats.id });
  if (!chat) throw new Error('chat insert returned nothing');
  await tx.insert(chatParticipants).values([
    { chatId: chat.id, partyId: input.ownerPartyId, role: 'owner' },
    { chatId: chat.id, partyId: input.senderPartyId, role: 'sender', sharesContact: input.shareContact ?? false },
  ]);
  const { messageId } = await addMessage(tx, {
    chatId: chat.id,
    senderPartyId: input.senderPartyId,
    content: input.content,
    latitude: input.latitude,
    longitude: input.longitude,
    placeLabel: input.placeLabel,
  });
  return { chatId: chat.id, messageId };
}
