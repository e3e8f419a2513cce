import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
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

  it("refuses a second active price for a product in a region, and a currency not the region's", async () => {
    const db = t.database.db;
    const row = { productCode: 'extra_plate', region: 'dk' as const, unitAmountOre: 1, vatRatePercent: 25 };
    await expect(db.insert(productPrices).values({ ...row, currency: 'DKK' })).rejects.toThrow();
    await expect(db.insert(productPrices).values({ ...row, currency: 'NOK', active: false })).rejects.toThrow();
    await db.insert(productPrices).values({ ...row, currency: 'DKK', active: false });
    expect(await activePrices()).toHaveLength(10);
    await db.delete(productPrices).where(eq(productPrices.active, false));
  });
});

const products_ = (query = '', headers: Record<string, string> = {}, token: string | null = null) =>
  api(t.app, token, 'GET', `/api/webshop/products/${query}`, undefined, headers);

describe('GET /api/webshop/products/', () => {
  it('answers a visitor the Danish prices by default: incl. VAT, the VAT amount and rate, the member price, in English', async () => {
    const res = await products_();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ region: 'dk', currency: 'DKK' });
    expect(body.products.map((p: { code: string }) => p.code)).toEqual([
      'registration',
      'extra_plate',
      'subscription_single',
      'subscription_family',
      'subscription_organisation',
    ]);
    const [registration, plate, single, family, organisation] = body.products;
    expect(registration).toEqual({
      code: 'registration',
      kind: 'one_time',
      name: 'Bike registration',
      description: expect.stringContaining('one bike'),
      plan_type: null,
      interval: null,
      max_quantity: 20,
      currency: 'DKK',
      vat_rate_percent: 25,
      price: { unit_amount_ore: 14_900, vat_amount_ore: 2_980 },
      // 20 % off 149 kr is 119.20 kr, shown in whole kroner: 119 kr, of which 23.80 kr VAT.
      member_price: { unit_amount_ore: 11_900, vat_amount_ore: 2_380, discount_percent: 20 },
    });
    expect(plate).toMatchObject({
      name: 'Extra plate',
      description: expect.stringContaining('7-10 business days'),
      price: { unit_amount_ore: 10_000, vat_amount_ore: 2_000 },
      member_price: null,
    });
    expect(single).toMatchObject({ kind: 'subscription', plan_type: 'SINGLE', interval: 'year', max_quantity: 1 });
    expect(family).toMatchObject({ plan_type: 'FAMILY', interval: 'year', price: { unit_amount_ore: 19_900, vat_amount_ore: 3_980 } });
    expect(organisation).toMatchObject({ plan_type: 'ORGANISATION', interval: 'year', member_price: null });
  });

  it('answers the Norwegian prices in NOK, in the language asked for', async () => {
    const res = await products_('?region=no', { 'accept-language': 'nb-NO,nb;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ region: 'no', currency: 'NOK' });
    expect(body.products[1]).toMatchObject({ code: 'extra_plate', name: 'Ekstra skilt', currency: 'NOK' });
    const da = (await products_('?region=dk', { 'accept-language': 'da' })).json();
    expect(da.products[1]).toMatchObject({ name: 'Ekstra plade', currency: 'DKK' });
    // Every product has its own name and description in each language.
    for (const language of ['da', 'en', 'no']) {
      const list = (await products_('', { 'accept-language': language })).json().products as { name: string; description: string }[];
      expect(new Set(list.map((p) => p.name)).size).toBe(5);
      for (const p of list) expect(p.description.length).toBeGreaterThan(20);
    }
  });

  it("defaults to the caller's region: the signed-in user's, else the region cookie, else dk", async () => {
    expect((await products_('', { cookie: 'region=no' })).json().region).toBe('no');
    expect((await products_('', { cookie: 'region=xx' })).json().region).toBe('dk');
    const norwegian = await signUpUser(t.app, { chosen_region: 'no' });
    expect((await products_('', {}, norwegian.token)).json()).toMatchObject({ region: 'no', currency: 'NOK' });
    expect((await products_('?region=dk', {}, norwegian.token)).json().region).toBe('dk');
    const danish = await signUpUser(t.app);
    expect((await products_('', { cookie: 'region=no' }, danish.token)).json().region).toBe('dk');
  });

  it('lists only products with an active price in the region, at the active price', async () => {
    const db = t.database.db;
    const where = and(eq(productPrices.productCode, 'subscription_single'), eq(productPrices.region, 'no'));
    await db.update(productPrices).set({ active: false }).where(where);
    const without = (await products_('?region=no')).json().products.map((p: { code: string }) => p.code);
    expect(without).not.toContain('subscription_single');
    expect(without).toHaveLength(4);
    await db.insert(productPrices).values({
      productCode: 'subscription_single',
      region: 'no',
      currency: 'NOK',
      unitAmountOre: 12_900,
      vatRatePercent: 25,
      memberDiscountPercent: 10,
    });
    const single = (await products_('?region=no')).json().products.find((p: { code: string }) => p.code === 'subscription_single');
    expect(single).toMatchObject({
      price: { unit_amount_ore: 12_900, vat_amount_ore: 2_580 },
      member_price: { unit_amount_ore: 11_600, vat_amount_ore: 2_320, discount_percent: 10 },
    });
  });

  it('refuses a region that is neither dk nor no with the §8 field shape', async () => {
    for (const region of ['se', 'DK', '', 'dk,no']) {
      const res = await products_(`?region=${encodeURIComponent(region)}`);
      expect(res.statusCode, region).toBe(422);
      expect(res.json()).toEqual({ detail: [{ loc: ['querystring', 'region'], msg: 'Invalid value', type: 'field_invalid' }] });
    }
  });
});
