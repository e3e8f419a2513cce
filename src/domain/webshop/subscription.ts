import * as z from 'zod/mini';
import { PLAN_TYPES, type PlanType } from '../bikes.js';
import { REGIONS } from '../locale.js';

// Subscriptions (issue 12; §3 plan types, §4 subscription state): how many bikes a plan covers, what the provider's
// report of a subscription makes of the party's one subscription row, and the contracts of the subscription calls.
// Pure: the server reads the provider and the database and applies what these rules answer.

/** Bikes a plan covers; an organisation's subscription covers the bikes it paid for (its quantity). */
const PLAN_BIKE_LIMITS = { SINGLE: 1, FAMILY: 5 } as const;

export function bikeLimit(planType: PlanType, quantity: number): number {
  return planType === 'ORGANISATION' ? Math.max(0, Math.floor(quantity)) : PLAN_BIKE_LIMITS[planType];
}

/** The provider's statuses of a subscription (Stripe's). */
export const PROVIDER_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** The party's subscription as stored: the provider's subscription it follows, or one made by the seed or staff (no id, no status). */
export interface StoredSubscription {
  providerSubscriptionId: string | null;
  providerStatus: ProviderStatus | null;
  planType: PlanType;
  /** The end of the paid period: bikes are added while it is in the future (§4). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  quantity: number;
  /** When the provider's event last applied was made. */
  providerEventAt: Date | null;
}

/** What the provider reports of a subscription now, and when the event that made us ask was made. */
export interface ProviderReport {
  providerSubscriptionId: string;
  providerStatus: ProviderStatus;
  planType: PlanType;
  /** The end of the period the provider has started (paid or not). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  quantity: number;
  eventAt: Date;
}

/** §4: bikes are added on a subscription while its paid period runs (also when cancelled at its end, or ended early). */
export function addsBikes(subscription: Pick<StoredSubscription, 'currentPeriodEnd'> | null, now: Date): boolean {
  return subscription?.currentPeriodEnd != null && subscription.currentPeriodEnd.getTime() > now.getTime();
}

/** Statuses of a subscription still open at the provider: it renews, or waits for a payment. */
const OPEN_STATUSES: readonly ProviderStatus[] = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'];

/**
 * One subscription per party: a new one is refused while this one is open at the provider (changing the plan or
 * cancelling happens in the portal), or, for one made by the seed or staff, while its period runs.
 */
export function blocksNewSubscription(subscription: StoredSubscription | null, now: Date): boolean {
  if (!subscription) return false;
  if (subscription.providerStatus === null) return addsBikes(subscription, now);
  return OPEN_STATUSES.includes(subscription.providerStatus);
}

/** Statuses in which the provider has been paid for the period it reports. */
const PAID_STATUSES: readonly ProviderStatus[] = ['active', 'trialing'];

export type ReportOutcome =
  | { apply: true; row: StoredSubscription; paymentFailed: boolean }
  /** older: an event made before the one last applied; other_subscription: the party's row follows another open subscription. */
  | { apply: false; reason: 'older' | 'other_subscription' };

/**
 * What a report of the provider makes of the stored row. An event older than the one last applied changes nothing
 * (events arrive late and out of order). The paid period moves on only while the provider is paid (active,
 * trialing): a failed renewal (past_due, unpaid) or an unfinished first payment keeps the period that was paid
 * for, so it lapses; a cancelled subscription runs to the end the provider reports, never past what was paid.
 * `paymentFailed` is true once, when the subscription falls into past_due: the owner is told then.
 */
export function applyReport(stored: StoredSubscription | null, report: ProviderReport, now: Date): ReportOutcome {
  const same = stored?.providerSubscriptionId === report.providerSubscriptionId;
  if (stored && !same && blocksNewSubscription(stored, now)) return { apply: false, reason: 'other_subscription' };
  const previous = same ? stored : null;
  if (previous?.providerEventAt && report.eventAt.getTime() < previous.providerEventAt.getTime()) return { apply: false, reason: 'older' };

  const paidEnd = previous?.currentPeriodEnd ?? null;
  let currentPeriodEnd: Date | null;
  if (PAID_STATUSES.includes(report.providerStatus)) currentPeriodEnd = report.currentPeriodEnd;
  else if (report.providerStatus === 'canceled') currentPeriodEnd = earlier(paidEnd ?? report.currentPeriodEnd, report.currentPeriodEnd);
  else currentPeriodEnd = paidEnd && earlier(paidEnd, report.currentPeriodEnd);

  const lastEventAt = previous?.providerEventAt;
  return {
    apply: true,
    row: {
      providerSubscriptionId: report.providerSubscriptionId,
      providerStatus: report.providerStatus,
      planType: report.planType,
      currentPeriodEnd,
      cancelAtPeriodEnd: report.cancelAtPeriodEnd,
      quantity: report.quantity,
      providerEventAt: lastEventAt && lastEventAt > report.eventAt ? lastEventAt : report.eventAt,
    },
    paymentFailed: report.providerStatus === 'past_due' && previous?.providerStatus !== 'past_due',
  };
}

function earlier(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a.getTime() <= b.getTime() ? a : b;
}

// The calls (§7 Webshop).

/** POST /api/webshop/subscriptions/sessions */
export const subscriptionSessionSchema = z.object({
  plan_type: z.enum(PLAN_TYPES, { error: 'field_invalid' }),
  /** ORGANISATION: the bikes paid for; SINGLE and FAMILY: 1. */
  quantity: z.optional(z.int({ error: 'quantity_invalid' }).check(z.minimum(1, { error: 'quantity_invalid' }))),
  region: z.optional(z.enum(REGIONS, { error: 'field_invalid' })),
  /** A plate on one of my bikes: that bike is put on the subscription once it starts. */
  already_activated_plate_id: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64, { error: 'too_long' })))),
});

export const checkoutAnswerSchema = z.object({ order_id: z.string(), checkout_url: z.string() });

/** POST /api/webshop/subscriptions/bikes */
export const subscriptionBikeSchema = z.object({ bike_ownership_id: z.string().check(z.uuid({ error: 'field_invalid' })) });

/** POST /api/webshop/customers/sessions */
export const portalSessionSchema = z.object({
  return_path: z.optional(z.string().check(z.maxLength(2000, { error: 'too_long' }))),
});
export const portalSessionAnswerSchema = z.object({ session_url: z.string() });

/** POST /api/webshop/customer-session-for-pricing-table */
export const pricingTableSessionAnswerSchema = z.object({ client_secret: z.string(), expires_at: z.string() });
