import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../domain/errors.js';
import type { Language } from '../../domain/locale.js';
import type { PlateForShipment, ShipmentRow } from '../../domain/webshop/backoffice-orders.js';
import { formatReceiptNumber } from '../../domain/webshop/orders.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { identities, insurancePolicies, orders, plateOwnState, plates, receipts, shipments } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppInputError } from '../http/errors.js';
import { errorMessage, getFixedT, INTL_LOCALES } from '../i18n/index.js';
import { findPlate } from '../plates/service.js';
import { auditStaffChange } from '../shared/audit.js';
import { orderById, readShipment } from './backoffice-orders.js';
import { captureOrder, refundOrder, revokeOrder } from './refunds.js';

// Staff send plates (issue 14): the plate IDs that go in the envelope are typed or scanned, each checked as it is
// typed; shipping assigns them to the buyer (their /app/qr-id shows them), marks the shipment shipped and, for an
// order, takes the authorised payment. The provider is asked outside the database transaction (PGlite would wait on
// itself with the development provider), first: when it refuses, nothing is changed. When the payment is taken and
// the transaction then fails (a plate was taken by another envelope a moment before), the order is left captured
// and the shipment open: shipping it again with other plates does not take the payment twice.

/** What is wrong with a plate for this shipment, or null when it may go in the envelope. */
async function plateProblem(db: Db, shipment: ShipmentRow, plateId: string): Promise<ErrorCode | null> {
  const plate = await findPlate(db, plateId);
  if (!plate) return 'plate_invalid';
  if (plate.bikeId) return 'plate_already_registered';
  if (plate.equipmentId) return 'plate_on_equipment';
  // Sent to someone already, or given to an organisation (backoffice plates): not free to send.
  const [own] = await db
    .select({ state: plateOwnState(plates) })
    .from(plates)
    .where(eq(plates.id, plateId));
  if (own?.state !== 'free') return 'plate_taken';
  if (shipment.kind === 'order') {
    // A webshop plate is a plain one: an insurer's plate, or one sold with a registration, is not what was bought.
    if (plate.kind !== 'standard' || plate.includesRegistration) return 'plate_wrong_kind';
  } else {
    const [policy] = await db
      .select({ insurer: insurancePolicies.insurerPartyId })
      .from(insurancePolicies)
      .innerJoin(shipments, eq(shipments.policyId, insurancePolicies.id))
      .where(eq(shipments.id, shipment.id));
    if (plate.kind !== 'insurance' || plate.insurerPartyId !== policy?.insurer) return 'plate_wrong_kind';
  }
  return null;
}

/** GET /backoffice/shipments/{id}/plates/{plateId}: one typed plate checked for this shipment, with the text to show. */
export async function checkPlateForShipment(
  ctx: AppContext,
  shipmentId: string,
  plateId: string,
  language: Language,
): Promise<PlateForShipment> {
  const shipment = await readShipment(ctx.db, shipmentId);
  const problem = await plateProblem(ctx.db, shipment, plateId);
  return {
    plate_id: plateId,
    ok: problem === null,
    code: problem,
    message: problem ? errorMessage(problem, language) : errorMessage('plate_valid', language),
  };
}

/** Takes an order's authorised payment, or says why it cannot: lapsed, refused, or the provider out of reach. */
async function takePayment(ctx: AppContext, orderId: string): Promise<void> {
  try {
    await captureOrder(ctx, orderId);
  } catch (err) {
    if (err instanceof AppError && err.code !== 'order_not_capturable') throw err;
    ctx.log.warn({ err, order: orderId }, 'capture at shipping failed');
    const order = await orderById(ctx.db, orderId);
    const intent = order.providerPaymentIntentId
      ? await ctx.payments.retrievePaymentIntent(order.providerPaymentIntentId).catch(() => undefined)
      : null;
    if (intent === undefined) throw new AppError('payment_unavailable');
    if (intent?.status === 'canceled') throw new AppError('order_authorisation_lapsed');
    throw new AppError('order_capture_failed');
  }
}

/** The person to write to about a shipment or an order: who placed it, else the party it is for. */
async function recipientOf(tx: Db, partyId: string) {
  const [person] = await tx
    .select({ email: identities.email, language: identities.language })
    .from(identities)
    .where(eq(identities.partyId, partyId));
  return person ?? null;
}

/** POST /backoffice/shipments/{id}/ship: the plates typed go to the buyer, the shipment is sent, an order's payment taken. */
export async function shipShipment(ctx: AppContext, caller: Caller, shipmentId: string, plateIds: string[]): Promise<ShipmentRow> {
  const shipment = await readShipment(ctx.db, shipmentId);
  if (shipment.status !== 'ordered') throw new AppError('shipment_not_open');
  for (const [i, id] of plateIds.entries()) {
    if (plateIds.indexOf(id) !== i) throw new AppInputError(['body', 'plate_ids', i], 'plate_duplicate');
  }
  if (plateIds.length !== shipment.quantity) throw new AppInputError(['body', 'plate_ids'], 'shipment_plate_count');
  for (const [i, id] of plateIds.entries()) {
    const problem = await plateProblem(ctx.db, shipment, id);
    if (problem) throw new AppInputError(['body', 'plate_ids', i], problem);
  }
  let placedBy: string | null = null;
  if (shipment.order_id) {
    const order = await orderById(ctx.db, shipment.order_id);
    if (order.status !== 'paid') throw new AppError('order_not_capturable');
    placedBy = order.placedByPartyId;
    if (!order.capturedAt) await takePayment(ctx, order.id);
  }
  await ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'ordered')))
      .for('update');
    if (!open) throw new AppError('shipment_not_open');
    // One conditional update: a plate another envelope took in the meantime is not taken twice.
    const taken = await tx
      .update(plates)
      .set({ ownerPartyId: shipment.buyer.party_id })
      .where(and(inArray(plates.id, plateIds), sql`${plateOwnState(plates)} = 'free'`))
      .returning({ id: plates.id });
    if (taken.length !== plateIds.length) {
      const takenIds = new Set(taken.map((p) => p.id));
      const missing = plateIds.findIndex((id) => !takenIds.has(id));
      throw new AppInputError(['body', 'plate_ids', Math.max(missing, 0)], 'plate_taken');
    }
    const now = new Date();
    await tx
      .update(shipments)
      .set({ status: 'shipped', plateIds, shippedAt: now, authorisedAt: null })
      .where(eq(shipments.id, shipment.id));
    await auditStaffChange(tx, caller, {
      action: shipment.order_id ? 'order.ship' : 'shipment.ship',
      record: shipment.order_id ? { type: 'order', id: shipment.order_id } : { type: 'shipment', id: shipment.id },
      targetPartyId: shipment.buyer.party_id,
      before: { shipment_status: 'ordered', plate_ids: [] },
      after: { shipment_status: 'shipped', plate_ids: plateIds, ...(shipment.order_id ? { payment: 'captured' } : {}) },
      data: { shipment_id: shipment.id },
    });
    const to = await recipientOf(tx, placedBy ?? shipment.buyer.party_id);
    if (to) {
      const t = getFixedT(to.language, 'mail', 'orders');
      const mail = composeMail(to.language, {
        to: to.email,
        subject: t('shippedSubject'),
        paragraphs: [t('shippedBody', { count: plateIds.length, ids: plateIds.join(', ') }), t('shippedNext')],
        action: { label: t('shippedButton'), url: `${ctx.config.publicUrl}/app/qr-id` },
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: placedBy ?? shipment.buyer.party_id });
    }
  });
  await ctx.mailer.flush();
  return readShipment(ctx.db, shipment.id);
}

/** POST /backoffice/shipments/{id}/deliver: a sent shipment has arrived. */
export async function deliverShipment(ctx: AppContext, caller: Caller, shipmentId: string): Promise<ShipmentRow> {
  const shipment = await readShipment(ctx.db, shipmentId);
  await ctx.db.transaction(async (tx) => {
    const [delivered] = await tx
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'shipped')))
      .returning({ id: shipments.id });
    if (!delivered) throw new AppError('shipment_not_shipped');
    await auditStaffChange(tx, caller, {
      action: shipment.order_id ? 'order.deliver' : 'shipment.deliver',
      record: shipment.order_id ? { type: 'order', id: shipment.order_id } : { type: 'shipment', id: shipment.id },
      targetPartyId: shipment.buyer.party_id,
      before: { shipment_status: 'shipped' },
      after: { shipment_status: 'delivered' },
      data: { shipment_id: shipment.id },
    });
  });
  return readShipment(ctx.db, shipment.id);
}

async function orderNumberOf(tx: Db, orderId: string): Promise<string> {
  const [receipt] = await tx
    .select({ series: receipts.series, number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), isNull(receipts.providerInvoiceId)));
  return receipt ? formatReceiptNumber(receipt.series, receipt.number) : orderId.slice(0, 8);
}

/** Tells the buyer their order was refunded or cancelled, in the transaction of the change. */
async function mailBuyer(ctx: AppContext, tx: Db, order: typeof orders.$inferSelect, what: 'refunded' | 'cancelled') {
  const to = await recipientOf(tx, order.placedByPartyId ?? order.partyId);
  if (!to) return;
  const t = getFixedT(to.language, 'mail', 'orders');
  const number = await orderNumberOf(tx, order.id);
  const amount = new Intl.NumberFormat(INTL_LOCALES[to.language], { style: 'currency', currency: order.currency }).format(
    order.grossOre / 100,
  );
  const mail = composeMail(to.language, {
    to: to.email,
    subject: t(`${what}Subject`, { number }),
    paragraphs: what === 'refunded' ? [t('refundedBody', { amount, number })] : [t('cancelledBody', { number }), t('cancelledNext')],
    action:
      what === 'refunded'
        ? { label: t('refundedButton'), url: `${ctx.config.publicUrl}/app/settings/orders` }
        : { label: t('cancelledButton'), url: `${ctx.config.publicUrl}/webshop` },
  });
  await ctx.mailer.enqueue(tx, { ...mail, partyId: order.placedByPartyId ?? order.partyId });
}

/** POST /backoffice/orders/{id}/refund: a taken payment given back in full (refundOrder), with the staff's reason. */
export async function refundOrderByStaff(ctx: AppContext, caller: Caller, orderId: string, reason: string): Promise<void> {
  const order = await orderById(ctx.db, orderId);
  if (order.status !== 'paid' || !order.capturedAt) throw new AppError('order_not_refundable');
  await refundOrder(ctx, order.id, async (tx) => {
    await auditStaffChange(tx, caller, {
      action: 'order.refund',
      record: { type: 'order', id: order.id },
      targetPartyId: order.partyId,
      before: { status: 'paid', payment: 'captured' },
      after: { status: 'refunded', payment: 'refunded' },
      data: { reason, amount_ore: order.grossOre, currency: order.currency },
    });
    await mailBuyer(ctx, tx, order, 'refunded');
  });
  await ctx.mailer.flush();
}

/**
 * POST /backoffice/orders/{id}/cancel: an order whose payment was only authorised (the plates not sent, e.g. its
 * authorisation lapsed) is cancelled: the authorisation released unless the provider has already let it lapse, unused
 * credits and unsent shipments taken back, the buyer told they were not charged.
 */
export async function cancelOrderByStaff(ctx: AppContext, caller: Caller, orderId: string, reason: string): Promise<void> {
  const order = await orderById(ctx.db, orderId);
  if (order.status !== 'paid' || order.capturedAt || !order.providerPaymentIntentId) throw new AppError('order_not_cancellable');
  let intent: Awaited<ReturnType<AppContext['payments']['retrievePaymentIntent']>>;
  try {
    intent = await ctx.payments.retrievePaymentIntent(order.providerPaymentIntentId);
    if (intent?.status === 'requires_capture') intent = await ctx.payments.cancelPaymentIntent(intent.id);
  } catch (err) {
    ctx.log.warn({ err, order: order.id }, 'releasing an authorisation failed');
    throw new AppError('payment_unavailable');
  }
  // Taken at the provider after all (not by us): that is a refund's business, not a cancellation's.
  if (intent && intent.status !== 'canceled') throw new AppError('order_not_cancellable');
  await ctx.db.transaction(async (tx) => {
    const [still] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for('update');
    if (still?.status !== 'paid') throw new AppError('order_not_cancellable');
    await revokeOrder(tx, order.id, 'cancelled');
    await auditStaffChange(tx, caller, {
      action: 'order.cancel',
      record: { type: 'order', id: order.id },
      targetPartyId: order.partyId,
      before: { status: 'paid', payment: 'authorised' },
      after: { status: 'cancelled', payment: 'released' },
      data: { reason },
    });
    await mailBuyer(ctx, tx, order, 'cancelled');
  });
  await ctx.mailer.flush();
}
