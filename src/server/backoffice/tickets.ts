import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../domain/roles.js';
import { signedChatPhotoUrl } from '../chats/photo-url.js';
import { notifyChat } from '../chats/post.js';
import type { AppContext } from '../context.js';
import { auditLog, chatMessages, chatParticipants, chats, identities, tickets } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange, realActorOf } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';
import { TICKET_PAGE_SIZE, type Ticket, type TicketDetail, type TicketListQuery } from './tickets-schemas.js';

// Tickets for staff (issue 5): a participant reports a conversation; staff list the tickets, read the
// reported conversation (each read is written to the audit log: staff see what the participants do
// not see of each other) and close the ticket. Support conversations are tickets too (issue 14,
// server/support): staff assign them, close and reopen them, each change audited with before and after.

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
  reporterPartyId: tickets.reporterPartyId,
  reporterEmail: sql<string | null>`coalesce(${identities.email}, ${tickets.visitorEmail})`,
  assigneePartyId: tickets.assigneePartyId,
  assigneeEmail: sql<string | null>`(select a.email from identity a where a.party_id = ${tickets.assigneePartyId})`,
  lastMessageAt: sql<string | null>`(select max(m.created_at) from chat_message m where m.chat_id = ${tickets.chatId})`,
  answered: sql<boolean>`${tickets.kind} = 'support' and coalesce((select m.sender_party_id is distinct from ${tickets.reporterPartyId}
    from chat_message m where m.chat_id = ${tickets.chatId} order by m.created_at desc, m.id desc limit 1), false)`,
};

interface TicketRow {
  id: string;
  kind: 'chat_report' | 'support';
  reason: string;
  status: 'open' | 'closed';
  createdAt: Date;
  closedAt: Date | null;
  chatId: string | null;
  reporterPartyId: string | null;
  reporterEmail: string | null;
  assigneePartyId: string | null;
  assigneeEmail: string | null;
  lastMessageAt: string | Date | null;
  answered: boolean;
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
    assignee_party_id: row.assigneePartyId,
    assignee_email: row.assigneeEmail,
    last_message_at: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    answered: Boolean(row.answered),
  };
}

/** Who really acts (the staff member), for the audit log. */
const actorOf = (caller: Caller) => caller.switchedBy?.partyId ?? caller.partyId;

/** GET /backoffice/tickets?status=&kind=&assignee=&page= : newest first, a page at a time. */
export async function listTickets(ctx: AppContext, caller: Caller, query: TicketListQuery): Promise<Ticket[]> {
  const rows = await ctx.db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(identities, eq(identities.partyId, tickets.reporterPartyId))
    .where(
      and(
        eq(tickets.status, query.status),
        query.kind ? eq(tickets.kind, query.kind) : undefined,
        query.assignee === 'me' ? eq(tickets.assigneePartyId, realActorOf(caller)) : undefined,
        query.assignee === 'none' ? isNull(tickets.assigneePartyId) : undefined,
      ),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(TICKET_PAGE_SIZE)
    .offset((query.page - 1) * TICKET_PAGE_SIZE);
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
  // A support conversation is written to staff: it is read with the person's things beside it (server/support), unaudited.
  if (!ticket.chat_id || ticket.kind === 'support') return { ...ticket, chat: null, messages: [] };
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

/**
 * Sets a ticket's state (close, reopen) or its assignee in one transaction with its audit entry (before and after);
 * a support conversation's watchers (the person, staff) hear of it live. Setting what already holds changes nothing.
 */
async function changeTicket(
  ctx: AppContext,
  caller: Caller,
  ticketId: string,
  action: 'ticket.close' | 'ticket.reopen' | 'ticket.assign',
  change: { status?: 'open' | 'closed'; assigneePartyId?: string | null },
): Promise<Ticket> {
  if (!isUuid(ticketId)) throw new AppError('ticket_not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!row) throw new AppError('ticket_not_found');
    const before = { status: row.status, assignee_party_id: row.assigneePartyId };
    const after = {
      status: change.status ?? row.status,
      assignee_party_id: change.assigneePartyId === undefined ? row.assigneePartyId : change.assigneePartyId,
    };
    if (before.status === after.status && before.assignee_party_id === after.assignee_party_id) return;
    await tx
      .update(tickets)
      .set({
        status: after.status,
        closedAt: after.status === 'closed' ? sql`now()` : null,
        assigneePartyId: after.assignee_party_id,
      })
      .where(eq(tickets.id, ticketId));
    await auditStaffChange(tx, caller, {
      action,
      record: { type: 'ticket', id: ticketId },
      targetPartyId: row.reporterPartyId,
      before,
      after,
    });
    if (row.kind === 'support' && row.chatId) await notifyChat(tx, { type: 'chat', chat_id: row.chatId });
  });
  return ticketById(ctx, ticketId);
}

/** POST /backoffice/tickets/{id}/close (again: no change). */
export function closeTicket(ctx: AppContext, caller: Caller, ticketId: string): Promise<Ticket> {
  return changeTicket(ctx, caller, ticketId, 'ticket.close', { status: 'closed' });
}

/** POST /backoffice/tickets/{id}/reopen (an open one: no change). */
export function reopenTicket(ctx: AppContext, caller: Caller, ticketId: string): Promise<Ticket> {
  return changeTicket(ctx, caller, ticketId, 'ticket.reopen', { status: 'open' });
}

/** POST /backoffice/tickets/{id}/assign: to a staff member or admin (422 otherwise), or to nobody. */
export async function assignTicket(ctx: AppContext, caller: Caller, ticketId: string, assigneePartyId: string | null): Promise<Ticket> {
  if (assigneePartyId !== null) {
    const [person] = await ctx.db.select({ role: identities.role }).from(identities).where(eq(identities.partyId, assigneePartyId));
    if (!person || !STAFF_ROLES.includes(person.role)) throw new AppError('field_invalid', 'assignee_party_id');
  }
  return changeTicket(ctx, caller, ticketId, 'ticket.assign', { assigneePartyId });
}
