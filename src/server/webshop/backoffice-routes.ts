import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  backofficeOrderDetailSchema,
  backofficeOrdersAnswerSchema,
  backofficeOrdersQuerySchema,
  backofficeShipmentsQuerySchema,
  plateForShipmentQuerySchema,
  plateForShipmentSchema,
  shipBodySchema,
  shipmentParamsSchema,
  shipmentRowSchema,
  shipmentsAnswerSchema,
  staffReasonSchema,
} from '../../domain/webshop/backoffice-orders.js';
import { orderParamsSchema } from '../../domain/webshop/orders.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { listBackofficeOrders, listShipments, readBackofficeOrder, readShipment } from './backoffice-orders.js';
import { cancelOrderByStaff, checkPlateForShipment, deliverShipment, refundOrderByStaff, shipShipment } from './backoffice-shipping.js';

const tags = ['backoffice'];
const done = z.object({ ok: z.literal(true) });

// The backoffice's orders (issue 14): staff, admins and revisors read; staff and admins ship, deliver, refund, cancel.
export function backofficeOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/orders',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Webshop orders by status (all, pending, paid, refunded, cancelled, failed), newest or oldest first, 25 a page',
          description: 'q: an order number (DK-000042, or its digits), an order id, or a buyer’s whole email.',
          querystring: backofficeOrdersQuerySchema,
          response: { 200: backofficeOrdersAnswerSchema },
        },
      },
      async (request) => listBackofficeOrders(ctx, request.query),
    );

    app.get(
      '/backoffice/orders/:orderId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'An order: lines, amounts, VAT, receipt, the payment at the provider now, its shipments, the buyer',
          params: orderParamsSchema,
          response: { 200: backofficeOrderDetailSchema },
        },
      },
      async (request) => readBackofficeOrder(ctx, request.params.orderId, requestLanguage(request)),
    );

    app.post(
      '/backoffice/orders/:orderId/refund',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Refund an order whose payment was taken, in full, with a reason (the buyer is mailed)',
          description: '409 order_not_refundable unless paid and captured; 503 payment_unavailable when the provider cannot be reached.',
          params: orderParamsSchema,
          body: staffReasonSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        await refundOrderByStaff(ctx, callerOf(request), request.params.orderId, request.body.reason);
        return { ok: true as const };
      },
    );

    app.post(
      '/backoffice/orders/:orderId/cancel',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Cancel an order whose payment was only authorised (e.g. lapsed): released, nothing charged, the buyer mailed',
          description:
            '409 order_not_cancellable unless paid and not captured; 503 payment_unavailable when the provider cannot be reached.',
          params: orderParamsSchema,
          body: staffReasonSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        await cancelOrderByStaff(ctx, callerOf(request), request.params.orderId, request.body.reason);
        return { ok: true as const };
      },
    );

    app.get(
      '/backoffice/shipments',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Plate shipments to ship (the authorisations that lapse first on top), shipped or delivered, 25 a page',
          description: 'Orders’ plate lines and insurance plates owed under a policy. q as for the orders.',
          querystring: backofficeShipmentsQuerySchema,
          response: { 200: shipmentsAnswerSchema },
        },
      },
      async (request) => listShipments(ctx, request.query),
    );

    app.get(
      '/backoffice/shipments/:shipmentId',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'A plate shipment', params: shipmentParamsSchema, response: { 200: shipmentRowSchema } },
      },
      async (request) => readShipment(ctx.db, request.params.shipmentId),
    );

    app.get(
      '/backoffice/shipments/:shipmentId/plate-check',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Check a typed or scanned plate for a shipment: exists, free, of the right kind, nobody’s yet',
          querystring: plateForShipmentQuerySchema,
          params: shipmentParamsSchema,
          response: { 200: plateForShipmentSchema },
        },
      },
      async (request) => checkPlateForShipment(ctx, request.params.shipmentId, request.query.plate_id, requestLanguage(request)),
    );

    app.post(
      '/backoffice/shipments/:shipmentId/ship',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Ship: the plates in the envelope go to the buyer, an order’s authorised payment is taken, the buyer is mailed',
          description:
            'plate_ids: as many as the shipment holds (422 shipment_plate_count); each checked (422 plate_invalid, plate_already_registered, ' +
            'plate_on_equipment, plate_taken, plate_wrong_kind, plate_duplicate at its index). 409 shipment_not_open, ' +
            'order_authorisation_lapsed (cancel the order instead), order_capture_failed; 503 payment_unavailable. Nothing is ' +
            'changed when the payment cannot be taken.',
          params: shipmentParamsSchema,
          body: shipBodySchema,
          response: { 200: shipmentRowSchema },
        },
      },
      async (request) => shipShipment(ctx, callerOf(request), request.params.shipmentId, request.body.plate_ids),
    );

    app.post(
      '/backoffice/shipments/:shipmentId/deliver',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Mark a sent shipment delivered (409 shipment_not_shipped otherwise)',
          params: shipmentParamsSchema,
          response: { 200: shipmentRowSchema },
        },
      },
      async (request) => deliverShipment(ctx, callerOf(request), request.params.shipmentId),
    );
  };
}
