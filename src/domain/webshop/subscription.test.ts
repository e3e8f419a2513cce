import { describe, expect, it } from 'vitest';
import { addsBikes, applyReport, bikeLimit, blocksNewSubscription, type ProviderReport, type StoredSubscription } from './subscription.js';

const now = new Date('2026-03-01T10:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day);

const stored = (overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
  providerSubscriptionId: 'sub_1',
  providerStatus: 'active',
  planType: 'FAMILY',
  currentPeriodEnd: at(100),
  cancelAtPeriodEnd: false,
  quantity: 1,
  providerEventAt: at(-10),
  ...overrides,
});

const report = (overrides: Partial<ProviderReport> = {}): ProviderReport => ({
  providerSubscriptionId: 'sub_1',
  providerStatus: 'active',
  planType: 'FAMILY',
  currentPeriodEnd: at(365),
  cancelAtPeriodEnd: false,
  quantity: 1,
  eventAt: now,
  ...overrides,
});

describe('plan limits', () => {
  it('SINGLE covers one bike, FAMILY five, ORGANISATION the bikes paid for', () => {
    expect(bikeLimit('SINGLE', 1)).toBe(1);
    expect(bikeLimit('SINGLE', 7)).toBe(1);
    expect(bikeLimit('FAMILY', 1)).toBe(5);
    expect(bikeLimit('ORGANISATION', 12)).toBe(12);
    expect(bikeLimit('ORGANISATION', 0)).toBe(0);
  });
});

describe('adding bikes and a second subscription', () => {
  it('adds bikes while the paid period runs, whatever the status says of the future', () => {
    expect(addsBikes(stored(), now)).toBe(true);
    expect(addsBikes(stored({ cancelAtPeriodEnd: true }), now)).toBe(true);
    expect(addsBikes(stored({ providerStatus: 'canceled', currentPeriodEnd: at(3) }), now)).toBe(true);
    expect(addsBikes(stored({ currentPeriodEnd: at(-1) }), now)).toBe(false);
    expect(addsBikes(stored({ currentPeriodEnd: null }), now)).toBe(false);
    expect(addsBikes(null, now)).toBe(false);
  });

  it('refuses a second subscription while the first is open at the provider, or a staff one runs', () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'] as const) {
      expect(blocksNewSubscription(stored({ providerStatus: status }), now), status).toBe(true);
    }
    expect(blocksNewSubscription(stored({ providerStatus: 'canceled', currentPeriodEnd: at(5) }), now)).toBe(false);
    expect(blocksNewSubscription(stored({ providerStatus: 'incomplete_expired' }), now)).toBe(false);
    expect(blocksNewSubscription(stored({ providerSubscriptionId: null, providerStatus: null }), now)).toBe(true);
    expect(blocksNewSubscription(stored({ providerSubscriptionId: null, providerStatus: null, currentPeriodEnd: at(-1) }), now)).toBe(
      false,
    );
    expect(blocksNewSubscription(null, now)).toBe(false);
  });
});

describe('applying what the provider reports', () => {
  it('starts a subscription from its first report', () => {
    expect(applyReport(null, report(), now)).toEqual({
      apply: true,
      row: { ...stored(), currentPeriodEnd: at(365), providerEventAt: now },
      paymentFailed: false,
    });
  });

  it('moves the period on when renewed and paid, and keeps cancel_at_period_end and the quantity', () => {
    const outcome = applyReport(stored(), report({ currentPeriodEnd: at(465), cancelAtPeriodEnd: true, quantity: 1 }), now);
    expect(outcome).toMatchObject({ apply: true, row: { currentPeriodEnd: at(465), cancelAtPeriodEnd: true }, paymentFailed: false });
  });

  it('ignores an event older than the one last applied; one of the same second applies', () => {
    expect(applyReport(stored({ providerEventAt: at(1) }), report(), now)).toEqual({ apply: false, reason: 'older' });
    expect(applyReport(stored({ providerEventAt: now }), report(), now).apply).toBe(true);
  });

  it('a failed renewal keeps the paid period (so it lapses) and tells the owner once', () => {
    const paidEnd = at(-1);
    const failed = applyReport(
      stored({ currentPeriodEnd: paidEnd }),
      report({ providerStatus: 'past_due', currentPeriodEnd: at(364) }),
      now,
    );
    expect(failed).toMatchObject({ apply: true, row: { providerStatus: 'past_due', currentPeriodEnd: paidEnd }, paymentFailed: true });
    if (!failed.apply) throw new Error('expected to apply');
    const again = applyReport(failed.row, report({ providerStatus: 'past_due', currentPeriodEnd: at(364) }), now);
    expect(again).toMatchObject({ apply: true, paymentFailed: false });
    // The card is fixed and the invoice paid: the new period runs.
    expect(applyReport(failed.row, report({ currentPeriodEnd: at(364) }), now)).toMatchObject({ row: { currentPeriodEnd: at(364) } });
  });

  it('a cancelled subscription runs to the end the provider reports, never past what was paid', () => {
    expect(applyReport(stored(), report({ providerStatus: 'canceled', currentPeriodEnd: at(100) }), now)).toMatchObject({
      row: { providerStatus: 'canceled', currentPeriodEnd: at(100) },
    });
    const lapsed = stored({ providerStatus: 'past_due', currentPeriodEnd: at(-20) });
    expect(applyReport(lapsed, report({ providerStatus: 'canceled', currentPeriodEnd: at(345) }), now)).toMatchObject({
      row: { currentPeriodEnd: at(-20) },
    });
  });

  it('an unfinished first payment gives no period', () => {
    expect(applyReport(null, report({ providerStatus: 'incomplete' }), now)).toMatchObject({ row: { currentPeriodEnd: null } });
  });

  it('follows a plan change made in the portal', () => {
    expect(applyReport(stored(), report({ planType: 'SINGLE' }), now)).toMatchObject({ row: { planType: 'SINGLE' } });
  });

  it('a report of another subscription replaces the row only once the first is no longer open', () => {
    expect(applyReport(stored(), report({ providerSubscriptionId: 'sub_2' }), now)).toEqual({ apply: false, reason: 'other_subscription' });
    const ended = stored({ providerStatus: 'canceled', providerEventAt: at(1) });
    // The new subscription's events are not compared with the old one's.
    expect(applyReport(ended, report({ providerSubscriptionId: 'sub_2' }), now)).toMatchObject({
      apply: true,
      row: { providerSubscriptionId: 'sub_2', providerEventAt: now },
    });
  });
});
