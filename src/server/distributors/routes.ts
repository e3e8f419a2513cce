import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { distributorInputSchema, distributorPageSchema, distributorQuerySchema, distributorSchema } from '../../domain/distributors.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createDistributor, deleteDistributor, findDistributors, updateDistributor } from './service.js';

const params = z.object({ distributorId: z.string() });

// Issue 15: the public list of distributors (/find-distributor) and staff's upkeep of it in the backoffice.
export function distributorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/distributors',
      {
        config: { access: 'public', rateLimit: { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['distributors'],
          summary: 'Shops and partners that sell plates: q is the start of a postcode or a city (case and diacritics ignored), 20 a page',
          querystring: distributorQuerySchema,
          response: { 200: distributorPageSchema },
        },
      },
      async (request) => findDistributors(ctx, request.query),
    );

    app.get(
      '/backoffice/distributors',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags: ['backoffice'],
          summary: 'Distributors as the public list finds them, for staff to keep',
          querystring: distributorQuerySchema,
          response: { 200: distributorPageSchema },
        },
      },
      async (request) => findDistributors(ctx, request.query),
    );

    app.post(
      '/backoffice/distributors',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['backoffice'],
          summary: 'Add a distributor (audited)',
          body: distributorInputSchema,
          response: { 201: distributorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createDistributor(ctx, callerOf(request), request.body)),
    );

    app.put(
      '/backoffice/distributors/:distributorId',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['backoffice'],
          summary: 'Change a distributor (audited)',
          params,
          body: distributorInputSchema,
          response: { 200: distributorSchema },
        },
      },
      async (request) => updateDistributor(ctx, callerOf(request), request.params.distributorId, request.body),
    );

    app.delete(
      '/backoffice/distributors/:distributorId',
      {
        config: { access: 'staff' },
        schema: { tags: ['backoffice'], summary: 'Remove a distributor (audited)', params, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteDistributor(ctx, callerOf(request), request.params.distributorId);
        return reply.status(204).send(null);
      },
    );
  };
}
