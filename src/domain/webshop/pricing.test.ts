import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogueEntry, ProductCode } from './catalogue.js';
import { discountedPrice } from './money.js';
import { type OrderRequest, priceOrder } from './pricing.js';

// The server prices every order from the database's prices (issue 12: "the price always comes from the database"),
// so nothing the client sends about a price, a quantity, a currency or a plan reaches a payment unchecked.

function entry(code: ProductCode, unitAmountOre: number, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry {
  const subscription = code.startsWith('subscription_');
  const plan = { subscription_single: 'SINGLE', subscription_family: 'FAMILY', subscription_organisation: 'ORGANISATION' } as const;
  return {
    code,
    priceId: `price-${code}`,
    kind: subscription ? 'subscription' : 'one_time',
    planType: subscription ? plan[code as keyof typeof plan] : null,
    interval: subscription ? 'year' : null,
    maxQuantity: code === 'subscription_single' || code === 'subscription_family' ? 1 : code === 'subscription_organisation' ? 1000 : 20,
    region: 'dk',
    currency: 'DKK',
    unitAmountOre,
    vatRatePercent: 25,
    memberDiscountPercent: code === 'registration' || code === 'subscription_single' || code === 'subscription_family' ? 20 : null,
    ...overrides,
  };
}

const DK: CatalogueEntry[] = [
  entry('registration', 14_900),
  entry('extra_plate', 10_000),
  entry('subscription_single', 9_900),
  entry('subscription_family', 19_900),
  entry('subscription_organisation', 7_900),
];

const order = (lines: OrderRequest['lines'], more: Partial<OrderRequest> = {}): OrderRequest => ({ region: 'dk', lines, ...more });

describe('priceOrder', () => {
  it('prices two plates and a registration from the catalogue: lines, VAT and totals', () => {
    const result = priceOrder(
      DK,
      order([
        { product: 'extra_plate', quantity: 2 },
        { product: 'registration', quantity: 1 },
      ]),
    );
    expect(result).toEqual({
      ok: true,
      order: {
        region: 'dk',
        currency: 'DKK',
        kind: 'one_time',
        planType: null,
        interval: null,
        lines: [
          {
            product: 'extra_plate',
            priceId: 'price-extra_plate',
            quantity: 2,
            unitAmountOre: 10_000,
            vatRatePercent: 25,
            memberDiscountPercent: null,
            grossOre: 20_000,
            vatOre: 4_000,
            netOre: 16_000,
          },
          {
            product: 'registration',
            priceId: 'price-registration',
            quantity: 1,
            unitAmountOre: 14_900,
            vatRatePercent: 25,
            memberDiscountPercent: null,
            grossOre: 14_900,
            vatOre: 2_980,
            netOre: 11_920,
          },
        ],
        grossOre: 34_900,
        vatOre: 6_980,
        netOre: 27_920,
      },
    });
  });

  it('prices a subscription with its plan and billing interval; an organisation pays per bike', () => {
    const family = priceOrder(DK, order([{ product: 'subscription_family', quantity: 1 }]));
    expect(family).toMatchObject({ ok: true, order: { kind: 'subscription', planType: 'FAMILY', interval: 'year', grossOre: 19_900 } });
    const organisation = priceOrder(DK, order([{ product: 'subscription_organisation', quantity: 12 }]));
    expect(organisation).toMatchObject({ ok: true, order: { planType: 'ORGANISATION', grossOre: 12 * 7_900, vatOre: 18_960 } });
  });

  it('applies the NAF member discount only when the server says so, and only where it applies', () => {
    const lines = [
      { product: 'registration', quantity: 2 },
      { product: 'extra_plate', quantity: 1 },
    ];
    const member = priceOrder(DK, order(lines), { member: true });
    expect(member).toMatchObject({
      ok: true,
      order: {
        lines: [
          { product: 'registration', unitAmountOre: 11_900, memberDiscountPercent: 20, grossOre: 23_800 },
          { product: 'extra_plate', unitAmountOre: 10_000, memberDiscountPercent: null, grossOre: 10_000 },
        ],
        grossOre: 33_800,
      },
    });
    expect(priceOrder(DK, order(lines))).toMatchObject({ ok: true, order: { grossOre: 39_800 } });
  });

  it('ignores any price, VAT or plan the client puts into a line', () => {
    const tampered: unknown = {
      region: 'dk',
      lines: [{ product: 'subscription_single', quantity: 1, unitAmountOre: 1, unit_amount_ore: 1, planType: 'FAMILY', price: 0 }],
      grossOre: 1,
      planType: 'ORGANISATION',
    };
    expect(priceOrder(DK, tampered as OrderRequest)).toMatchObject({
      ok: true,
      order: { planType: 'SINGLE', grossOre: 9_900, lines: [{ unitAmountOre: 9_900, grossOre: 9_900 }] },
    });
  });

  it('refuses products it does not sell in the region: unknown codes, plan names, inactive ones', () => {
    const withoutPlate = DK.filter((e) => e.code !== 'extra_plate');
    for (const [catalogue, product] of [
      [DK, 'free_bike'],
      [DK, 'FAMILY'],
      [DK, ''],
      [DK, '__proto__'],
      [DK, 'toString'],
      [withoutPlate, 'extra_plate'],
    ] as const) {
      expect(priceOrder(catalogue, order([{ product, quantity: 1 }])), product).toEqual({
        ok: false,
        problems: [{ loc: ['body', 'lines', 0, 'product'], code: 'product_unknown' }],
      });
    }
  });

  it("refuses quantities below 1, above the product's maximum, and not whole numbers", () => {
    const cases: [string, number][] = [
      ['extra_plate', 0],
      ['extra_plate', -1],
      ['extra_plate', 21],
      ['extra_plate', 1.5],
      ['extra_plate', Number.NaN],
      ['extra_plate', Number.POSITIVE_INFINITY],
      ['registration', 1e21],
      ['subscription_family', 2],
      ['subscription_organisation', 1001],
    ];
    for (const [product, quantity] of cases) {
      expect(priceOrder(DK, order([{ product, quantity }])), `${product} × ${quantity}`).toEqual({
        ok: false,
        problems: [{ loc: ['body', 'lines', 0, 'quantity'], code: 'quantity_invalid' }],
      });
    }
    expect(priceOrder(DK, order([{ product: 'extra_plate', quantity: 20 }]))).toMatchObject({ ok: true, order: { grossOre: 200_000 } });
  });

  it('refuses an empty order, a product twice, and a subscription together with anything else', () => {
    expect(priceOrder(DK, order([]))).toEqual({ ok: false, problems: [{ loc: ['body', 'lines'], code: 'order_empty' }] });
    expect(
      priceOrder(
        DK,
        order([
          { product: 'extra_plate', quantity: 20 },
          { product: 'extra_plate', quantity: 20 },
        ]),
      ),
    ).toEqual({ ok: false, problems: [{ loc: ['body', 'lines', 1, 'product'], code: 'order_line_duplicate' }] });
    for (const other of ['registration', 'extra_plate', 'subscription_family']) {
      expect(
        priceOrder(
          DK,
          order([
            { product: 'subscription_single', quantity: 1 },
            { product: other, quantity: 1 },
          ]),
        ),
      ).toEqual({ ok: false, problems: [{ loc: ['body', 'lines'], code: 'order_mixed' }] });
    }
  });

  it("refuses a currency that is not the region's, and a catalogue entry of another region", () => {
    const lines = [{ product: 'extra_plate', quantity: 1 }];
    expect(priceOrder(DK, order(lines, { currency: 'NOK' }))).toEqual({
      ok: false,
      problems: [{ loc: ['body', 'currency'], code: 'currency_invalid' }],
    });
    expect(priceOrder(DK, order(lines, { currency: 'DKK' }))).toMatchObject({ ok: true });
    expect(priceOrder(DK, order(lines, { region: 'no' }))).toEqual({
      ok: false,
      problems: [{ loc: ['body', 'lines', 0, 'product'], code: 'product_unknown' }],
    });
    const mislabelled = [entry('extra_plate', 10_000, { region: 'no', currency: 'DKK' })];
    expect(priceOrder(mislabelled, order(lines, { region: 'no' }))).toMatchObject({ ok: false });
  });

  it("any accepted order's total is the sum of the database's prices × quantities, and its VAT the sum of its lines'", () => {
    const catalogue = fc.uniqueArray(
      fc.record({
        code: fc.constantFrom<ProductCode>(
          'registration',
          'extra_plate',
          'subscription_single',
          'subscription_family',
          'subscription_organisation',
        ),
        unitAmountOre: fc.integer({ min: 0, max: 1_000_000 }),
        memberDiscountPercent: fc.option(fc.integer({ min: 0, max: 100 })),
        maxQuantity: fc.integer({ min: 1, max: 50 }),
      }),
      { selector: (e) => e.code, minLength: 1 },
    );
    const line = fc.record({
      product: fc.oneof(
        fc.constantFrom('registration', 'extra_plate', 'subscription_single', 'subscription_family', 'subscription_organisation'),
        fc.string(),
      ),
      quantity: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double()),
    });
    fc.assert(
      fc.property(catalogue, fc.array(line, { maxLength: 6 }), fc.boolean(), (entries, lines, member) => {
        const db = entries.map((e) => entry(e.code, e.unitAmountOre, e));
        const result = priceOrder(db, order(lines), { member });
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          return;
        }
        const expected = lines.reduce((sum, l) => {
          const e = db.find((d) => d.code === l.product);
          if (!e) throw new Error('accepted an unknown product');
          expect(Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= e.maxQuantity).toBe(true);
          const unit =
            member && e.memberDiscountPercent !== null ? discountedPrice(e.unitAmountOre, e.memberDiscountPercent) : e.unitAmountOre;
          return sum + unit * l.quantity;
        }, 0);
        expect(result.order.grossOre).toBe(expected);
        expect(result.order.vatOre).toBe(result.order.lines.reduce((sum, l) => sum + l.vatOre, 0));
        expect(result.order.grossOre).toBe(result.order.netOre + result.order.vatOre);
        expect(result.order.currency).toBe('DKK');
        const kinds = new Set(result.order.lines.map((l) => db.find((d) => d.code === l.product)?.kind));
        if (kinds.has('subscription')) expect(result.order.lines).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });
});
