import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  bikeServicesSchema,
  orderInitiationQuerySchema,
  orderInitiationSchema,
  orderParamsSchema,
  orderQuoteSchema,
  orderSchema,
  ordersAnswerSchema,
  ordersQuerySchema,
  placedOrderSchema,
  placeOrderSchema,
  receiptParamsSchema,
} from '../../domain/webshop/orders.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { sendPdf } from '../http/pdf-reply.js';
import { backofficeOrderRoutes } from './backoffice-routes.js';
import { bikeServices, cancelOrder, createOrder, getOrder, listOrders, quoteOrder } from './orders.js';
import { receiptPdf } from './receipts.js';

const tags = ['webshop'];

// §7 Webshop: orders paid through the card payment provider, quotes, my orders and receipts, a bike's products.
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(backofficeOrderRoutes(ctx));
    app.post(
      '/webshop/orders/initiations',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The quote of a preset order, before paying (nothing is written)',
          description:
            'config_id names the preset: registration, extra_plate, registration_and_plate, subscription_single, subscription_family, ' +
            'subscription_organisation. Body (optional): quantity (plates, or an organisation subscription’s bikes) and region (else the ' +
            'caller’s). Priced on the server like an order, with the acting party’s NAF member prices; names in the language of ' +
            'Accept-Language; interval says what a subscription’s total is per. 422 field_invalid on config_id, 422 quantity_invalid ' +
            'on quantity.',
          querystring: orderInitiationQuerySchema,
          body: orderInitiationSchema,
          response: { 200: orderQuoteSchema },
        },
      },
      async (request) => quoteOrder(ctx, callerOf(request), request.query.config_id, request.body, requestLanguage(request)),
    );

    app.post(
      '/webshop/orders/:provider',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Place a one-time order (registrations, plates) and open its checkout at the payment provider',
          description:
            'provider: stripe (404 payment_provider_unknown otherwise). The order is priced on the server from the products and ' +
            'quantities only (any price, total or plan sent is ignored), for the acting party, with its NAF member prices; a plate ' +
            'order’s payment is only authorised and taken at dispatch. Nothing is granted until the provider confirms the payment ' +
            '(webhook). bike_id: a registration bought for my current bike. 422 order_empty, product_unknown, order_line_duplicate, ' +
            'quantity_invalid, currency_invalid on their place; 422 product_not_one_time for a subscription (POST ' +
            '/webshop/subscriptions/sessions); 404 bike_not_found; 422 delivery_address_missing (plates need the address in my profile); ' +
            '503 payment_unavailable (nothing charged).',
          params: z.object({ provider: z.string().check(z.maxLength(32)) }),
          body: placeOrderSchema,
          response: { 201: placedOrderSchema },
        },
      },
      async (request, reply) => {
        const placed = await createOrder(ctx, callerOf(request), request.params.provider, request.body, requestLanguage(request));
        return reply.code(201).send(placed);
      },
    );

    app.get(
      '/webshop/orders/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My orders (the acting party’s), newest first',
          description: 'Page with ?offset= (next_offset, null on the last page).',
          querystring: ordersQuerySchema,
          response: { 200: ordersAnswerSchema },
        },
      },
      async (request) => listOrders(ctx, callerOf(request), request.query.offset, requestLanguage(request)),
    );

    app.get(
      '/webshop/orders/:orderId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One of my orders: status, lines, payment, receipt and shipments',
          description:
            'Polled by the page waiting for the payment: an order still pending a few seconds after it was placed is checked with ' +
            'the provider (at most every few seconds). 404 order_not_found unless it is the acting party’s.',
          params: orderParamsSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => getOrder(ctx, callerOf(request), request.params.orderId, requestLanguage(request)),
    );

    app.post(
      '/webshop/orders/:orderId/cancel',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Give up one of my pending orders (back from the checkout without paying)',
          description:
            'Ends the checkout at the provider and settles the order from what the provider says: cancelled, or paid when the ' +
            'payment got there first. An order no longer pending is answered unchanged. 404 order_not_found unless it is the ' +
            'acting party’s.',
          params: orderParamsSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => cancelOrder(ctx, callerOf(request), request.params.orderId, requestLanguage(request)),
    );

    app.get(
      '/webshop/receipts/:receiptId/pdf',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One of my receipts as a PDF, in the language of the request',
          description: '404 receipt_not_found unless it was issued to the acting party.',
          params: receiptParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await receiptPdf(ctx, callerOf(request), request.params.receiptId, requestLanguage(request));
        return sendPdf(reply, file);
      },
    );

    app.post(
      '/webshop/bike-services/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'What can be bought for one of my bikes',
          description:
            'A registration while the bike’s current ownership has no credit, an extra plate always, at the caller’s region’s prices. ' +
            '404 bike_not_found unless it is my current bike.',
          params: z.object({ id: z.string().check(z.maxLength(64)) }),
          response: { 200: bikeServicesSchema },
        },
      },
      async (request) => bikeServices(ctx, callerOf(request), request.params.id, requestLanguage(request)),
    );
  };
}
