import type { PlanType } from '../../domain/bikes';
import type { ProductCode } from '../../domain/webshop/catalogue';

// §2 /checkout/{orderFamily}: what a checkout sells. A one-time family is ordered through POST
// /webshop/orders/stripe; a subscription family through POST /webshop/subscriptions/sessions. The quote before
// paying is POST /webshop/orders/initiations?config_id=<product>.

export interface OrderFamily {
  product: ProductCode;
  /** Subscriptions: the plan they give; null for a one-time product. */
  plan: PlanType | null;
  /** The number the buyer chooses: plates (1-20) and an organisation's bikes; null: always one. */
  quantity: { min: number; max: number; initial: number } | null;
  /** Goods sent by mail to the buyer's address (plates). */
  shipped: boolean;
  /** The NAF member flow: priced at the member price, shown in the nafBrand theme. */
  naf: boolean;
}

const one = (product: ProductCode, plan: PlanType | null = null, naf = false): OrderFamily => ({
  product,
  plan,
  quantity: null,
  shipped: false,
  naf,
});

export const ORDER_FAMILIES = {
  registration: one('registration'),
  plates: { product: 'extra_plate', plan: null, quantity: { min: 1, max: 20, initial: 1 }, shipped: true, naf: false },
  'subscription-single': one('subscription_single', 'SINGLE'),
  'subscription-family': one('subscription_family', 'FAMILY'),
  organisation: {
    product: 'subscription_organisation',
    plan: 'ORGANISATION',
    quantity: { min: 1, max: 1000, initial: 10 },
    shipped: false,
    naf: false,
  },
  naf: one('registration', null, true),
  'naf-subscription-single': one('subscription_single', 'SINGLE', true),
  'naf-subscription-family': one('subscription_family', 'FAMILY', true),
} as const satisfies Record<string, OrderFamily>;

export type OrderFamilyName = keyof typeof ORDER_FAMILIES;

export function orderFamily(name: string | undefined): OrderFamily | null {
  return name && Object.hasOwn(ORDER_FAMILIES, name) ? ORDER_FAMILIES[name as OrderFamilyName] : null;
}

/** /go-to-webshop?product=…: the checkout a product of the public webshop is bought through (not the NAF ones). */
export function familyOfProduct(product: string | null): OrderFamilyName | null {
  const found = (Object.keys(ORDER_FAMILIES) as OrderFamilyName[]).find(
    (name) => ORDER_FAMILIES[name].product === product && !ORDER_FAMILIES[name].naf,
  );
  return found ?? null;
}

/** Where a product of the public webshop is bought, signed in: an organisation's plan on its own page, else its checkout. */
export function buyPath(product: string | null): string {
  if (product === 'subscription_organisation') return ORGANISATION_PLAN_PATH;
  const family = familyOfProduct(product);
  return family ? checkoutPath(family) : '/webshop';
}

export const ORGANISATION_PLAN_PATH = '/app/organisations/integrate-stripe';

/** The checkout's address; a bike a registration or plates are bought for travels in the query. */
export function checkoutPath(family: OrderFamilyName, bikeId?: string | null): string {
  return `/checkout/${family}${bikeId ? `?bike_id=${encodeURIComponent(bikeId)}` : ''}`;
}

/** The register flow's page of what to buy, which shows the credits and subscription the party has. */
export const REGISTER_PURCHASE_PATH = '/app/bikes/register/purchase';

/** The NAF member flow (§1): membership number, then the member price. */
export const NAF_PATH = '/app/bikes/register/purchase-naf';

/** "Try again" after a failed payment: the checkout the order came from (the server names subscriptions by their kind). */
export function retryPath(order: { family: string; plan_type: string | null; bike_id: string | null }): string {
  if (order.family === 'organisation') return ORGANISATION_PLAN_PATH;
  if (order.family === 'subscription') {
    return checkoutPath(order.plan_type === 'FAMILY' ? 'subscription-family' : 'subscription-single');
  }
  return Object.hasOwn(ORDER_FAMILIES, order.family) ? checkoutPath(order.family as OrderFamilyName, order.bike_id) : '/webshop';
}
