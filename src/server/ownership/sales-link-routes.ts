import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { createSalesLinkSchema, salesLinkSchema, salesProofSchema } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createSalesLink, listSalesLinks, revokeSalesLink, salesProof } from './sales-links-service.js';

const tags = ['ownership'];
const bikeParams = z.object({ bikeId: z.string() });
const linkParams = z.object({ id: z.string().check(z.maxLength(100, { error: 'too_long' })) });

// Selling proof (issue 5): the owner makes, lists and revokes links; anyone with a link sees the proof.
export function salesLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The public proof is limited like search (SEARCH_RATE_LIMIT_PER_MINUTE): enough for buyers opening an
  // ad, slow for anyone trying ids (which are 128 random bits anyway).
  const rateLimit = { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' };
  return async (app) => {
    app.post(
      '/bikes/:bikeId/sales-links',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Make a public link for a sales ad (valid `days`, default 14, at most 30)',
          description: 'A bike reported stolen gets none: 409 bike_reported_stolen.',
          params: bikeParams,
          body: createSalesLinkSchema,
          response: { 201: salesLinkSchema },
        },
      },
      async (request, reply) => {
        const link = await createSalesLink(ctx, callerOf(request), request.params.bikeId, request.body.days);
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/bikes/:bikeId/sales-links',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The sales links of my current ownership of the bike, newest first',
          params: bikeParams,
          response: { 200: z.array(salesLinkSchema) },
        },
      },
      async (request) => listSalesLinks(ctx, callerOf(request), request.params.bikeId),
    );

    app.delete(
      '/sales-links/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Revoke one of my sales links; it stops working at once',
          params: linkParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await revokeSalesLink(ctx, callerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/sales-links/:id',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: 'The proof behind a sales link, as of now: the bike’s public card, owner ID-verified, not reported stolen',
          description:
            'Never the owner’s name or contact. 410 sales_link_expired when the link expired or was revoked, the bike changed owner ' +
            'or was deleted, or it is reported stolen; 404 sales_link_not_found for an unknown id.',
          params: linkParams,
          response: { 200: salesProofSchema },
        },
      },
      async (request, reply) => {
        const proof = await salesProof(ctx, request.params.id);
        // "As of now": no cache may keep an answer that could stop holding the next minute.
        return reply.header('cache-control', 'no-store').send(proof);
      },
    );
  };
}
