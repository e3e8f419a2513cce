import { sql } from 'drizzle-orm';
import { PRODUCT_CODES, type ProductCode, REGION_CURRENCY } from '../../domain/webshop/catalogue.js';
import type { Db } from '../db/client.js';
import { productPrices, products } from '../db/schema.js';

// The webshop's products and their first prices (issue 12), reference data like the plate and map tables: written at
// start in every mode (app.ts, onReady), idempotently. A product's definition follows this file; a price is written
// only where the product has no active price in the region yet, so a price changed in the database stays.
// Prices include 25 % VAT (moms, MVA), in øre. §9 gives the plate's (100 kr); the others are ours.

type ProductRow = typeof products.$inferInsert;

const PRODUCTS: readonly (ProductRow & { code: ProductCode })[] = [
  { code: 'registration', kind: 'one_time', planType: null, billingInterval: null, maxQuantity: 20, position: 1 },
  { code: 'extra_plate', kind: 'one_time', planType: null, billingInterval: null, maxQuantity: 20, position: 2 },
  { code: 'subscription_single', kind: 'subscription', planType: 'SINGLE', billingInterval: 'year', maxQuantity: 1, position: 3 },
  { code: 'subscription_family', kind: 'subscription', planType: 'FAMILY', billingInterval: 'year', maxQuantity: 1, position: 4 },
  // Per bike per year: the quantity is the organisation's number of bikes.
  {
    code: 'subscription_organisation',
    kind: 'subscription',
    planType: 'ORGANISATION',
    billingInterval: 'year',
    maxQuantity: 1000,
    position: 5,
  },
];

const VAT_RATE_PERCENT = 25;

/** Unit price in whole kroner (DKK in dk, NOK in no) and the NAF member discount, where it applies. */
const PRICES: Readonly<Record<ProductCode, { dk: number; no: number; memberDiscountPercent: number | null }>> = {
  registration: { dk: 149, no: 149, memberDiscountPercent: 20 },
  extra_plate: { dk: 100, no: 100, memberDiscountPercent: null },
  subscription_single: { dk: 99, no: 99, memberDiscountPercent: 20 },
  subscription_family: { dk: 199, no: 199, memberDiscountPercent: 20 },
  subscription_organisation: { dk: 79, no: 79, memberDiscountPercent: null },
};

export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(products)
    .values([...PRODUCTS])
    .onConflictDoUpdate({
      target: products.code,
      set: {
        kind: sql`excluded.kind`,
        planType: sql`excluded.plan_type`,
        billingInterval: sql`excluded.billing_interval`,
        maxQuantity: sql`excluded.max_quantity`,
        position: sql`excluded.position`,
      },
    });
  const prices = PRODUCT_CODES.flatMap((code) =>
    (['dk', 'no'] as const).map((region) => ({
      productCode: code,
      region,
      currency: REGION_CURRENCY[region],
      unitAmountOre: PRICES[code][region] * 100,
      vatRatePercent: VAT_RATE_PERCENT,
      memberDiscountPercent: PRICES[code].memberDiscountPercent,
    })),
  );
  // The partial unique index (one active price per product and region) turns a second start's rows away.
  await db.insert(productPrices).values(prices).onConflictDoNothing();
}
