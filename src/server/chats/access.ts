import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ChatRole } from '../../domain/chats.js';
import type { Db } from '../db/client.js';
import { chatBlocks, chatParticipants, chats } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';

// The check every chat call makes: the caller (their acting party) takes part in the conversation.
// Anyone else gets 404 chat_not_found, the same as for a conversation that does not exist, so a
// stranger never learns that it does. A support conversation (issue 14) is not reached through the chat
// calls: it has its own (server/support), which reopen its ticket and answer in its own shape.

export interface Participation {
  chatId: string;
  partyId: string;
  role: ChatRole;
  /** The other participant; undefined once they deleted their account. */
  other: { partyId: string; role: ChatRole } | undefined;
}

export async function participationOf(db: Db, chatId: string, partyId: string): Promise<Participation> {
  if (!isUuid(chatId)) throw new AppError('chat_not_found');
  const rows = await db
    .select({ partyId: chatParticipants.partyId, role: chatParticipants.role })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(and(eq(chatParticipants.chatId, chatId), ne(chats.kind, 'support')));
  const me = rows.find((r) => r.partyId === partyId);
  if (!me) throw new AppError('chat_not_found');
  const other = rows.find((r) => r.partyId !== partyId);
  return { chatId, partyId, role: me.role, other: other ? { partyId: other.partyId, role: other.role } : undefined };
}

/** Whether either party has blocked the other (a block holds everywhere: no new chats, no messages between them). */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerPartyId, a), eq(chatBlocks.blockedPartyId, b)),
        and(eq(chatBlocks.blockerPartyId, b), eq(chatBlocks.blockedPartyId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** 403 chat_blocked when a message between the two may not be written. */
export async function assertMayWrite(db: Db, participation: Participation): Promise<void> {
  if (participation.other && (await blockedBetween(db, participation.partyId, participation.other.partyId))) {
    throw new AppError('chat_blocked');
  }
}
