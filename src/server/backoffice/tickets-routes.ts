import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { closeTicket, listTickets, readTicket } from './tickets.js';
import { ticketDetailSchema, ticketListQuery, ticketSchema } from './tickets-schemas.js';

const tags = ['backoffice'];
const params = z.object({ ticketId: z.string() });

// Tickets for staff: reported conversations (issue 5). Staff, admins and revisors read; staff and admins close.
export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/tickets',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Tickets (reported conversations), newest first; status open (default) or closed',
          querystring: ticketListQuery,
          response: { 200: z.array(ticketSchema) },
        },
      },
      async (request) => listTickets(ctx, request.query.status),
    );

    app.get(
      '/backoffice/tickets/:ticketId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'A ticket with the reported conversation (the read is written to the audit log)',
          params,
          response: { 200: ticketDetailSchema },
        },
      },
      async (request) => readTicket(ctx, callerOf(request), request.params.ticketId),
    );

    app.post(
      '/backoffice/tickets/:ticketId/close',
      {
        config: { access: 'staff' },
        schema: { tags, summary: 'Close a ticket', params, response: { 200: ticketSchema } },
      },
      async (request) => closeTicket(ctx, callerOf(request), request.params.ticketId),
    );
  };
}
