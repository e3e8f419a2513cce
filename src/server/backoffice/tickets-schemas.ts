import * as z from 'zod/mini';
import { CHAT_KINDS, CHAT_ROLES } from '../../domain/chats.js';

// The staff's view of tickets (a reported conversation): the answers of /api/backoffice/tickets.

export const TICKET_STATUSES = ['open', 'closed'] as const;

export const TICKET_KINDS = ['chat_report', 'support'] as const;
/** Tickets in one page of the list (?page=, from 1). */
export const TICKET_PAGE_SIZE = 50;

export const ticketListQuery = z.object({
  status: z._default(z.enum(TICKET_STATUSES, { error: 'field_invalid' }), 'open'),
  kind: z.optional(z.enum(TICKET_KINDS, { error: 'field_invalid' })),
  /** me: given to the caller; none: given to nobody; left out: anyone's. */
  assignee: z.optional(z.enum(['me', 'none'], { error: 'field_invalid' })),
  page: z._default(
    z.coerce
      .number({ error: 'field_invalid' })
      .check(z.int({ error: 'field_invalid' }), z.minimum(1, { error: 'field_invalid' }), z.maximum(10_000, { error: 'field_invalid' })),
    1,
  ),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const ticketSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_KINDS),
  reason: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  chat_id: z.nullable(z.string()),
  /** Who reported it, or wrote to support (a visitor's address as given; null once their account is deleted). */
  reporter_email: z.nullable(z.string()),
  /** The staff member handling it. */
  assignee_party_id: z.nullable(z.string()),
  assignee_email: z.nullable(z.string()),
  /** The newest message of its conversation, and whether support wrote it (else the ticket waits for an answer). */
  last_message_at: z.nullable(z.string()),
  answered: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket with the reported conversation, which staff may read (each read is audited). */
export const ticketDetailSchema = z.object({
  ...ticketSchema.shape,
  chat: z.nullable(
    z.object({
      id: z.string(),
      kind: z.enum([...CHAT_KINDS, 'support']),
      subject_id: z.nullable(z.string()),
      created_at: z.string(),
      participants: z.array(z.object({ party_id: z.string(), role: z.enum(CHAT_ROLES), email: z.nullable(z.string()) })),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['text', 'system']),
      content: z.string(),
      /** The writer's role; null for a system message or a writer whose account is gone. */
      sender_role: z.nullable(z.enum(CHAT_ROLES)),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
      photo_url: z.nullable(z.string()),
      created_at: z.string(),
    }),
  ),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
