import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import {
  int,
  invalid,
  metadataOf,
  newId,
  nowSeconds,
  oneOf,
  type Params,
  type Shaped,
  StripeApiError,
  str,
  unexpectedState,
} from './dev-params.js';
import { type DevStore, type Mutation, previousAttributes } from './dev-store.js';

// The development payment provider's payment intents and their charges (made when a checkout is paid):
// capture and cancel of an authorisation, and refunds with their events.

interface PaymentInput {
  amount: number;
  currency: string;
  customer: string | null;
  captureMethod: 'automatic' | 'manual';
  metadata: Record<string, string>;
  /** Paid by card (succeeded), authorised only (requires_capture), or paid asynchronously and not yet settled (processing). */
  status: 'succeeded' | 'requires_capture' | 'processing';
}

function paymentIntentObject({ amount, status, ...p }: PaymentInput) {
  return {
    id: newId('pi'),
    object: 'payment_intent',
    amount,
    amount_capturable: status === 'requires_capture' ? amount : 0,
    amount_received: status === 'succeeded' ? amount : 0,
    canceled_at: null as number | null,
    cancellation_reason: null as string | null,
    capture_method: p.captureMethod,
    created: nowSeconds(),
    currency: p.currency,
    customer: p.customer,
    description: null,
    last_payment_error: null as { code: string; message: string; type: 'card_error' } | null,
    latest_charge: newId('ch'),
    livemode: false,
    metadata: p.metadata,
    payment_method_types: ['card'],
    status: status as 'succeeded' | 'requires_capture' | 'processing' | 'canceled' | 'requires_payment_method',
  } satisfies Shaped<Stripe.PaymentIntent>;
}
export type PaymentIntentObject = ReturnType<typeof paymentIntentObject>;

function chargeObject(intent: PaymentIntentObject) {
  const settled = intent.status !== 'processing';
  return {
    id: intent.latest_charge,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: 0,
    captured: intent.status === 'succeeded',
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    livemode: false,
    metadata: intent.metadata,
    paid: settled,
    payment_intent: intent.id,
    refunded: false as boolean,
    status: (settled ? 'succeeded' : 'pending') as 'succeeded' | 'pending' | 'failed',
  } satisfies Shaped<Stripe.Charge>;
}
export type ChargeObject = ReturnType<typeof chargeObject>;

/** The payment a paid checkout makes: its payment intent and charge. */
export async function insertPayment(m: Mutation, input: PaymentInput) {
  const intent = paymentIntentObject(input);
  await m.insert({ id: intent.id, object: intent.object, status: intent.status, data: intent, internal: {} });
  const charge = chargeObject(intent);
  await m.insert({ id: charge.id, object: charge.object, status: charge.status, data: charge, internal: {} });
  return intent;
}

export function registerPaymentIntentApi(api: FastifyInstance, store: DevStore, paramsOf: (body: unknown) => Params) {
  api.post<{ Params: { id: string } }>('/payment_intents/:id/capture', async (request) => {
    if (paramsOf(request.body).amount_to_capture !== undefined) {
      throw invalid('amount_to_capture', 'The development provider captures the whole amount only');
    }
    return store.mutate(async (m) => {
      const row = await m.lock<PaymentIntentObject>(request.params.id, 'payment_intent');
      if (row.data.status !== 'requires_capture') {
        throw unexpectedState(
          `This PaymentIntent could not be captured because it has a status of ${row.data.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          'payment_intent_unexpected_state',
        );
      }
      const intent: PaymentIntentObject = { ...row.data, status: 'succeeded', amount_received: row.data.amount, amount_capturable: 0 };
      await m.save({ ...row, status: intent.status, data: intent });
      const charge = await m.lock<ChargeObject>(intent.latest_charge, 'charge');
      await m.save({ ...charge, data: { ...charge.data, captured: true, amount_captured: intent.amount } });
      return intent;
    });
  });

  api.post<{ Params: { id: string } }>('/payment_intents/:id/cancel', async (request) => {
    const body = paramsOf(request.body);
    const reason =
      body.cancellation_reason === undefined
        ? null
        : oneOf(
            ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const,
            body.cancellation_reason,
            'cancellation_reason',
          );
    return store.mutate(async (m) => {
      const row = await m.lock<PaymentIntentObject>(request.params.id, 'payment_intent');
      if (row.data.status !== 'requires_capture' && row.data.status !== 'requires_payment_method') {
        throw unexpectedState(
          `You cannot cancel this PaymentIntent because it has a status of ${row.data.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          'payment_intent_unexpected_state',
        );
      }
      const intent: PaymentIntentObject = {
        ...row.data,
        status: 'canceled',
        amount_capturable: 0,
        canceled_at: nowSeconds(),
        cancellation_reason: reason,
      };
      await m.save({ ...row, status: intent.status, data: intent });
      // An authorisation released: its charge shows the whole amount given back, as Stripe's does.
      const charge = await m.lock<ChargeObject>(intent.latest_charge, 'charge');
      if (charge.data.status === 'succeeded') {
        await m.save({ ...charge, data: { ...charge.data, amount_refunded: charge.data.amount, refunded: true } });
      }
      return intent;
    });
  });

  api.post('/refunds', async (request) => {
    const body = paramsOf(request.body);
    const intentId = str(body.payment_intent, 'payment_intent', 100);
    const amount = body.amount === undefined ? null : int(body.amount, 'amount', 1, 99_999_999);
    const metadata = metadataOf(body.metadata, 'metadata');
    const reason =
      body.reason === undefined ? null : oneOf(['duplicate', 'fraudulent', 'requested_by_customer'] as const, body.reason, 'reason');
    return store.mutate(async (m) => {
      const intent = await m.lock<PaymentIntentObject>(intentId, 'payment_intent', 'payment_intent');
      if (intent.data.status !== 'succeeded') {
        throw new StripeApiError(
          400,
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
      const charge = await m.lock<ChargeObject>(intent.data.latest_charge, 'charge');
      const left = charge.data.amount_captured - charge.data.amount_refunded;
      if (left === 0) throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      if (amount !== null && amount > left) {
        throw new StripeApiError(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
          'amount_too_large',
        );
      }
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount: amount ?? left,
        charge: charge.id,
        created: nowSeconds(),
        currency: charge.data.currency,
        metadata,
        payment_intent: intent.id,
        reason,
        status: 'succeeded',
      } satisfies Shaped<Stripe.Refund>;
      await m.insert({ id: refund.id, object: refund.object, status: refund.status, data: refund, internal: {} });
      const refunded = charge.data.amount_refunded + refund.amount;
      const next: ChargeObject = { ...charge.data, amount_refunded: refunded, refunded: refunded === charge.data.amount_captured };
      await m.save({ ...charge, data: next });
      m.emit('refund.created', refund);
      m.emit('charge.refunded', next, previousAttributes(charge.data, next));
      return refund;
    });
  });
}
