import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ownershipLookupSchema, ownershipRequestSchema, requestOwnershipSchema } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { lookupBike } from './request-lookup.js';
import { acceptRequest, declineRequest, getRequest, requestOwnership, withdrawRequest } from './requests.js';

const tags = ['ownership'];
/** Any text: an id that is not a UUID is simply not found (404). */
const bikeParams = z.object({ bikeId: z.string().check(z.maxLength(64)) });
const requestParams = z.object({ id: z.string().check(z.maxLength(64)) });

// Ownership requests (§2 request-ownership, issue 5): someone holding a bike registered to another asks
// the owner for it; the talk is a conversation (kind ownership_request).
export function requestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Looking bikes up by frame number or plate is limited like public search (harvesting the register).
  const rateLimit = { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' };
  return async (app) => {
    app.get(
      '/ownership-requests/lookup',
      {
        config: { access: 'user', rateLimit },
        schema: {
          tags,
          summary: 'Find a registered bike by its exact frame number or plate ID, to ask its owner for it',
          description:
            'bike null when none matches; mine when I own it already. The public picture only when the bike is searchable. ' +
            'Fewer than 5 significant characters: 422 search_query_too_short.',
          querystring: z.object({ q: z.string({ error: 'field_required' }).check(z.maxLength(64, { error: 'too_long' })) }),
          response: { 200: ownershipLookupSchema },
        },
      },
      async (request) => lookupBike(ctx, callerOf(request), request.query.q),
    );

    app.post(
      '/bikes/:bikeId/ownership-requests',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Ask the owner of a bike I hold to hand it over to me (starts a conversation with them)',
          description:
            '404 bike_not_found when it is not registered; 422 request_own_bike; 409 request_pending when I already asked; ' +
            '403 chat_blocked when one of us blocked the other. The owner is mailed a link to the conversation.',
          params: bikeParams,
          body: requestOwnershipSchema,
          response: { 201: ownershipRequestSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await requestOwnership(ctx, callerOf(request), request.params.bikeId, request.body.content)),
    );

    app.get(
      '/ownership-requests/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One ownership request, for the owner it was sent to and its requester',
          params: requestParams,
          response: { 200: ownershipRequestSchema },
        },
      },
      async (request) => getRequest(ctx, callerOf(request), request.params.id),
    );

    app.post(
      '/ownership-requests/:id/accept',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Accept a request for my bike: a transfer to the requester starts (they take the bike over on receive-bike)',
          description:
            'The owner only (403 forbidden for the requester). 409 request_not_pending; 409 bike_reported_stolen; 409 transfer_pending.',
          params: requestParams,
          response: { 200: ownershipRequestSchema },
        },
      },
      async (request) => acceptRequest(ctx, callerOf(request), request.params.id),
    );

    app.post(
      '/ownership-requests/:id/decline',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Decline a request for my bike (the requester is told)',
          params: requestParams,
          response: { 200: ownershipRequestSchema },
        },
      },
      async (request) => declineRequest(ctx, callerOf(request), request.params.id),
    );

    app.post(
      '/ownership-requests/:id/withdraw',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Withdraw my request',
          params: requestParams,
          response: { 200: ownershipRequestSchema },
        },
      },
      async (request) => withdrawRequest(ctx, callerOf(request), request.params.id),
    );
  };
}
