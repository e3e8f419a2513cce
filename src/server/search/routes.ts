import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bikeSearchAnswerSchema, orgBikeSearchAnswerSchema, publicBikeSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { searchBikes, searchBikesForOrganisation } from './service.js';

const tags = ['search'];

const query = z.object({ q: z.string({ error: 'field_required' }).check(z.maxLength(64, { error: 'too_long' })) });

// Public search by frame number or plate ID, and an organisation's search (issue 4).
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Searches per client per minute (SEARCH_RATE_LIMIT_PER_MINUTE): generous for people at a bike rack,
  // tight enough to make harvesting the register slow.
  const max = ctx.config.searchRateLimitPerMinute;
  const rateLimit = { max, timeWindow: '1 minute' };
  return async (app) => {
    app.get(
      '/search/bikes',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Search a frame number or plate ID',
          description:
            'Exact matches first (normalised frame number, or plate ID); only when there is none, up to 5 close ones (edit distance ≤ 2). ' +
            'Only bikes that are searchable or reported stolen; never the owner. Fewer than 5 significant characters: 422 search_query_too_short.',
          querystring: query,
          response: { 200: bikeSearchAnswerSchema },
        },
      },
      async (request) => searchBikes(ctx, request.query.q),
    );

    app.get(
      '/search/org-bikes',
      {
        config: { access: 'user', rateLimit },
        schema: {
          tags,
          summary: "An organisation's search: the public card with since when, whether paid, whether the owner is verified",
          description: 'The caller must act as an organisation (403 organisation_required). Never the owner’s name or contact.',
          querystring: query,
          response: { 200: orgBikeSearchAnswerSchema },
        },
      },
      async (request) => searchBikesForOrganisation(ctx, callerOf(request), request.query.q),
    );

    app.get(
      '/public-bikes/:bikeId',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: "A bike's public card by id (e.g. for the page that writes to its owner)",
          description: 'Only a registered bike that is searchable or reported stolen (else 404 bike_not_found); never the owner.',
          params: z.object({ bikeId: z.string() }),
          response: { 200: publicBikeSchema },
        },
      },
      async (request) => {
        const { bikeId } = request.params;
        const card = isUuid(bikeId) ? (await publicCardsOf(ctx, [bikeId], { onlyVisible: true })).get(bikeId) : undefined;
        if (!card) throw new AppError('bike_not_found');
        return card;
      },
    );
  };
}
