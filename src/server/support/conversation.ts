import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../domain/chats.js';
import { LANGUAGES, type Language } from '../../domain/locale.js';
import type { StartVisitorChat, SupportConversation, VisitorChatStarted } from '../../domain/support.js';
import { supportStartedMail } from '../chats/emails.js';
import { addMessage, assertMessageRate } from '../chats/post.js';
import { supportAccessKey, supportVisitorUrl, ticketOfAccessKey } from '../chats/support-link.js';
import { messagesPage, toChatMessage } from '../chats/views.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { chatMessages, chatParticipants, chats, outbox, parties, tickets } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { getFixedT } from '../i18n/index.js';

// The writer's side of a support conversation (§2 /support/chat, issue 14). It is a chat of kind support with one
// participant — the person (their acting party) or a visitor (a party of their own, without an identity) — and a
// ticket of kind support, one per party: writing again continues it, and reopens it when staff had closed it. Staff
// write into the same chat (server/support/staff.ts), so the live channel and the unread mail of chats serve both.
// A visitor reaches theirs only with its access key (chats/support-link.ts); a wrong key is the same 404 as none.

/** The newest messages a conversation answer holds. */
const MESSAGE_LIMIT = 200;
/** How much of the first message names the ticket in the staff's list. */
const REASON_LENGTH = 200;

interface SupportTicketRow {
  id: string;
  chatId: string;
  status: 'open' | 'closed';
  partyId: string;
}

async function ticketOfParty(db: Db, partyId: string): Promise<SupportTicketRow | null> {
  const [row] = await db
    .select({ id: tickets.id, chatId: tickets.chatId, status: tickets.status, partyId: tickets.reporterPartyId })
    .from(tickets)
    .where(and(eq(tickets.kind, 'support'), eq(tickets.reporterPartyId, partyId)));
  return row?.chatId && row.partyId ? { id: row.id, chatId: row.chatId, status: row.status, partyId: row.partyId } : null;
}

async function conversationOf(ctx: AppContext, ticket: SupportTicketRow): Promise<SupportConversation> {
  const rows = await messagesPage(ctx.db, ticket.chatId, { limit: MESSAGE_LIMIT });
  return {
    ticket_id: ticket.id,
    chat_id: ticket.chatId,
    status: ticket.status,
    messages: rows.map((row) => toChatMessage(ctx, row, { partyId: ticket.partyId, role: 'sender' })),
  };
}

/**
 * Adds the writer's message to their conversation, starting it (chat, participant, ticket) when there is none yet and
 * reopening a closed ticket. Call it in a transaction; a lock per party makes two first messages at once take turns.
 */
async function writeToSupport(
  ctx: AppContext,
  tx: Db,
  partyId: string,
  content: string,
  start: { language: Language; visitorEmail?: string; visitorName?: string },
): Promise<{ ticketId: string; message: ChatMessage }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support:${partyId}`}))`);
  let ticket = await ticketOfParty(tx, partyId);
  if (!ticket) {
    const [chat] = await tx.insert(chats).values({ kind: 'support', bikeId: null }).returning({ id: chats.id });
    if (!chat) throw new Error('chat insert returned nothing');
    await tx.insert(chatParticipants).values({ chatId: chat.id, partyId, role: 'sender' });
    const [row] = await tx
      .insert(tickets)
      .values({
        kind: 'support',
        reporterPartyId: partyId,
        chatId: chat.id,
        reason: content.slice(0, REASON_LENGTH),
        language: start.language,
        visitorEmail: start.visitorEmail ?? null,
        visitorName: start.visitorName ?? null,
      })
      .returning({ id: tickets.id });
    if (!row) throw new Error('ticket insert returned nothing');
    ticket = { id: row.id, chatId: chat.id, status: 'open', partyId };
  } else {
    await assertMessageRate(tx, ticket.chatId, partyId, ctx.config.chat.messagesPerMinute);
    if (ticket.status === 'closed') {
      // Writing again reopens it: the person's own doing, not a staff change, so not in the staff's audit log.
      await tx.update(tickets).set({ status: 'open', closedAt: null }).where(eq(tickets.id, ticket.id));
    }
  }
  const { messageId } = await addMessage(tx, { chatId: ticket.chatId, senderPartyId: partyId, content });
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!row) throw new Error('chat message vanished');
  return { ticketId: ticket.id, message: toChatMessage(ctx, row, { partyId, role: 'sender' }) };
}

/** Everything up to now is read by the writer (their unread mail waits for newer answers only). */
async function markRead(db: Db, ticket: SupportTicketRow): Promise<void> {
  await db
    .update(chatParticipants)
    .set({ lastReadAt: sql`now()` })
    .where(and(eq(chatParticipants.chatId, ticket.chatId), eq(chatParticipants.partyId, ticket.partyId)));
}

// ---- A signed-in person ----

/** GET /support/chat: the caller's conversation with support, or null before they first write. */
export async function myConversation(ctx: AppContext, caller: Caller): Promise<SupportConversation | null> {
  const ticket = await ticketOfParty(ctx.db, caller.actingPartyId);
  return ticket ? conversationOf(ctx, ticket) : null;
}

/** POST /support/chat/messages */
export async function writeAsPerson(ctx: AppContext, caller: Caller, content: string): Promise<ChatMessage> {
  const { message } = await ctx.db.transaction((tx) =>
    writeToSupport(ctx, tx, caller.actingPartyId, content, { language: caller.language }),
  );
  return message;
}

/** POST /support/chat/read */
export async function markMineRead(ctx: AppContext, caller: Caller): Promise<void> {
  const ticket = await ticketOfParty(ctx.db, caller.actingPartyId);
  if (!ticket) throw new AppError('chat_not_found');
  await markRead(ctx.db, ticket);
}

// ---- A visitor ----

const startedSubjects = () => LANGUAGES.map((language) => getFixedT(language, 'mail', 'support')('startedSubject'));

/**
 * Whether another "your conversation" mail may go to this address now: anyone can name any address, so at most
 * mailPerRecipientPerHour an hour (counted in the outbox, across instances), like the identity mails.
 */
async function mayMailStarted(ctx: AppContext, tx: Db, to: string): Promise<boolean> {
  const address = to.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail:${address}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        sql`lower(${outbox.to}) = ${address}`,
        inArray(outbox.subject, startedSubjects()),
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return Number(row?.n ?? 0) < ctx.config.mailPerRecipientPerHour;
}

/**
 * POST /support/visitor-chats: a visitor's new conversation. It is always a new one (an address typed here proves
 * nothing, so it never opens anyone's earlier conversation); the key comes back to this browser and goes by mail to
 * the address given, whose owner can then come back from anywhere.
 */
export async function startVisitorChat(ctx: AppContext, input: StartVisitorChat, language: Language): Promise<VisitorChatStarted> {
  const started = await ctx.db.transaction(async (tx) => {
    const [party] = await tx.insert(parties).values({ kind: 'person' }).returning({ id: parties.id });
    if (!party) throw new Error('party insert returned nothing');
    const { ticketId } = await writeToSupport(ctx, tx, party.id, input.content, {
      language,
      visitorEmail: input.email,
      visitorName: input.name,
    });
    const key = supportAccessKey(ctx.config.jwtSecret, ticketId);
    if (await mayMailStarted(ctx, tx, input.email)) {
      await ctx.mailer.enqueue(tx, supportStartedMail(language, input.email, { url: supportVisitorUrl(ctx.config.publicUrl, key) }));
    }
    return key;
  });
  void ctx.mailer.flush();
  return { access_key: started, conversation: await conversationOf(ctx, await visitorTicket(ctx, started)) };
}

/** The visitor's ticket for an access key; 404 chat_not_found for a key we did not make (or a ticket gone). */
async function visitorTicket(ctx: AppContext, key: string | undefined): Promise<SupportTicketRow> {
  const ticketId = key ? ticketOfAccessKey(ctx.config.jwtSecret, key) : null;
  if (!ticketId) throw new AppError('chat_not_found');
  const [row] = await ctx.db
    .select({ id: tickets.id, chatId: tickets.chatId, status: tickets.status, partyId: tickets.reporterPartyId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.kind, 'support')));
  if (!row?.chatId || !row.partyId) throw new AppError('chat_not_found');
  return { id: row.id, chatId: row.chatId, status: row.status, partyId: row.partyId };
}

/** GET /support/visitor-chat (key in the header) */
export async function visitorConversation(ctx: AppContext, key: string | undefined): Promise<SupportConversation> {
  return conversationOf(ctx, await visitorTicket(ctx, key));
}

/** POST /support/visitor-chat/messages */
export async function writeAsVisitor(ctx: AppContext, key: string | undefined, content: string): Promise<ChatMessage> {
  const ticket = await visitorTicket(ctx, key);
  const { message } = await ctx.db.transaction((tx) => writeToSupport(ctx, tx, ticket.partyId, content, { language: 'da' }));
  return message;
}

/** POST /support/visitor-chat/read */
export async function markVisitorRead(ctx: AppContext, key: string | undefined): Promise<void> {
  await markRead(ctx.db, await visitorTicket(ctx, key));
}
