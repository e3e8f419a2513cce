import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { chatMessageSchema } from '../../domain/chats.js';
import {
  assigneeSchema,
  cannedReplyInputSchema,
  cannedReplySchema,
  SUPPORT_KEY_HEADER,
  startVisitorChatSchema,
  supportConversationSchema,
  supportMessageSchema,
  supportTicketSchema,
  visitorChatStartedSchema,
} from '../../domain/support.js';
import { ChatRateLimitError } from '../chats/post.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import {
  markMineRead,
  markVisitorRead,
  myConversation,
  startVisitorChat,
  visitorConversation,
  writeAsPerson,
  writeAsVisitor,
} from './conversation.js';
import {
  createCannedReply,
  deleteCannedReply,
  listAssignees,
  listCannedReplies,
  readSupportTicket,
  replyToSupportTicket,
} from './staff.js';

const tags = ['support'];
const keyHeaders = z.object({ [SUPPORT_KEY_HEADER]: z.optional(z.string()) });
const ticketParams = z.object({ ticketId: z.string() });

// Support conversations (§2 /support/chat, issue 14): the writer's calls (a signed-in person; a visitor with the
// access key of their conversation in a header) and the staff's (the ticket with the person's bikes and orders beside
// it, answers, assignees and canned replies). Assigning, closing and reopening are the tickets' calls (backoffice).
export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof ChatRateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    });
    const visitorKey = (request: { headers: Record<string, unknown> }) => {
      const value = request.headers[SUPPORT_KEY_HEADER];
      return typeof value === 'string' ? value : undefined;
    };

    app.get(
      '/support/chat',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My conversation with support (as the party I act as), or null before I first write',
          response: { 200: z.nullable(supportConversationSchema) },
        },
      },
      async (request) => myConversation(ctx, callerOf(request)),
    );

    app.post(
      '/support/chat/messages',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Write to support: starts my conversation, continues it, or reopens it when it was closed',
          description: 'More than CHAT_MESSAGES_PER_MINUTE messages in a minute: 429 chat_message_rate_limited (with Retry-After).',
          body: supportMessageSchema,
          response: { 201: chatMessageSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await writeAsPerson(ctx, callerOf(request), request.body.content)),
    );

    app.post(
      '/support/chat/read',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Mark my conversation with support read up to now', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await markMineRead(ctx, callerOf(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/support/visitor-chats',
      {
        config: { access: 'public', rateLimit: { max: ctx.config.chat.newPerHour, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'A visitor writes to support: a new conversation, whose access key is answered and mailed to the address given',
          description:
            'The key reaches the conversation (header x-support-key); it is never a way into another conversation, also not one ' +
            'started with the same address. The mail goes at most MAIL_PER_RECIPIENT_PER_HOUR times an hour to one address.',
          body: startVisitorChatSchema,
          response: { 201: visitorChatStartedSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await startVisitorChat(ctx, request.body, requestLanguage(request))),
    );

    app.get(
      '/support/visitor-chat',
      {
        config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A visitor’s conversation with support, by its access key (header x-support-key; any other key: 404)',
          headers: keyHeaders,
          response: { 200: supportConversationSchema },
        },
      },
      async (request) => visitorConversation(ctx, visitorKey(request)),
    );

    app.post(
      '/support/visitor-chat/messages',
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A visitor writes again in their conversation (header x-support-key); reopens it when closed',
          headers: keyHeaders,
          body: supportMessageSchema,
          response: { 201: chatMessageSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await writeAsVisitor(ctx, visitorKey(request), request.body.content)),
    );

    app.post(
      '/support/visitor-chat/read',
      {
        config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { tags, summary: 'A visitor has read their conversation up to now', headers: keyHeaders, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await markVisitorRead(ctx, visitorKey(request));
        return reply.status(204).send(null);
      },
    );

    // ---- Staff ----

    app.get(
      '/backoffice/support/tickets/:ticketId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'A support ticket: the conversation, who wrote, their bikes, orders and payments',
          params: ticketParams,
          response: { 200: supportTicketSchema },
        },
      },
      async (request) => readSupportTicket(ctx, request.params.ticketId),
    );

    app.post(
      '/backoffice/support/tickets/:ticketId/messages',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Answer a support ticket (audited ticket.reply); the writer sees it live or is mailed',
          params: ticketParams,
          body: supportMessageSchema,
          response: { 201: supportTicketSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await replyToSupportTicket(ctx, callerOf(request), request.params.ticketId, request.body.content)),
    );

    app.get(
      '/backoffice/support/assignees',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'The staff members and admins a ticket can be given to', response: { 200: z.array(assigneeSchema) } },
      },
      async () => listAssignees(ctx),
    );

    app.get(
      '/backoffice/support/canned-replies',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'The canned replies, by title', response: { 200: z.array(cannedReplySchema) } },
      },
      async () => listCannedReplies(ctx),
    );

    app.post(
      '/backoffice/support/canned-replies',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Add a canned reply, in Danish, English and Norwegian (audited)',
          body: cannedReplyInputSchema,
          response: { 201: cannedReplySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createCannedReply(ctx, callerOf(request), request.body)),
    );

    app.delete(
      '/backoffice/support/canned-replies/:id',
      {
        config: { access: 'staff' },
        schema: { tags, summary: 'Remove a canned reply (audited)', params: z.object({ id: z.string() }), response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteCannedReply(ctx, callerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
