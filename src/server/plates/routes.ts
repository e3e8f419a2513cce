import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { myPlateSchema, plateCheckSchema, stickerAnswerSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { backofficePlateRoutes } from './backoffice-routes.js';
import { checkPlate, listMyPlates, stickerAnswer } from './service.js';

const tags = ['plates'];

// Plates (§3 bikekey_id, §4 plate check) and stickers (§2: what a scanned plate leads to).
export function plateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // A scanned plate is a lookup like a search, under the same limit per client (SEARCH_RATE_LIMIT_PER_MINUTE):
  // a scan is one request; guessing IDs is many.
  const stickerRateLimit = { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' };
  // A plate check tells whether an ID is one of ours and whether it is taken: limited per client
  // (PLATE_CHECK_RATE_LIMIT_PER_MINUTE), enough for someone typing a plate, slow for someone guessing them.
  const checkRateLimit = { max: ctx.config.plateCheckRateLimitPerMinute, timeWindow: '1 minute' };
  return async (app) => {
    await app.register(backofficePlateRoutes(ctx));
    app.get(
      '/plates/:plateId/check',
      {
        config: { access: 'user', rateLimit: checkRateLimit },
        schema: {
          tags,
          summary: 'Check a plate ID before registering: valid, invalid, already registered or on equipment',
          description:
            'Limited per client to PLATE_CHECK_RATE_LIMIT_PER_MINUTE checks a minute (default 30): past it 429 too_many_requests, ' +
            'with Retry-After (seconds).',
          params: z.object({ plateId: z.string().check(z.maxLength(64, { error: 'too_long' })) }),
          response: { 200: plateCheckSchema },
        },
      },
      async (request) => checkPlate(ctx, request.params.plateId, requestLanguage(request)),
    );

    app.get(
      '/plates/mine',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'The plates on my bikes and their equipment', response: { 200: z.array(myPlateSchema) } },
      },
      async (request) => listMyPlates(ctx, callerOf(request)),
    );

    app.get(
      '/stickers/:stickerId',
      {
        config: { access: 'public', rateLimit: stickerRateLimit },
        schema: {
          tags,
          summary: 'What a scanned sticker leads to',
          description:
            'registered (with the public card when the bike is searchable or reported stolen), unregistered (a free plate of ours), ' +
            'insurance (a free plate of an insurer), equipment, or unknown. Never the owner.',
          params: z.object({ stickerId: z.string().check(z.maxLength(64, { error: 'too_long' })) }),
          response: { 200: stickerAnswerSchema },
        },
      },
      async (request) => stickerAnswer(ctx, request.params.stickerId),
    );
  };
}
