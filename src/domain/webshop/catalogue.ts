import * as z from 'zod/mini';
import { PLAN_TYPES } from '../bikes.js';
import { REGIONS, type Region } from '../locale.js';

// The webshop's products and their prices (issue 12; §1, §6, §9): the contract of GET /api/webshop/products/
// and the facts the server prices orders from (pricing.ts). Prices live in the database (product_price), in øre,
// including VAT, one active price per product and region; the server seeds them (server/webshop/catalogue-seed.ts).

export const PRODUCT_CODES = [
  'registration',
  'extra_plate',
  'subscription_single',
  'subscription_family',
  'subscription_organisation',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export const PRODUCT_KINDS = ['one_time', 'subscription'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const BILLING_INTERVALS = ['year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const CURRENCIES = ['DKK', 'NOK'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Each region pays in its own currency: DKK in Denmark, NOK in Norway. */
export const REGION_CURRENCY: Readonly<Record<Region, Currency>> = { dk: 'DKK', no: 'NOK' };

/** A product with its active price in one region, as the server reads it from the database. */
export interface CatalogueEntry {
  code: ProductCode;
  /** The product_price row this price is (an order line keeps it). */
  priceId: string;
  kind: ProductKind;
  /** Subscriptions: the plan they give (§3 plan_type). */
  planType: (typeof PLAN_TYPES)[number] | null;
  /** Subscriptions: how often they are billed. */
  interval: BillingInterval | null;
  /** The most of it one order may hold (plates: 20; a subscription for one or a family: 1; an organisation's: its bikes). */
  maxQuantity: number;
  region: Region;
  currency: Currency;
  /** Unit price including VAT, in øre. */
  unitAmountOre: number;
  vatRatePercent: number;
  /** The NAF member discount in percent where it applies, else null. */
  memberDiscountPercent: number | null;
}

/** GET /api/webshop/products/?region=dk|no */
export const productsQuerySchema = z.object({
  region: z.optional(z.enum(REGIONS, { error: 'field_invalid' })),
});

const amountSchema = z.object({
  /** Unit price including VAT, in øre. */
  unit_amount_ore: z.number(),
  /** The VAT inside it, in øre (rounded half up). */
  vat_amount_ore: z.number(),
});

export const productSchema = z.object({
  code: z.enum(PRODUCT_CODES),
  kind: z.enum(PRODUCT_KINDS),
  /** In the caller's language. */
  name: z.string(),
  description: z.string(),
  plan_type: z.nullable(z.enum(PLAN_TYPES)),
  /** Subscriptions: the billing period the price is for. */
  interval: z.nullable(z.enum(BILLING_INTERVALS)),
  max_quantity: z.number(),
  currency: z.enum(CURRENCIES),
  vat_rate_percent: z.number(),
  price: amountSchema,
  /** The NAF member price (the discount applied on the server), where a discount applies. */
  member_price: z.nullable(z.extend(amountSchema, { discount_percent: z.number() })),
});
export type Product = z.infer<typeof productSchema>;

export const productsAnswerSchema = z.object({
  region: z.enum(REGIONS),
  currency: z.enum(CURRENCIES),
  products: z.array(productSchema),
});
export type ProductsAnswer = z.infer<typeof productsAnswerSchema>;
