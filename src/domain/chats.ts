import * as z from 'zod/mini';
import { publicBikeSchema } from './bikes.js';

// Chats (§3 Chat draft, §7 Chats; issue 5): anonymous conversations about a subject (a bike) between its
// owner and someone who wrote to them. Neither side sees who the other is unless they choose to share
// their contact. The payloads and answers of the chat calls, shared by the routes and the pages.

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_REPORT_REASON_MAX_LENGTH = 1000;
/** What the sender calls a shared place (an address, "outside the station"): the text shown instead of coordinates. */
export const CHAT_PLACE_LABEL_MAX_LENGTH = 200;
/** Messages in one page of a conversation (GET …/messages?before=). */
export const CHAT_PAGE_SIZE = 50;
/** A participant with unread messages gets at most one mail per conversation this often. */
export const CHAT_UNREAD_MAIL_INTERVAL_MINUTES = 60;

export const CHAT_KINDS = ['contact', 'ownership_request'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export const CHAT_ROLES = ['owner', 'sender'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

const messageContent = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(CHAT_MESSAGE_MAX_LENGTH, { error: 'too_long' }));

/** Optional, only with a place; blank is none. */
const placeLabel = z.optional(
  z.nullable(z.string({ error: 'field_invalid' }).check(z.trim(), z.maxLength(CHAT_PLACE_LABEL_MAX_LENGTH, { error: 'too_long' }))),
);

const latitude = z
  .number({ error: 'field_invalid' })
  .check(z.minimum(-90, { error: 'field_invalid' }), z.maximum(90, { error: 'field_invalid' }));
const longitude = z
  .number({ error: 'field_invalid' })
  .check(z.minimum(-180, { error: 'field_invalid' }), z.maximum(180, { error: 'field_invalid' }));

/**
 * POST /api/chats/: start a conversation about a bike (§3 Chat draft: subject id, message content), with
 * an optional place (a finder says where a stolen bike stands; both coordinates or none).
 */
export const startChatSchema = z.object({
  /** The subject: a bike's id. */
  subject_id: z.string({ error: 'field_required' }).check(z.uuid({ error: 'field_invalid' })),
  content: messageContent,
  /** Show my email (and phone) to the owner from the start. */
  share_contact: z.optional(z.boolean({ error: 'field_invalid' })),
  latitude: z.optional(z.nullable(latitude)),
  longitude: z.optional(z.nullable(longitude)),
  place_label: placeLabel,
});
export type StartChat = z.infer<typeof startChatSchema>;

/**
 * POST /api/chats/{chatId}/messages: a message, with an optional place (e.g. where a stolen bike stands).
 * The text may be left out when a place is given (the place says it); otherwise it is required.
 */
export const postMessageSchema = z.object({
  content: z._default(
    z.string({ error: 'field_invalid' }).check(z.trim(), z.maxLength(CHAT_MESSAGE_MAX_LENGTH, { error: 'too_long' })),
    '',
  ),
  latitude: z.optional(z.nullable(latitude)),
  longitude: z.optional(z.nullable(longitude)),
  place_label: placeLabel,
});
export type PostMessage = z.infer<typeof postMessageSchema>;

/** POST /api/chats/{chatId}/share-contact */
export const shareContactSchema = z.object({ share: z.boolean({ error: 'field_invalid' }) });

/** POST /api/chats/{chatId}/report: a ticket for staff. */
export const reportChatSchema = z.object({
  reason: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(CHAT_REPORT_REASON_MAX_LENGTH, { error: 'too_long' })),
});

/** One message as the caller sees it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  kind: z.enum(['text', 'system']),
  content: z.string(),
  /** Written by the caller. */
  mine: z.boolean(),
  /** The writer's role in the conversation; null for a system message. Never who they are. */
  sender_role: z.nullable(z.enum(CHAT_ROLES)),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  /** What the sender called the place (null: they did not say; the place is then shown on a small map). */
  place_label: z.nullable(z.string()),
  /** Signed addresses of a photo sent with the message (only the participants get them). */
  photo_url: z.nullable(z.string()),
  photo_thumbnail_url: z.nullable(z.string()),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The other participant's contact, only when they chose to share it. */
export const sharedContactSchema = z.object({
  email: z.string(),
  phone: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
});

/** A conversation in the caller's inbox, and the header of a conversation. */
export const chatSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** The caller's role: owner of the subject bike, or the one who wrote to the owner. */
  my_role: z.enum(CHAT_ROLES),
  /** The subject bike's public card (null if the bike has been deleted since). */
  bike: z.nullable(publicBikeSchema),
  /** The subject bike's id, also when its card is gone. */
  subject_id: z.nullable(z.string()),
  /** The caller owns the subject bike now (a link to its page makes sense). */
  subject_is_mine: z.boolean(),
  last_message: z.nullable(
    z.object({
      content: z.string(),
      mine: z.boolean(),
      kind: z.enum(['text', 'system']),
      /** A photo, a place came with it (the inbox says so when there is no text). */
      photo: z.boolean(),
      place: z.boolean(),
      place_label: z.nullable(z.string()),
      created_at: z.string(),
    }),
  ),
  last_message_at: z.string(),
  unread_count: z.number(),
  /** I share my contact with the other; the other's contact when they share it. */
  i_share_contact: z.boolean(),
  other_contact: z.nullable(sharedContactSchema),
  /** I have blocked the other participant. */
  blocked: z.boolean(),
  /** The other participant has blocked me (I can read, not write). */
  blocked_by_other: z.boolean(),
  /** For kind ownership_request: the request and its state. */
  ownership_request: z.nullable(z.object({ id: z.string(), status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']) })),
  /** With a search (?q=): the newest message that matched. */
  matched_message: z.optional(z.nullable(z.string())),
  created_at: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** GET /api/chats/unread: for the badge in the header. */
export const unreadCountSchema = z.object({ chats: z.number(), messages: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The live channel, GET /api/chats/live (WebSocket). The client's first frame authenticates:
 * `{"type":"auth","token":"<session token>"}`; the server answers `{"type":"ready"}` (or closes with
 * 4401). Then the server pushes what concerns the caller, across all API instances.
 */
export const liveClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string() }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof liveClientFrameSchema>;

export type LiveServerFrame =
  | { type: 'ready' }
  | { type: 'pong' }
  /** A new message in one of the caller's conversations (also the caller's own, from another tab). */
  | { type: 'message'; chat_id: string; message: ChatMessage }
  /** The caller's unread counts changed (a message arrived, or was read in another tab). */
  | { type: 'unread'; unread: UnreadCount }
  /** Something about the conversation changed (shared contact, block, request state): refetch it. */
  | { type: 'chat'; chat_id: string }
  /** To staff (issue 14): a support conversation changed (a message, its ticket assigned or closed): refetch its ticket. */
  | { type: 'support'; chat_id: string };
