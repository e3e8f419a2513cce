import * as z from 'zod/mini';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessageSchema } from './chats.js';
import { emailSchema } from './identity.js';
import { LANGUAGES } from './locale.js';

// Support conversations (§2 /support/chat, issue 14): a signed-in person, or a visitor who gives their email, writes to
// support; staff answer from the backoffice ticket. The payloads and answers of the calls, shared by routes and pages.

/** The header a visitor's calls carry their conversation's access key in (never in the address: it would be logged). */
export const SUPPORT_KEY_HEADER = 'x-support-key';
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const CANNED_TITLE_MAX_LENGTH = 100;

const content = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(CHAT_MESSAGE_MAX_LENGTH, { error: 'too_long' }));

/** POST /support/chat/messages, /support/visitor-chat/messages and the staff's reply. */
export const supportMessageSchema = z.object({ content });

/** POST /support/visitor-chats: a visitor starts a conversation; its link is mailed to the address given. */
export const startVisitorChatSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(SUPPORT_NAME_MAX_LENGTH, { error: 'too_long' })),
  content,
});
export type StartVisitorChat = z.infer<typeof startVisitorChatSchema>;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;

/** The conversation as its writer sees it: `mine` marks their own messages, the others are support's answers. */
export const supportConversationSchema = z.object({
  ticket_id: z.string(),
  chat_id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** Oldest first (the newest SUPPORT_MESSAGE_LIMIT). */
  messages: z.array(chatMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** The visitor's answer when starting: the key that reaches the conversation (kept in the browser, and mailed). */
export const visitorChatStartedSchema = z.object({ access_key: z.string(), conversation: supportConversationSchema });
export type VisitorChatStarted = z.infer<typeof visitorChatStartedSchema>;

// ---- Staff ----

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body_da: z.string(),
  body_en: z.string(),
  body_no: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

const cannedBody = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(CHAT_MESSAGE_MAX_LENGTH, { error: 'too_long' }));

/** POST /backoffice/support/canned-replies */
export const cannedReplyInputSchema = z.object({
  title: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(CANNED_TITLE_MAX_LENGTH, { error: 'too_long' })),
  body_da: cannedBody,
  body_en: cannedBody,
  body_no: cannedBody,
});
export type CannedReplyInput = z.infer<typeof cannedReplyInputSchema>;

/** A staff member or admin a ticket can be given to. */
export const assigneeSchema = z.object({ party_id: z.string(), email: z.string(), name: z.nullable(z.string()) });
export type Assignee = z.infer<typeof assigneeSchema>;

/** POST /backoffice/tickets/{id}/assign: a staff member or admin, or null to leave it unassigned. */
export const assignTicketSchema = z.object({
  assignee_party_id: z.nullable(z.string({ error: 'field_invalid' }).check(z.uuid({ error: 'field_invalid' }))),
});

const supportMessageForStaff = z.object({
  id: z.string(),
  content: z.string(),
  /** user: the person or visitor; staff: an answer (with who wrote it); system: a note of the system. */
  from: z.enum(['user', 'staff', 'system']),
  staff_email: z.nullable(z.string()),
  created_at: z.string(),
});

/** GET /backoffice/support/tickets/{id}: the conversation, who wrote, and their bikes, orders and payments beside it. */
export const supportTicketSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  assignee: z.nullable(assigneeSchema),
  /** The language to answer in (the canned reply's). */
  language: z.enum(LANGUAGES),
  requester: z.object({
    /** The person's party; null for a visitor. */
    party_id: z.nullable(z.string()),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    /** A visitor gave this email themselves: it is not verified. */
    visitor: z.boolean(),
  }),
  bikes: z.array(
    z.object({
      id: z.string(),
      frame_number: z.nullable(z.string()),
      brand: z.nullable(z.string()),
      model: z.nullable(z.string()),
      reported_stolen: z.boolean(),
      registered_at: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      family: z.string(),
      status: z.string(),
      gross_ore: z.number(),
      currency: z.string(),
      created_at: z.string(),
      paid_at: z.nullable(z.string()),
      refunded_at: z.nullable(z.string()),
    }),
  ),
  messages: z.array(supportMessageForStaff),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
