import { asc, desc, eq, sql } from 'drizzle-orm';
import { signedChatPhotoUrl } from '../chats/photo-url.js';
import type { AppContext } from '../context.js';
import { auditLog, chatMessages, chatParticipants, chats, identities, tickets } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import type { Ticket, TicketDetail } from './tickets-schemas.js';

// Tickets for staff (issue 5): a participant reports a conversation; staff list the tickets, read the
// reported conversation (each read is written to the audit log: staff see what the participants do
// not see of each other) and close the ticket.

const LIST_LIMIT = 200;
/** The newest messages of a reported conversation staff see. */
const MESSAGE_LIMIT = 500;

const ticketColumns = {
  id: tickets.id,
  kind: tickets.kind,
  reason: tickets.reason,
  status: tickets.status,
  createdAt: tickets.createdAt,
  closedAt: tickets.closedAt,
  chatId: tickets.chatId,
  reporterEmail: identities.email,
};

interface TicketRow {
  id: string;
  kind: 'chat_report';
  reason: string;
  status: 'open' | 'closed';
  createdAt: Date;
  closedAt: Date | null;
  chatId: string | null;
  reporterEmail: string | null;
}

function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    chat_id: row.chatId,
    reporter_email: row.reporterEmail,
  };
}

/** Who really acts (the staff member), for the audit log. */
const actorOf = (caller: Caller) => caller.switchedBy?.partyId ?? caller.partyId;

/** GET /backoffice/tickets?status= : newest first. */
export async function listTickets(ctx: AppContext, status: 'open' | 'closed'): Promise<Ticket[]> {
  const rows = await ctx.db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(identities, eq(identities.partyId, tickets.reporterPartyId))
    .where(eq(tickets.status, status))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(LIST_LIMIT);
  return rows.map(toTicket);
}

async function ticketById(ctx: AppContext, ticketId: string): Promise<Ticket> {
  const [row] = isUuid(ticketId)
    ? await ctx.db
        .select(ticketColumns)
        .from(tickets)
        .leftJoin(identities, eq(identities.partyId, tickets.reporterPartyId))
        .where(eq(tickets.id, ticketId))
    : [];
  if (!row) throw new AppError('ticket_not_found');
  return toTicket(row);
}

/** GET /backoffice/tickets/{id}: the ticket and the reported conversation; the read is audited. */
export async function readTicket(ctx: AppContext, caller: Caller, ticketId: string): Promise<TicketDetail> {
  const ticket = await ticketById(ctx, ticketId);
  if (!ticket.chat_id) return { ...ticket, chat: null, messages: [] };
  const chatId = ticket.chat_id;
  const [chat] = await ctx.db.select().from(chats).where(eq(chats.id, chatId));
  const participants = await ctx.db
    .select({ partyId: chatParticipants.partyId, role: chatParticipants.role, email: identities.email })
    .from(chatParticipants)
    .leftJoin(identities, eq(identities.partyId, chatParticipants.partyId))
    .where(eq(chatParticipants.chatId, chatId))
    .orderBy(asc(chatParticipants.role));
  const newest = await ctx.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(MESSAGE_LIMIT);
  const roles = new Map(participants.map((p) => [p.partyId, p.role]));
  await ctx.db.insert(auditLog).values({
    actorPartyId: actorOf(caller),
    action: 'ticket.read_chat',
    data: { ticket_id: ticket.id, chat_id: chatId, participants: participants.map((p) => p.partyId) },
  });
  return {
    ...ticket,
    chat: chat
      ? {
          id: chat.id,
          kind: chat.kind,
          subject_id: chat.bikeId,
          created_at: chat.createdAt.toISOString(),
          participants: participants.map((p) => ({ party_id: p.partyId, role: p.role, email: p.email })),
        }
      : null,
    messages: newest.reverse().map((m) => ({
      id: m.id,
      kind: m.kind,
      content: m.content,
      sender_role: m.senderPartyId ? (roles.get(m.senderPartyId) ?? null) : null,
      latitude: m.latitude,
      longitude: m.longitude,
      photo_url: m.photoKey ? signedChatPhotoUrl(ctx.config.jwtSecret, m.id, 'full') : null,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** POST /backoffice/tickets/{id}/close (again: no change). */
export async function closeTicket(ctx: AppContext, caller: Caller, ticketId: string): Promise<Ticket> {
  await ticketById(ctx, ticketId);
  await ctx.db.transaction(async (tx) => {
    const closed = await tx
      .update(tickets)
      .set({ status: 'closed', closedAt: sql`now()` })
      .where(sql`${tickets.id} = ${ticketId} and ${tickets.status} = 'open'`)
      .returning({ id: tickets.id });
    if (closed.length > 0)
      await tx.insert(auditLog).values({ actorPartyId: actorOf(caller), action: 'ticket.close', data: { ticket_id: ticketId } });
  });
  return ticketById(ctx, ticketId);
}
