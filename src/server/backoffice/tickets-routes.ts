import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { assignTicketSchema } from '../../domain/support.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { assignTicket, closeTicket, listTickets, readTicket, reopenTicket } from './tickets.js';
import { ticketDetailSchema, ticketListQuery, ticketSchema } from './tickets-schemas.js';

const tags = ['backoffice'];
const params = z.object({ ticketId: z.string() });

// Tickets for staff: reported conversations (issue 5) and support conversations (issue 14). Staff, admins and revisors
// read; staff and admins close, reopen and assign.
export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/tickets',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary:
            'Tickets (reported conversations, support conversations), newest first, TICKET_PAGE_SIZE a page; status open (default) or closed, kind, assignee me or none',
          querystring: ticketListQuery,
          response: { 200: z.array(ticketSchema) },
        },
      },
      async (request) => listTickets(ctx, callerOf(request), request.query),
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
        schema: { tags, summary: 'Close a ticket (audited ticket.close)', params, response: { 200: ticketSchema } },
      },
      async (request) => closeTicket(ctx, callerOf(request), request.params.ticketId),
    );

    app.post(
      '/backoffice/tickets/:ticketId/reopen',
      {
        config: { access: 'staff' },
        schema: { tags, summary: 'Open a closed ticket again (audited ticket.reopen)', params, response: { 200: ticketSchema } },
      },
      async (request) => reopenTicket(ctx, callerOf(request), request.params.ticketId),
    );

    app.post(
      '/backoffice/tickets/:ticketId/assign',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Give a ticket to a staff member or admin, or to nobody (null); audited ticket.assign',
          params,
          body: assignTicketSchema,
          response: { 200: ticketSchema },
        },
      },
      async (request) => assignTicket(ctx, callerOf(request), request.params.ticketId, request.body.assignee_party_id),
    );
  };
}
