import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bikeCreditSchema, redeemVoucherAnswerSchema } from '../../domain/bikes.js';
import { memberDiscountAnswerSchema, nafMembershipInputSchema, nafMembershipSchema, nafNumberSchema } from '../../domain/webshop/naf.js';
import {
  checkoutAnswerSchema,
  portalSessionAnswerSchema,
  portalSessionSchema,
  pricingTableSessionAnswerSchema,
  subscriptionBikeSchema,
  subscriptionSessionSchema,
} from '../../domain/webshop/subscription.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { callerRegion } from './catalogue.js';
import { applyMemberDiscount, claimNafExtraRegistration, nafMembership, registerNafMembership } from './naf.js';
import { openCustomerPortal, openSubscriptionCheckout, pricingTableSession, putBikeOnSubscription } from './subscriptions.js';

const tags = ['webshop'];

// §7 Webshop: subscriptions (their checkout, bikes on them, the provider's portal and pricing table) and the NAF
// member flow. Every call acts for the party the caller acts as.
export function subscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/webshop/subscriptions/sessions',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Open the checkout of a subscription',
          description:
            'SINGLE (1 bike) and FAMILY (up to 5 bikes) for a person; ORGANISATION (quantity: the bikes paid for) while acting as an ' +
            'organisation one administers (403 person_required, organisation_required, organisation_admin_required). Priced on the ' +
            "server in the region (default: the caller's), at member prices for a NAF member. 409 subscription_exists while the " +
            'party has an open subscription (change or cancel it in the portal instead). already_activated_plate_id: a plate on one ' +
            'of my bikes, which goes on the subscription once it starts (422 plate_not_on_my_bike otherwise). 422 quantity_invalid. ' +
            'Nothing is granted here: the provider’s events start the subscription. 503 payment_unavailable.',
          body: subscriptionSessionSchema,
          response: { 201: checkoutAnswerSchema },
        },
      },
      async (request, reply) => {
        const region = request.body.region ?? (await callerRegion(ctx.db, request));
        reply.code(201);
        return openSubscriptionCheckout(ctx, callerOf(request), request.body, region, requestLanguage(request));
      },
    );

    app.post(
      '/webshop/subscriptions/bikes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Put one of my bikes on my subscription',
          description:
            'For a current bike of mine that has no credit, within the plan’s limit. 404 bike_not_found, 409 ownership_already_active, ' +
            '402 no_subscription (no paid period running), 409 subscription_full.',
          body: subscriptionBikeSchema,
          response: { 201: bikeCreditSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return putBikeOnSubscription(ctx, callerOf(request), request.body.bike_ownership_id);
      },
    );

    app.post(
      '/webshop/customers/sessions',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The payment provider's portal for my subscription",
          description:
            'Change between the SINGLE and FAMILY plans (an organisation: its plan), cancel at the end of the paid period, update the ' +
            'card, see invoices. return_path: a path on this site (default /app/my-bikes), else 422 redirect_not_allowed. ' +
            '404 subscription_not_found without a subscription at the provider. 503 payment_unavailable.',
          body: z.nullish(portalSessionSchema),
          response: { 200: portalSessionAnswerSchema },
        },
      },
      async (request) => openCustomerPortal(ctx, callerOf(request), request.body?.return_path),
    );

    app.post(
      '/webshop/customer-session-for-pricing-table',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A customer session for the provider's pricing table",
          description: 'Makes my customer at the provider when I have none. 503 payment_unavailable.',
          response: { 200: pricingTableSessionAnswerSchema },
        },
      },
      async (request) => pricingTableSession(ctx, callerOf(request)),
    );

    app.get(
      '/webshop/naf/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My NAF membership',
          description:
            "member_number null without one. discount_percent: the member discount in my region, member or not. extra_registration_available: a member who has not claimed the membership's extra bike registration.",
          response: { 200: nafMembershipSchema },
        },
      },
      async (request) => nafMembership(ctx, callerOf(request), await callerRegion(ctx.db, request)),
    );

    app.post(
      '/webshop/naf/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Record my NAF membership number',
          description:
            '6-8 letters or digits, else 422 naf_number_invalid on member_number. A person’s (403 person_required while acting as an ' +
            'organisation). From then on my orders and subscriptions are priced at member prices, on the server.',
          body: nafMembershipInputSchema,
          response: { 200: nafMembershipSchema },
        },
      },
      async (request) => registerNafMembership(ctx, callerOf(request), request.body.member_number, await callerRegion(ctx.db, request)),
    );

    app.post(
      '/webshop/naf/extra-bike-registration',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Claim my NAF membership's extra bike registration",
          description:
            'One unused credit, once per membership (and per number). 404 naf_membership_not_found, 409 naf_extra_registration_claimed, ' +
            '403 person_required.',
          response: { 200: redeemVoucherAnswerSchema },
        },
      },
      async (request) => claimNafExtraRegistration(ctx, callerOf(request)),
    );

    app.post(
      '/webshop/naf/apply-member-discount/:naf_member_id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Record my NAF membership and see the member prices',
          description:
            "Records the number as POST /webshop/naf/ does (422 naf_number_invalid, 403 person_required) and answers my region's " +
            'products, their member prices worked out on the server.',
          params: z.object({ naf_member_id: nafNumberSchema }),
          response: { 200: memberDiscountAnswerSchema },
        },
      },
      async (request) =>
        applyMemberDiscount(
          ctx,
          callerOf(request),
          request.params.naf_member_id,
          await callerRegion(ctx.db, request),
          requestLanguage(request),
        ),
    );
  };
}
