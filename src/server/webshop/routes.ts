import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  activateCreditSchema,
  bikeCreditSchema,
  creditsOverviewSchema,
  redeemVoucherAnswerSchema,
  redeemVoucherSchema,
} from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { activateCredit, listCredits, overviewOf, redeemVoucher } from './service.js';

const tags = ['webshop'];

// §7 Webshop: credits (§3 Bike credit), their activation, the overview (§4 subscription state), vouchers.
export function webshopRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webshop/bike-activations',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'My credits, unused first', response: { 200: z.array(bikeCreditSchema) } },
      },
      async (request) => listCredits(ctx, callerOf(request)),
    );

    app.post(
      '/webshop/bike-activations/:bikeCreditId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Activate one of my bikes with an unused credit',
          description: '404 credit_not_found (not mine, used or unknown), 404 bike_not_found, 409 ownership_already_active.',
          params: z.object({ bikeCreditId: z.string().check(z.maxLength(64)) }),
          body: activateCreditSchema,
          response: { 200: bikeCreditSchema },
        },
      },
      async (request) => activateCredit(ctx, callerOf(request), request.params.bikeCreditId, request.body.bike_ownership_id),
    );

    app.get(
      '/webshop/bike-ownership-credits/overview',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'My credits and subscription state (§4), polled every 30 s', response: { 200: creditsOverviewSchema } },
      },
      async (request) => overviewOf(ctx, callerOf(request)),
    );

    app.post(
      '/webshop/vouchers/redeem',
      {
        config: { access: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Redeem a voucher code into credits',
          description: 'Once per party and code. 422 voucher_invalid (unknown or expired) or voucher_used (already, or used up) on code.',
          body: redeemVoucherSchema,
          response: { 200: redeemVoucherAnswerSchema },
        },
      },
      async (request) => redeemVoucher(ctx, callerOf(request), request.body.code),
    );
  };
}
