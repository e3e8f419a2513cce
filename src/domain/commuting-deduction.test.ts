import { describe, expect, it } from 'vitest';
import { commutingDaysAYear, commutingDeduction, DK_COMMUTING_DEDUCTION_RATES, ratesForYear } from './commuting-deduction.js';

const rates2026 = ratesForYear(2026);

describe('commutingDeduction', () => {
  it('gives nothing for a round trip of 24 km or less', () => {
    expect(commutingDeduction(12, 220, rates2026)).toMatchObject({ roundTripKm: 24, kmAtRate: 0, kmOver120: 0, yearlyOre: 0 });
    expect(commutingDeduction(5, 220, rates2026).yearlyOre).toBe(0);
  });

  it('gives the full rate per km from 25 to 120 km a day', () => {
    // 19 km each way: 38 km a day, 14 over the threshold, at 2,28 kr. for 200 days = 6.384 kr.
    const deduction = commutingDeduction(19, 200, rates2026);
    expect(deduction).toMatchObject({ roundTripKm: 38, kmAtRate: 14, kmOver120: 0, perDayOre: 14 * 228 });
    expect(deduction.yearlyOre).toBe(638_400);
  });

  it("agrees with PwC's 2026 example: 50 km a day for 220 days is about 13.041 kr.", () => {
    expect(commutingDeduction(25, 220, rates2026).yearlyOre).toBe(1_304_200);
  });

  it('gives the lower rate for the km over 120 a day', () => {
    // 80 km each way: 160 km a day, 96 km at 2,28 and 40 km at 1,14.
    const deduction = commutingDeduction(80, 100, rates2026);
    expect(deduction).toMatchObject({ roundTripKm: 160, kmAtRate: 96, kmOver120: 40, perDayOre: 96 * 228 + 40 * 114 });
    expect(deduction.yearlyOre).toBe((96 * 228 + 40 * 114) * 100);
  });

  it('keeps a decimal distance and rounds the year to whole kroner', () => {
    const deduction = commutingDeduction(12.75, 3, rates2026);
    expect(deduction.roundTripKm).toBe(25.5);
    expect(deduction.kmAtRate).toBe(1.5);
    expect(deduction.yearlyOre).toBe(1000); // 1,5 × 2,28 × 3 = 10,26 kr.
  });

  it('gives nothing for no days or a negative distance', () => {
    expect(commutingDeduction(40, 0, rates2026).yearlyOre).toBe(0);
    expect(commutingDeduction(-3, 200, rates2026).roundTripKm).toBe(0);
  });
});

describe('ratesForYear', () => {
  it("has 2026's and 2025's rates, each with a source", () => {
    expect(ratesForYear(2026)).toMatchObject({ year: 2026, rateOre: 228, rateOver120Ore: 114 });
    expect(ratesForYear(2025)).toMatchObject({ year: 2025, rateOre: 223, rateOver120Ore: 112 });
    for (const rates of DK_COMMUTING_DEDUCTION_RATES) expect(rates.source.url).toMatch(/^https:\/\//);
  });

  it('uses the newest year before a later year, and the oldest for an earlier one', () => {
    expect(ratesForYear(2031).year).toBe(2026);
    expect(ratesForYear(2019).year).toBe(2025);
  });

  it('lists the years newest first', () => {
    const years = DK_COMMUTING_DEDUCTION_RATES.map((r) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });
});

describe('commutingDaysAYear', () => {
  it('counts days a week over the weeks not away', () => {
    expect(commutingDaysAYear(5, 7)).toBe(225);
    expect(commutingDaysAYear(3, 6)).toBe(138);
  });

  it('never counts below nothing', () => {
    expect(commutingDaysAYear(5, 60)).toBe(0);
    expect(commutingDaysAYear(5, -4)).toBe(260);
  });
});
