import * as z from 'zod/mini';
import { BIKE_CATEGORIES, type BikeCategory, isPastIsoDate, purchaseDateSchema } from './bikes.js';
import { cprSchema, emailSchema, phoneSchema, zipCodeSchema } from './identity.js';

// The Danish insurance sign-up (§2 /forsikrings-indtegning, §3 Insurance purchase, §9): the basket's bikes, the
// §3 autofill from URL parameters, the premium rule, and the calls' contracts. Pure: the web shows the rule and
// the server prices every basket with it (the server's answer is what is ordered).
//
// The premium (our rule, stated on the page): a share of the bike's insured value a year, in basis points
// (1/100 %): 4 % for theft (basic), 6 % for theft and damage (plus); one percentage point more for an electric
// bike, and one more for the types thieves favour most (racer, road, mountain bike, cargo). The insured value is
// the price paid, 10 % less for each full year since the purchase, at most 50 % less. At least 300 kr. a bike.
// Insurance is exempt from VAT in Denmark (momsloven § 13, stk. 1, nr. 10); the state's duty on non-life
// insurance (skadesforsikringsafgift, 1.1 % of the premium) is added to the total and shown on its own.

export const INSURANCE_COVERAGES = ['basic', 'plus'] as const;
export type InsuranceCoverage = (typeof INSURANCE_COVERAGES)[number];

/** §9: the bike a sign-up starts with when the link names none (its purchase date is today). */
export const DEFAULT_BIKE = { bikePrice: 15000, bikeType: 'racer', bikeIsElectric: false } as const;
export const BASKET_MAX_ITEMS = 10;
/** Prices are whole kroner, up to this (a dearer bike needs a talk with the insurer, not a web form). */
export const BIKE_PRICE_MAX_KR = 200_000;

export const COVERAGE_RATE_BP: Record<InsuranceCoverage, number> = { basic: 400, plus: 600 };
export const ELECTRIC_EXTRA_BP = 100;
export const FAVOURED_TYPES: readonly BikeCategory[] = ['racer', 'road', 'mountainTour', 'cargo'];
export const FAVOURED_TYPE_EXTRA_BP = 100;
export const DEPRECIATION_PERCENT_PER_YEAR = 10;
export const DEPRECIATION_MAX_PERCENT = 50;
export const MINIMUM_PREMIUM_ORE = 30_000;
/** Skadesforsikringsafgift: 1.1 % of the premium. */
export const INSURANCE_DUTY_BP = 110;

export interface BasketItem {
  /** Made by the browser (crypto.randomUUID), kept as the item's name in the order. */
  id: string;
  /** Whole kroner. */
  bikePrice: number;
  bikeType: BikeCategory;
  bikeIsElectric: boolean;
  /** YYYY-MM-DD, not after today. */
  bikePurchaseDate: string;
  coverage: InsuranceCoverage;
}

/** Today as YYYY-MM-DD (UTC, as the purchase-date check reads it). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const isBikeCategory = (value: string): value is BikeCategory => (BIKE_CATEGORIES as readonly string[]).includes(value);

/** A price to take from a link: a number above zero (§5 "non-zero"), whole kroner, within the limit; else null. */
export function autofilledPrice(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw.trim());
  if (!Number.isFinite(value) || value <= 0) return null;
  const kroner = Math.round(value);
  return kroner >= 1 && kroner <= BIKE_PRICE_MAX_KR ? kroner : null;
}

function autofilledBoolean(raw: string | null): boolean | null {
  const value = raw?.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  return null;
}

/**
 * §3 autofill: the bike a link describes (?bikePrice=&bikeType=&bikeIsElectric=&bikePurchaseDate=), each value
 * that is missing or unusable taken from the §9 default bike (purchase date: today). `get` reads one parameter.
 */
export function autofilledBike(get: (name: string) => string | null, today: string): Omit<BasketItem, 'id' | 'coverage'> {
  const type = get('bikeType')?.trim() ?? '';
  const date = get('bikePurchaseDate')?.trim() ?? '';
  return {
    bikePrice: autofilledPrice(get('bikePrice')) ?? DEFAULT_BIKE.bikePrice,
    bikeType: isBikeCategory(type) ? type : DEFAULT_BIKE.bikeType,
    bikeIsElectric: autofilledBoolean(get('bikeIsElectric')) ?? DEFAULT_BIKE.bikeIsElectric,
    bikePurchaseDate: isPastIsoDate(date, new Date(`${today}T12:00:00Z`)) ? date : today,
  };
}

/** Whether a link carries any autofill parameter (then it describes a bike to add). */
export function hasAutofill(get: (name: string) => string | null): boolean {
  return ['bikePrice', 'bikeType', 'bikeIsElectric', 'bikePurchaseDate'].some((name) => get(name) !== null);
}

/** Full years from one YYYY-MM-DD to another (0 when the first is later). */
export function fullYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const years = ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
  return Math.max(0, years);
}

export interface PricedItem {
  id: string;
  insured_value_ore: number;
  rate_basis_points: number;
  premium_ore: number;
}

/** One bike's premium a year, in øre, by the rule above. */
export function priceItem(item: Omit<BasketItem, 'id'> & { id: string }, today: string): PricedItem {
  const depreciation = Math.min(DEPRECIATION_MAX_PERCENT, DEPRECIATION_PERCENT_PER_YEAR * fullYearsBetween(item.bikePurchaseDate, today));
  // Whole kroner × whole percent = øre.
  const insuredValueOre = item.bikePrice * (100 - depreciation);
  const rate =
    COVERAGE_RATE_BP[item.coverage] +
    (item.bikeIsElectric ? ELECTRIC_EXTRA_BP : 0) +
    (FAVOURED_TYPES.includes(item.bikeType) ? FAVOURED_TYPE_EXTRA_BP : 0);
  // Integer øre, rounded half up: value × rate / 10 000.
  const premium = Math.floor((insuredValueOre * rate * 2 + 10_000) / 20_000);
  return {
    id: item.id,
    insured_value_ore: insuredValueOre,
    rate_basis_points: rate,
    premium_ore: Math.max(MINIMUM_PREMIUM_ORE, premium),
  };
}

export interface InsuranceQuote {
  items: PricedItem[];
  /** The premiums a year, added up. */
  premium_ore: number;
  /** The duty on them (INSURANCE_DUTY_BP), rounded half up. */
  duty_ore: number;
  /** What is paid a year: premiums and duty; no VAT on insurance. */
  total_ore: number;
}

export function quoteBasket(items: readonly BasketItem[], today: string): InsuranceQuote {
  const priced = items.map((item) => priceItem(item, today));
  const premium = priced.reduce((sum, item) => sum + item.premium_ore, 0);
  const duty = Math.floor((premium * INSURANCE_DUTY_BP * 2 + 10_000) / 20_000);
  return { items: priced, premium_ore: premium, duty_ore: duty, total_ore: premium + duty };
}

// ---- the calls ----

const trimmed = (max: number) => z.string({ error: 'field_required' }).check(z.trim(), z.maxLength(max, { error: 'too_long' }));
const required = (max: number) => trimmed(max).check(z.minLength(1, { error: 'field_required' }));
/** An optional text field: empty means not given. */
const optional = (max: number) => z.optional(z.nullable(trimmed(max)));

export const basketItemSchema = z.object({
  id: z.string({ error: 'field_required' }).check(z.uuid({ error: 'field_invalid' })),
  bikePrice: z
    .int({ error: 'insurance_bike_price_invalid' })
    .check(
      z.minimum(1, { error: 'insurance_bike_price_invalid' }),
      z.maximum(BIKE_PRICE_MAX_KR, { error: 'insurance_bike_price_invalid' }),
    ),
  bikeType: z.enum(BIKE_CATEGORIES, { error: 'field_invalid' }),
  bikeIsElectric: z.boolean({ error: 'field_invalid' }),
  bikePurchaseDate: purchaseDateSchema,
  coverage: z.enum(INSURANCE_COVERAGES, { error: 'field_invalid' }),
});

export const basketSchema = z.array(basketItemSchema, { error: 'insurance_basket_empty' }).check(
  z.minLength(1, { error: 'insurance_basket_empty' }),
  z.maxLength(BASKET_MAX_ITEMS, { error: 'too_long' }),
  z.refine((items) => new Set(items.map((i) => i.id)).size === items.length, { error: 'field_invalid' }),
);

/** POST /insurance/purchases/quote: the basket to price. */
export const quoteRequestSchema = z.object({ items: basketSchema });

export const quoteSchema = z.object({
  items: z.array(z.object({ id: z.string(), insured_value_ore: z.number(), rate_basis_points: z.number(), premium_ore: z.number() })),
  premium_ore: z.number(),
  duty_ore: z.number(),
  total_ore: z.number(),
});

/** The checkout's fields (§3): a Danish CPR number only (DDMMYY-XXXX), the bank's register number and account. */
export const checkoutSchema = z.object({
  name: required(200),
  email: emailSchema,
  social_number: z.pipe(z.string({ error: 'field_required' }), z.pipe(cprSchema, z.string().check(z.length(10, { error: 'cpr_invalid' })))),
  address: required(200),
  zip_code: z.pipe(z.string({ error: 'field_required' }), zipCodeSchema),
  city: required(100),
  floor: optional(20),
  side: optional(20),
  door: optional(20),
  mobile: z.pipe(z.string({ error: 'field_required' }), phoneSchema),
  other_phone: z.optional(
    z.nullable(trimmed(40).check(z.refine((v) => v === '' || phoneSchema.safeParse(v).success, { error: 'phone_invalid' }))),
  ),
  bank_register: z.string({ error: 'field_required' }).check(z.trim(), z.regex(/^\d{4}$/, { error: 'bank_register_invalid' })),
  bank_account: z.string({ error: 'field_required' }).check(z.trim(), z.regex(/^\d{1,10}$/, { error: 'bank_account_invalid' })),
  accept_terms: z.boolean({ error: 'terms_required' }).check(z.refine((v) => v, { error: 'terms_required' })),
});
export type CheckoutFields = z.input<typeof checkoutSchema>;

/** POST /insurance/purchases/: the basket, the checkout, and the insurer a link named (?insurer=), if any. */
export const purchaseRequestSchema = z.object({
  items: basketSchema,
  checkout: checkoutSchema,
  insurer_party_id: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  items: z.array(basketItemSchema),
  quote: quoteSchema,
  name: z.string(),
  email: z.string(),
  /** Only the birth date part: the full number is never answered. */
  social_number_masked: z.string(),
  /** The policy made for a signed-in buyer; a visitor's order has none until the insurer sets it up. */
  policy: z.nullable(z.object({ id: z.string(), insurer_policy_id: z.string() })),
});
export type InsurancePurchase = z.infer<typeof purchaseSchema>;
