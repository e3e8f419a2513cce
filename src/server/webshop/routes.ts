import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  activateCreditSchema,
  bikeCreditSchema,
  creditsOverviewSchema,
  redeemVoucherAnswerSchema,
  redeemVoucherSchema,
} from '../../domain/bikes.js';
import { productsAnswerSchema, productsQuerySchema } from '../../domain/webshop/catalogue.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { callerRegion, listProducts } from './catalogue.js';
import { activateCredit, listCredits, overviewOf, redeemVoucher } from './service.js';

const tags = ['webshop'];

// §7 Webshop: the products and prices, credits (§3 Bike credit), their activation, the overview (§4 subscription state), vouchers.
export function webshopRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webshop/products/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The products and their prices in a region',
          description:
            "Public. region dk (DKK) or no (NOK); without it, the signed-in caller's region, else the region cookie, else dk. " +
            'Names and descriptions in the language of Accept-Language. Amounts are whole øre: price.unit_amount_ore includes VAT, ' +
            'vat_amount_ore is the VAT in it (vat_rate_percent, rounded half up). Subscriptions name their plan_type and billing ' +
            'interval (the price is per interval; subscription_organisation per bike). member_price is the NAF member price, ' +
            'worked out on the server, where a member discount applies, else null. Only products with an active price in the ' +
            'region are listed. 422 field_invalid on region for anything but dk or no.',
          querystring: productsQuerySchema,
          response: { 200: productsAnswerSchema },
        },
      },
      async (request) => listProducts(ctx.db, request.query.region ?? (await callerRegion(ctx.db, request)), requestLanguage(request)),
    );

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
