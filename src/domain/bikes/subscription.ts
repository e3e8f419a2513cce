import { LEGACY_PLACEHOLDER_CREDITS, LEGACY_SIGNUP_CUTOFF } from '../constants.js';

// Subscription state (§3 Bike credit, §4, §9): what the credits overview reports. A credit is unused
// until it is assigned to a bike ownership; the caller counts the unused ones.

export interface SubscriptionState {
  active: boolean;
  /** Credits without a running paid period (and every legacy identity with credits). */
  vip: boolean;
  /** Unused credits as shown: the real count, or the legacy placeholder. */
  credits: number;
  /** The paid period's end, or one year ahead for VIP. */
  currentPeriodEnd: Date | null;
}

/** Sign-ups before this instant (midnight UTC) are legacy identities. */
const LEGACY_CUTOFF = new Date(`${LEGACY_SIGNUP_CUTOFF}T00:00:00Z`);

function oneYearAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * §4: active while the paid period runs (current_period_end in the future), or with credits and no
 * period end at all: VIP, reported as ending one year from now. Identities signed up before
 * 2023-02-07 that have credits predate paid periods: they show 100 placeholder credits, active, VIP.
 * A period that has ended is not revived by credits (the spec ties VIP to a null period end).
 */
export function subscriptionState(input: {
  unusedCredits: number;
  currentPeriodEnd: Date | null;
  signedUpAt: Date;
  now?: Date;
}): SubscriptionState {
  const now = input.now ?? new Date();
  const credits = Number.isFinite(input.unusedCredits) ? Math.max(0, Math.floor(input.unusedCredits)) : 0;
  const periodEnd = input.currentPeriodEnd;
  const running = periodEnd !== null && periodEnd.getTime() > now.getTime();
  const vipEnd = oneYearAfter(now);

  if (credits > 0 && input.signedUpAt.getTime() < LEGACY_CUTOFF.getTime()) {
    // A running period that ends later than the VIP year is still the truth.
    const end = running && periodEnd.getTime() > vipEnd.getTime() ? periodEnd : vipEnd;
    return { active: true, vip: true, credits: LEGACY_PLACEHOLDER_CREDITS, currentPeriodEnd: end };
  }
  if (running) return { active: true, vip: false, credits, currentPeriodEnd: periodEnd };
  if (credits > 0 && periodEnd === null) return { active: true, vip: true, credits, currentPeriodEnd: vipEnd };
  return { active: false, vip: false, credits, currentPeriodEnd: periodEnd };
}
