import * as z from 'zod/mini';
import { CHAT_KINDS, CHAT_ROLES } from '../../domain/chats.js';

// The staff's view of tickets (a reported conversation): the answers of /api/backoffice/tickets.

export const TICKET_STATUSES = ['open', 'closed'] as const;

export const ticketListQuery = z.object({ status: z._default(z.enum(TICKET_STATUSES, { error: 'field_invalid' }), 'open') });

export const ticketSchema = z.object({
  id: z.string(),
  kind: z.enum(['chat_report']),
  reason: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  chat_id: z.nullable(z.string()),
  /** Who reported it (null once their account is deleted). */
  reporter_email: z.nullable(z.string()),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket with the reported conversation, which staff may read (each read is audited). */
export const ticketDetailSchema = z.object({
  ...ticketSchema.shape,
  chat: z.nullable(
    z.object({
      id: z.string(),
      kind: z.enum(CHAT_KINDS),
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
