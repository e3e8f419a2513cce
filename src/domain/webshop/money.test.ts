import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedPrice, lineTotals, orderTotals, vatOfGross } from './money.js';

describe('vatOfGross', () => {
  it('takes the VAT out of a price that includes it', () => {
    expect(vatOfGross(10_000, 25)).toBe(2_000); // 100 kr: 80 kr + 20 kr moms
    expect(vatOfGross(12_500, 25)).toBe(2_500);
    expect(vatOfGross(0, 25)).toBe(0);
    expect(vatOfGross(1, 25)).toBe(0); // 0.2 øre
    expect(vatOfGross(3, 25)).toBe(1); // 0.6 øre rounds up
    expect(vatOfGross(10_000, 0)).toBe(0);
  });

  it('rounds to the nearest øre, a half up', () => {
    expect(vatOfGross(5, 25)).toBe(1); // exactly 1
    expect(vatOfGross(8, 25)).toBe(2); // 1.6
    expect(vatOfGross(3, 20)).toBe(1); // exactly 0.5
    expect(vatOfGross(9, 20)).toBe(2); // exactly 1.5
  });

  it('refuses amounts that are not whole øre and odd rates', () => {
    expect(() => vatOfGross(10.5, 25)).toThrow(RangeError);
    expect(() => vatOfGross(-1, 25)).toThrow(RangeError);
    expect(() => vatOfGross(100, 25.5)).toThrow(RangeError);
  });
});

describe('discountedPrice', () => {
  it('applies a member discount and keeps the price in whole kroner', () => {
    expect(discountedPrice(29_900, 20)).toBe(23_900); // 239.20 kr → 239 kr
    expect(discountedPrice(10_000, 0)).toBe(10_000);
    expect(discountedPrice(10_000, 100)).toBe(0);
  });
});

describe('orderTotals', () => {
  it('adds lines: two plates at 100 kr and a registration at 149 kr', () => {
    const totals = orderTotals([
      { unitGrossOre: 10_000, quantity: 2, vatRatePercent: 25 },
      { unitGrossOre: 14_900, quantity: 1, vatRatePercent: 25 },
    ]);
    expect(totals.lines).toEqual([
      { grossOre: 20_000, vatOre: 4_000, netOre: 16_000 },
      { grossOre: 14_900, vatOre: 2_980, netOre: 11_920 },
    ]);
    expect(totals).toMatchObject({ grossOre: 34_900, vatOre: 6_980, netOre: 27_920 });
  });

  it('refuses a quantity that is not a positive whole number', () => {
    expect(() => lineTotals({ unitGrossOre: 100, quantity: 0, vatRatePercent: 25 })).toThrow(RangeError);
    expect(() => lineTotals({ unitGrossOre: 100, quantity: 1.5, vatRatePercent: 25 })).toThrow(RangeError);
  });

  it("always adds up: the lines' VAT is the receipt's, every amount is gross = net + VAT, VAT never exceeds the rate", () => {
    const line = fc.record({
      unitGrossOre: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      vatRatePercent: fc.constantFrom(0, 6, 12, 15, 25),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const totals = orderTotals(lines);
        expect(totals.vatOre).toBe(totals.lines.reduce((sum, l) => sum + l.vatOre, 0));
        expect(totals.grossOre).toBe(totals.netOre + totals.vatOre);
        lines.forEach((input, i) => {
          const l = totals.lines[i]!;
          expect(l.grossOre).toBe(l.netOre + l.vatOre);
          // Within half an øre of the exact VAT.
          const exact = (l.grossOre * input.vatRatePercent) / (100 + input.vatRatePercent);
          expect(Math.abs(l.vatOre - exact)).toBeLessThanOrEqual(0.5);
        });
      }),
    );
  });
});
