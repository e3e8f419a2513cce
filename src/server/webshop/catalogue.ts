import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Language, normaliseRegion, type Region } from '../../domain/locale.js';
import type { CatalogueEntry, Product, ProductsAnswer } from '../../domain/webshop/catalogue.js';
import { REGION_CURRENCY } from '../../domain/webshop/catalogue.js';
import { discountedPrice, vatOfGross } from '../../domain/webshop/money.js';
import type { Db } from '../db/client.js';
import { identities, productPrices, products } from '../db/schema.js';
import { readCookie } from '../http/cookies.js';
import { getFixedT } from '../i18n/index.js';

// The webshop's catalogue (issue 12): the products with their active price in a region, as the database holds them.
// Both the product list and the pricing of an order (domain/webshop/pricing.ts) read it from here, so a price shown
// and a price charged are the same row.

/** The products that have an active price in the region, in the webshop's order. */
export async function readCatalogue(db: Db, region: Region): Promise<CatalogueEntry[]> {
  const rows = await db
    .select({ product: products, price: productPrices })
    .from(products)
    .innerJoin(
      productPrices,
      and(eq(productPrices.productCode, products.code), eq(productPrices.region, region), eq(productPrices.active, true)),
    )
    .orderBy(asc(products.position));
  return rows.map(({ product, price }) => ({
    code: product.code,
    priceId: price.id,
    kind: product.kind,
    planType: product.planType,
    interval: product.billingInterval,
    maxQuantity: product.maxQuantity,
    region: price.region,
    currency: price.currency,
    unitAmountOre: price.unitAmountOre,
    vatRatePercent: price.vatRatePercent,
    memberDiscountPercent: price.memberDiscountPercent,
  }));
}

/**
 * The region a caller shops in when they name none: the signed-in person's (their profile's), else the `region`
 * cookie the web sets (§1), else dk.
 */
export async function callerRegion(db: Db, request: FastifyRequest): Promise<Region> {
  if (request.caller) {
    const [row] = await db.select({ region: identities.region }).from(identities).where(eq(identities.partyId, request.caller.partyId));
    if (row) return row.region;
  }
  return normaliseRegion(readCookie(request, 'region'));
}

function toProduct(entry: CatalogueEntry, language: Language): Product {
  const t = getFixedT(language, 'webshop', `products.${entry.code}`);
  const discount = entry.memberDiscountPercent;
  return {
    code: entry.code,
    kind: entry.kind,
    name: t('name'),
    description: t('description'),
    plan_type: entry.planType,
    interval: entry.interval,
    max_quantity: entry.maxQuantity,
    currency: entry.currency,
    vat_rate_percent: entry.vatRatePercent,
    price: { unit_amount_ore: entry.unitAmountOre, vat_amount_ore: vatOfGross(entry.unitAmountOre, entry.vatRatePercent) },
    member_price: discount === null ? null : memberPrice(entry, discount),
  };
}

/** The NAF member's price: the discount applied here, on the server, never by the client. */
function memberPrice(entry: CatalogueEntry, discountPercent: number): NonNullable<Product['member_price']> {
  const amount = discountedPrice(entry.unitAmountOre, discountPercent);
  return { unit_amount_ore: amount, vat_amount_ore: vatOfGross(amount, entry.vatRatePercent), discount_percent: discountPercent };
}

/** GET /api/webshop/products/: the region's products, prices incl. VAT and the VAT in them, in the caller's language. */
export async function listProducts(db: Db, region: Region, language: Language): Promise<ProductsAnswer> {
  const entries = await readCatalogue(db, region);
  return { region, currency: REGION_CURRENCY[region], products: entries.map((entry) => toProduct(entry, language)) };
}
