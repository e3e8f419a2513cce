import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { productPrices, products } from '../db/schema.js';
import { seedCatalogue } from './catalogue-seed.js';

// The webshop's products and prices (issue 12): seeded at start in every mode, read by GET /api/webshop/products/.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const activePrices = () => t.database.db.select().from(productPrices).where(eq(productPrices.active, true));

describe('the catalogue seed', () => {
  it('is there once the app has started: five products, an active price for each in dk (DKK) and no (NOK)', async () => {
    const rows = await t.database.db.select().from(products).orderBy(products.position);
    expect(rows.map((r) => r.code)).toEqual([
      'registration',
      'extra_plate',
      'subscription_single',
      'subscription_family',
      'subscription_organisation',
    ]);
    expect(rows.find((r) => r.code === 'subscription_family')).toMatchObject({
      kind: 'subscription',
      planType: 'FAMILY',
      billingInterval: 'year',
    });
    expect(rows.find((r) => r.code === 'extra_plate')).toMatchObject({ kind: 'one_time', planType: null, billingInterval: null });
    const prices = await activePrices();
    expect(prices).toHaveLength(10);
    for (const p of prices) {
      expect(p.currency).toBe(p.region === 'dk' ? 'DKK' : 'NOK');
      expect(p.vatRatePercent).toBe(25);
    }
    // §9: an extra plate costs 100 kr.
    expect(prices.find((p) => p.productCode === 'extra_plate' && p.region === 'dk')?.unitAmountOre).toBe(10_000);
  });

  it('runs again without adding anything, and keeps a price changed in the database', async () => {
    const db = t.database.db;
    await db
      .update(productPrices)
      .set({ unitAmountOre: 15_900 })
      .where(and(eq(productPrices.productCode, 'registration'), eq(productPrices.region, 'dk')));
    await seedCatalogue(db);
    await Promise.all([seedCatalogue(db), seedCatalogue(db)]);
    const prices = await activePrices();
    expect(prices).toHaveLength(10);
    expect(await db.select().from(productPrices)).toHaveLength(10);
    expect(prices.find((p) => p.productCode === 'registration' && p.region === 'dk')?.unitAmountOre).toBe(15_900);
    await db
      .update(productPrices)
      .set({ unitAmountOre: 14_900 })
      .where(and(eq(productPrices.productCode, 'registration'), eq(productPrices.region, 'dk')));
  });

  it('refuses a second active price for a product in a region, and a currency not the region\'s', async () => {
    const db = t.database.db;
    const row = { productCode: 'extra_plate', region: 'dk' as const, unitAmountOre: 1, vatRatePercent: 25 };
    await expect(db.insert(productPrices).values({ ...row, currency: 'DKK' })).rejects.toThrow();
    await expect(db.insert(productPrices).values({ ...row, currency: 'NOK', active: false })).rejects.toThrow();
    await db.insert(productPrices).values({ ...row, currency: 'DKK', active: false });
    expect(await activePrices()).toHaveLength(10);
    await db.delete(productPrices).where(eq(productPrices.active, false));
  });
});
