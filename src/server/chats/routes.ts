import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  CHAT_PAGE_SIZE,
  chatMessageSchema,
  chatSummarySchema,
  postMessageSchema,
  reportChatSchema,
  shareContactSchema,
  startChatSchema,
  unreadCountSchema,
} from '../../domain/chats.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { sendError } from '../http/errors.js';
import type { LiveHub } from './live.js';
import { chatPhotoRoutes } from './photo-routes.js';
import { ChatRateLimitError } from './post.js';
import {
  chatSummaryFor,
  markRead,
  participationOf,
  postMessage,
  reportChat,
  setBlock,
  shareContact,
  startConversation,
} from './service.js';
import { chatSummaries, messagesPage, toChatMessage, unreadCountOf } from './views.js';

const tags = ['chats'];
const chatParams = z.object({ chatId: z.string() });
const errorBody = z.object({ detail: z.string(), code: z.string() });

const inboxQuery = z.object({
  q: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(100, { error: 'too_long' }),
      z.refine((q) => q.length === 0 || q.length >= 2, { error: 'too_short' }),
    ),
  ),
});
const pageQuery = z.object({
  before: z.optional(z.iso.datetime({ offset: true, error: 'field_invalid' })),
  limit: z._default(
    z.coerce
      .number({ error: 'field_invalid' })
      .check(
        z.int({ error: 'field_invalid' }),
        z.minimum(1, { error: 'field_invalid' }),
        z.maximum(CHAT_PAGE_SIZE, { error: 'field_invalid' }),
      ),
    CHAT_PAGE_SIZE,
  ),
});

// Chats (§3 Chat draft, §7 Chats, issue 5): anonymous conversations about a bike between its owner and
// someone who writes to them. Every call about one conversation checks first that the caller (the
// party they act as) takes part in it: anyone else gets 404 chat_not_found.
export function chatRoutes(ctx: AppContext, live: LiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    const party = (request: Parameters<typeof callerOf>[0]) => callerOf(request).actingPartyId;
    const participation = (request: Parameters<typeof callerOf>[0] & { params: { chatId: string } }) =>
      participationOf(ctx.db, request.params.chatId, party(request));

    // A chat limit reached answers when to try again, like the rate limiter's 429s (the photo routes too).
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof ChatRateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    app.get(
      '/chats/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My conversations, newest message first; with q (2+ characters) those whose messages contain it',
          querystring: inboxQuery,
          response: { 200: z.array(chatSummarySchema) },
        },
      },
      async (request) => chatSummaries(ctx, party(request), { q: request.query.q || undefined }),
    );

    app.post(
      '/chats/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Write to the owner of a bike (anonymously), optionally with a place (latitude and longitude: where a finder saw it; place_label: what they call it); continues my conversation with them about it if there is one',
          description:
            'The bike must be registered and searchable or reported stolen (404 bike_not_found). Own bike: 422 chat_own_bike. ' +
            'Blocked: 403 chat_blocked. More than CHAT_NEW_PER_HOUR new conversations in an hour: 429 chat_rate_limited; more than CHAT_MESSAGES_PER_MINUTE messages in the conversation in a minute: 429 chat_message_rate_limited (both with Retry-After).',
          body: startChatSchema,
          response: { 201: chatSummarySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await startConversation(ctx, callerOf(request), request.body)),
    );

    app.get(
      '/chats/unread',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Conversations with unread messages, and unread messages in all', response: { 200: unreadCountSchema } },
      },
      async (request) => unreadCountOf(ctx.db, party(request)),
    );

    app.route({
      method: 'GET',
      url: '/chats/live',
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The live channel (WebSocket): new messages and unread counts of my conversations, across all instances',
        description:
          'Open as a WebSocket and send {"type":"auth","token":"<session token>"} first (again with a refreshed token to extend the socket); ' +
          'the server answers {"type":"ready"} and the current {"type":"unread"} counts, then ' +
          'pushes {"type":"message"}, {"type":"unread"} and {"type":"chat"} frames (domain/chats.ts LiveServerFrame). ' +
          'A bad or expired token closes the socket with 4401. A plain GET answers 426.',
        response: { 426: errorBody },
      },
      handler: async (request, reply) => sendError(reply, request, 426, 'websocket_required'),
      wsHandler: (socket) => live.attach(socket),
    });

    app.get(
      '/chats/:chatId',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'One of my conversations', params: chatParams, response: { 200: chatSummarySchema } },
      },
      async (request) => chatSummaryFor(ctx, party(request), request.params.chatId),
    );

    app.get(
      '/chats/:chatId/messages',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Messages of a conversation, oldest first: the newest ${CHAT_PAGE_SIZE} (or limit) before \`before\``,
          params: chatParams,
          querystring: pageQuery,
          response: { 200: z.array(chatMessageSchema) },
        },
      },
      async (request) => {
        const me = await participation(request);
        const before = request.query.before ? new Date(request.query.before) : undefined;
        const rows = await messagesPage(ctx.db, me.chatId, { before, limit: request.query.limit });
        return rows.map((row) => toChatMessage(ctx, row, me));
      },
    );

    app.post(
      '/chats/:chatId/messages',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Write in a conversation, optionally with a place and its place_label (then the text may be empty); 403 chat_blocked when either side has blocked the other; 429 chat_message_rate_limited (with Retry-After) past CHAT_MESSAGES_PER_MINUTE',
          params: chatParams,
          body: postMessageSchema,
          response: { 201: chatMessageSchema },
        },
      },
      async (request, reply) => {
        const me = await participation(request);
        return reply.status(201).send(await postMessage(ctx, me, request.body));
      },
    );

    app.post(
      '/chats/:chatId/read',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Mark the conversation read up to now', params: chatParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await markRead(ctx, await participation(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/chats/:chatId/share-contact',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Show (or stop showing) my email, phone and first name to the other participant',
          params: chatParams,
          body: shareContactSchema,
          response: { 200: chatSummarySchema },
        },
      },
      async (request) => shareContact(ctx, await participation(request), request.body.share),
    );

    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: '/chats/:chatId/block',
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            method === 'POST'
              ? 'Block the other participant: no new conversations or messages between us anywhere'
              : 'Lift my block of the other participant',
          params: chatParams,
          response: { 200: chatSummarySchema },
        },
        handler: async (request) => setBlock(ctx, await participation(request), method === 'POST'),
      });
    }

    app.post(
      '/chats/:chatId/report',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Report the conversation to staff (a ticket); staff may then read it',
          params: chatParams,
          body: reportChatSchema,
          response: { 201: z.object({ ticket_id: z.string() }) },
        },
      },
      async (request, reply) => {
        const me = await participation(request);
        return reply.status(201).send({ ticket_id: await reportChat(ctx, callerOf(request), me, request.body.reason) });
      },
    );

    await app.register(chatPhotoRoutes(ctx));
  };
}
