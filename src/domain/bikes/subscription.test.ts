import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEGACY_PLACEHOLDER_CREDITS } from '../constants.js';
import { subscriptionState } from './subscription.js';

const now = new Date('2025-03-01T10:00:00Z');
const oneYearAhead = new Date('2026-03-01T10:00:00Z');
const recentSignup = new Date('2024-01-01T00:00:00Z');
const legacySignup = new Date('2022-05-01T00:00:00Z');
const day = 86_400_000;

describe('subscriptionState', () => {
  it('is active while the paid period runs', () => {
    const end = new Date(now.getTime() + 10 * day);
    expect(subscriptionState({ unusedCredits: 2, currentPeriodEnd: end, signedUpAt: recentSignup, now })).toEqual({
      active: true,
      vip: false,
      credits: 2,
      currentPeriodEnd: end,
    });
  });
  it('is VIP for a year ahead with credits and no period end', () => {
    expect(subscriptionState({ unusedCredits: 1, currentPeriodEnd: null, signedUpAt: recentSignup, now })).toEqual({
      active: true,
      vip: true,
      credits: 1,
      currentPeriodEnd: oneYearAhead,
    });
  });
  it('is inactive without credits and without a period end', () => {
    expect(subscriptionState({ unusedCredits: 0, currentPeriodEnd: null, signedUpAt: recentSignup, now })).toEqual({
      active: false,
      vip: false,
      credits: 0,
      currentPeriodEnd: null,
    });
  });
  it('is inactive once the period has ended, credits or not', () => {
    const ended = new Date(now.getTime() - day);
    expect(subscriptionState({ unusedCredits: 3, currentPeriodEnd: ended, signedUpAt: recentSignup, now }).active).toBe(false);
    expect(subscriptionState({ unusedCredits: 0, currentPeriodEnd: now, signedUpAt: recentSignup, now }).active).toBe(false);
  });
  it('gives legacy identities with credits 100 placeholder credits, active, VIP', () => {
    expect(subscriptionState({ unusedCredits: 1, currentPeriodEnd: null, signedUpAt: legacySignup, now })).toEqual({
      active: true,
      vip: true,
      credits: LEGACY_PLACEHOLDER_CREDITS,
      currentPeriodEnd: oneYearAhead,
    });
    const ended = new Date(now.getTime() - day);
    expect(subscriptionState({ unusedCredits: 1, currentPeriodEnd: ended, signedUpAt: legacySignup, now }).active).toBe(true);
  });
  it('treats legacy identities without credits like anyone else', () => {
    expect(subscriptionState({ unusedCredits: 0, currentPeriodEnd: null, signedUpAt: legacySignup, now }).active).toBe(false);
  });
  it('draws the legacy line at 2023-02-07', () => {
    const state = (signedUpAt: string) =>
      subscriptionState({ unusedCredits: 1, currentPeriodEnd: null, signedUpAt: new Date(signedUpAt), now }).credits;
    expect(state('2023-02-06T23:59:59Z')).toBe(LEGACY_PLACEHOLDER_CREDITS);
    expect(state('2023-02-07T00:00:00Z')).toBe(1);
  });

  const dates = fc.date({ min: new Date('2015-01-01'), max: new Date('2040-01-01'), noInvalidDate: true });
  const input = fc.record({
    unusedCredits: fc.integer({ min: 0, max: 500 }),
    currentPeriodEnd: fc.option(dates, { nil: null }),
    signedUpAt: dates,
    now: dates,
  });
  it('is always active with a period end in the future', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 10_000 * day }), (given, ahead) => {
        const end = new Date(given.now.getTime() + ahead);
        expect(subscriptionState({ ...given, currentPeriodEnd: end }).active).toBe(true);
      }),
    );
  });
  it('is never active without credits and without a period end', () => {
    fc.assert(
      fc.property(input, (given) => {
        expect(subscriptionState({ ...given, unusedCredits: 0, currentPeriodEnd: null }).active).toBe(false);
      }),
    );
  });
  it('always reports 100 credits for a legacy identity with credits', () => {
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 1, max: 500 }),
        fc.date({ max: new Date('2023-02-06T23:59:59Z'), noInvalidDate: true }),
        (given, credits, signedUpAt) => {
          const state = subscriptionState({ ...given, unusedCredits: credits, signedUpAt });
          expect(state).toMatchObject({ credits: LEGACY_PLACEHOLDER_CREDITS, active: true, vip: true });
        },
      ),
    );
  });
  it('reports a VIP period end one year ahead at least', () => {
    fc.assert(
      fc.property(input, (given) => {
        const state = subscriptionState(given);
        if (state.vip) expect(state.currentPeriodEnd!.getTime()).toBeGreaterThanOrEqual(given.now.getTime() + 365 * day);
        if (!state.active) expect(state.vip).toBe(false);
      }),
    );
  });
});
