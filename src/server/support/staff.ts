import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { findBrand } from '../../domain/bikes/brands.js';
import { normaliseLanguage } from '../../domain/locale.js';
import { STAFF_ROLES } from '../../domain/roles.js';
import type { Assignee, CannedReply, CannedReplyInput, SupportTicket } from '../../domain/support.js';
import { addMessage, assertMessageRate } from '../chats/post.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes, chatMessages, identities, orders, supportCannedReplies, tickets } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange, realActorOf } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';

// The staff's side of support (issue 14): a support ticket with the conversation and, beside it, the writer's bikes,
// orders and payments (read from their own tables); answering (audited ticket.reply); the staff members a ticket can
// be given to; and the canned replies staff pick from, in three languages (each change audited).

const MESSAGE_LIMIT = 500;
const BESIDE_LIMIT = 50;

async function supportTicketRow(ctx: AppContext, ticketId: string) {
  const [row] = isUuid(ticketId)
    ? await ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.kind, 'support')))
    : [];
  if (!row?.chatId) throw new AppError('ticket_not_found');
  return { ...row, chatId: row.chatId };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** GET /backoffice/support/tickets/{id} */
export async function readSupportTicket(ctx: AppContext, ticketId: string): Promise<SupportTicket> {
  const ticket = await supportTicketRow(ctx, ticketId);
  const partyId = ticket.reporterPartyId;
  const [person] = partyId
    ? await ctx.db
        .select({ email: identities.email, first: identities.firstName, last: identities.lastName, language: identities.language })
        .from(identities)
        .where(eq(identities.partyId, partyId))
    : [];
  const [assignee] = ticket.assigneePartyId
    ? await ctx.db
        .select({ party_id: identities.partyId, email: identities.email, first: identities.firstName, last: identities.lastName })
        .from(identities)
        .where(eq(identities.partyId, ticket.assigneePartyId))
    : [];
  const ownBikes =
    person && partyId
      ? await ctx.db
          .select({ bike: bikes, startedAt: bikeOwnerships.startedAt })
          .from(bikeOwnerships)
          .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
          .where(and(eq(bikeOwnerships.partyId, partyId), isNull(bikeOwnerships.endedAt)))
          .orderBy(desc(bikeOwnerships.startedAt))
          .limit(BESIDE_LIMIT)
      : [];
  const ownOrders =
    person && partyId
      ? await ctx.db.select().from(orders).where(eq(orders.partyId, partyId)).orderBy(desc(orders.createdAt)).limit(BESIDE_LIMIT)
      : [];
  const messages = await ctx.db
    .select({ message: chatMessages, staffEmail: identities.email })
    .from(chatMessages)
    .leftJoin(identities, eq(identities.partyId, chatMessages.senderPartyId))
    .where(eq(chatMessages.chatId, ticket.chatId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(MESSAGE_LIMIT);

  return {
    id: ticket.id,
    chat_id: ticket.chatId,
    status: ticket.status,
    created_at: ticket.createdAt.toISOString(),
    closed_at: iso(ticket.closedAt),
    assignee: assignee ? { party_id: assignee.party_id, email: assignee.email, name: fullName(assignee.first, assignee.last) } : null,
    language: normaliseLanguage(person?.language ?? ticket.language),
    requester: {
      party_id: person ? partyId : null,
      email: person?.email ?? ticket.visitorEmail,
      name: person ? fullName(person.first, person.last) : ticket.visitorName,
      visitor: !person && ticket.visitorEmail !== null,
    },
    bikes: ownBikes.map(({ bike }) => ({
      id: bike.id,
      frame_number: bike.frameNumber,
      brand: bike.brandName ?? findBrand(bike.brandId)?.name ?? null,
      model: bike.model,
      reported_stolen: bike.reportedStolen,
      registered_at: bike.createdAt.toISOString(),
    })),
    orders: ownOrders.map((order) => ({
      id: order.id,
      family: order.family,
      status: order.status,
      gross_ore: order.grossOre,
      currency: order.currency,
      created_at: order.createdAt.toISOString(),
      paid_at: iso(order.paidAt),
      refunded_at: iso(order.refundedAt),
    })),
    messages: messages.reverse().map(({ message, staffEmail }) => {
      const fromUser = message.senderPartyId === null || message.senderPartyId === partyId;
      return {
        id: message.id,
        content: message.content,
        from: message.kind === 'system' ? 'system' : fromUser ? 'user' : 'staff',
        staff_email: fromUser ? null : staffEmail,
        created_at: message.createdAt.toISOString(),
      };
    }),
  };
}

/** POST /backoffice/support/tickets/{id}/messages: staff answer; the writer sees it live, or is mailed when it waits. */
export async function replyToSupportTicket(ctx: AppContext, caller: Caller, ticketId: string, content: string): Promise<SupportTicket> {
  const ticket = await supportTicketRow(ctx, ticketId);
  const staffPartyId = realActorOf(caller);
  await ctx.db.transaction(async (tx) => {
    await assertMessageRate(tx, ticket.chatId, staffPartyId, ctx.config.chat.messagesPerMinute);
    const { messageId } = await addMessage(tx, { chatId: ticket.chatId, senderPartyId: staffPartyId, content });
    await auditStaffChange(tx, caller, {
      action: 'ticket.reply',
      record: { type: 'ticket', id: ticket.id },
      targetPartyId: ticket.reporterPartyId,
      before: null,
      after: { message_id: messageId, content },
    });
  });
  return readSupportTicket(ctx, ticket.id);
}

/** GET /backoffice/support/assignees: the staff members and admins, by email. */
export async function listAssignees(ctx: AppContext): Promise<Assignee[]> {
  const rows = await ctx.db
    .select({ party_id: identities.partyId, email: identities.email, first: identities.firstName, last: identities.lastName })
    .from(identities)
    .where(inArray(identities.role, [...STAFF_ROLES]))
    .orderBy(asc(identities.email))
    .limit(200);
  return rows.map((r) => ({ party_id: r.party_id, email: r.email, name: fullName(r.first, r.last) }));
}

const toCanned = (row: typeof supportCannedReplies.$inferSelect): CannedReply => ({
  id: row.id,
  title: row.title,
  body_da: row.bodyDa,
  body_en: row.bodyEn,
  body_no: row.bodyNo,
});

/** GET /backoffice/support/canned-replies, by title. */
export async function listCannedReplies(ctx: AppContext): Promise<CannedReply[]> {
  const rows = await ctx.db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title)).limit(500);
  return rows.map(toCanned);
}

/** POST /backoffice/support/canned-replies (audited support.canned_reply_create). */
export async function createCannedReply(ctx: AppContext, caller: Caller, input: CannedReplyInput): Promise<CannedReply> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({ title: input.title, bodyDa: input.body_da, bodyEn: input.body_en, bodyNo: input.body_no })
      .returning();
    if (!row) throw new Error('canned reply insert returned nothing');
    const reply = toCanned(row);
    await auditStaffChange(tx, caller, {
      action: 'support.canned_reply_create',
      record: { type: 'support_canned_reply', id: row.id },
      before: null,
      after: reply,
    });
    return reply;
  });
}

/** DELETE /backoffice/support/canned-replies/{id} (audited support.canned_reply_delete). */
export async function deleteCannedReply(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning();
    if (!row) throw new AppError('not_found');
    await auditStaffChange(tx, caller, {
      action: 'support.canned_reply_delete',
      record: { type: 'support_canned_reply', id },
      before: toCanned(row),
      after: null,
    });
  });
}
