import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatOfGross } from './money.js';
import { formatReceiptNumber, placeOrderSchema, receiptOf } from './orders.js';

describe('receiptOf', () => {
  it('prints each line with its VAT and the totals of a small order', () => {
    const receipt = receiptOf([
      { product: 'registration', name: 'Registrering', quantity: 1, unitAmountOre: 14_900, vatRatePercent: 25 },
      { product: 'extra_plate', name: 'Ekstra plade', quantity: 3, unitAmountOre: 10_000, vatRatePercent: 25 },
    ]);
    expect(receipt.lines.map((l) => [l.grossOre, l.vatOre, l.netOre])).toEqual([
      [14_900, 2_980, 11_920],
      [30_000, 6_000, 24_000],
    ]);
    expect(receipt).toMatchObject({ grossOre: 44_900, vatOre: 8_980, netOre: 35_920 });
  });

  it('a receipt’s VAT is the sum of its lines’ VAT, and every line adds up (property)', () => {
    const line = fc.record({
      product: fc.constant(null),
      name: fc.string({ maxLength: 20 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      unitAmountOre: fc.integer({ min: 0, max: 10_000_000 }),
      vatRatePercent: fc.constantFrom(0, 6, 12, 15, 25),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const receipt = receiptOf(lines);
        expect(receipt.vatOre).toBe(receipt.lines.reduce((sum, l) => sum + l.vatOre, 0));
        expect(receipt.grossOre).toBe(receipt.lines.reduce((sum, l) => sum + l.grossOre, 0));
        expect(receipt.netOre + receipt.vatOre).toBe(receipt.grossOre);
        for (const l of receipt.lines) {
          expect(l.grossOre).toBe(l.unitAmountOre * l.quantity);
          expect(l.vatOre).toBe(vatOfGross(l.grossOre, l.vatRatePercent));
        }
      }),
    );
  });
});

describe('formatReceiptNumber', () => {
  it('names the series and pads the number to six digits', () => {
    expect(formatReceiptNumber('dk', 42)).toBe('DK-000042');
    expect(formatReceiptNumber('no', 1_234_567)).toBe('NO-1234567');
  });
});

describe('placeOrderSchema', () => {
  it('reads products and quantities and drops anything else the client sends', () => {
    const parsed = placeOrderSchema.parse({
      family: 'plates',
      lines: [{ product: 'extra_plate', quantity: 2, unit_amount_ore: 1 }],
      gross_ore: 1,
    });
    expect(parsed).toEqual({ family: 'plates', lines: [{ product: 'extra_plate', quantity: 2 }] });
  });
});
