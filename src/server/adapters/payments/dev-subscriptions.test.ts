import { describe, expect, it } from 'vitest';
import { addInterval } from './dev-subscriptions.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('addInterval (a subscription period, as Stripe counts it)', () => {
  it('adds a month or a year on the same day and time', () => {
    expect(addInterval(at('2026-03-15T10:20:30Z'), 'month')).toBe(at('2026-04-15T10:20:30Z'));
    expect(addInterval(at('2026-12-15T00:00:00Z'), 'month')).toBe(at('2027-01-15T00:00:00Z'));
    expect(addInterval(at('2026-03-15T10:20:30Z'), 'year')).toBe(at('2027-03-15T10:20:30Z'));
  });

  it('ends on the last day of a shorter month', () => {
    expect(addInterval(at('2026-01-31T12:00:00Z'), 'month')).toBe(at('2026-02-28T12:00:00Z'));
    expect(addInterval(at('2028-01-31T12:00:00Z'), 'month')).toBe(at('2028-02-29T12:00:00Z'));
    expect(addInterval(at('2028-02-29T12:00:00Z'), 'year')).toBe(at('2029-02-28T12:00:00Z'));
  });
});
