import type { ErrorCode } from '../errors.js';
import type { Region } from '../locale.js';
import type { BillingInterval, CatalogueEntry, Currency, ProductCode, ProductKind } from './catalogue.js';
import { REGION_CURRENCY } from './catalogue.js';
import { discountedPrice, lineTotals, orderTotals } from './money.js';

// Pricing an order on the server (issue 12): the client names products and quantities, nothing else counts. Every
// price, VAT rate, plan and interval comes from the catalogue the server read from the database (webshop/catalogue.ts),
// so a tampered price, quantity, currency or plan never reaches a payment. Pure: the caller turns problems into a 422.

/** What a client asks for. Any other field it sends (a price, a plan, a total) is not read. */
export interface OrderRequest {
  region: Region;
  /** The currency the client showed; when given it must be the region's. */
  currency?: Currency;
  lines: readonly { product: string; quantity: number }[];
}

export interface PricedOrderLine {
  product: ProductCode;
  /** The product_price row it was priced from. */
  priceId: string;
  quantity: number;
  /** The unit price charged, incl. VAT, in øre: the database's, or the member price where the discount applied. */
  unitAmountOre: number;
  vatRatePercent: number;
  /** The member discount applied to this line, else null. */
  memberDiscountPercent: number | null;
  grossOre: number;
  vatOre: number;
  netOre: number;
}

export interface PricedOrder {
  region: Region;
  currency: Currency;
  /** A subscription is ordered on its own; everything else is one-time. */
  kind: ProductKind;
  planType: CatalogueEntry['planType'];
  interval: BillingInterval | null;
  lines: PricedOrderLine[];
  grossOre: number;
  vatOre: number;
  netOre: number;
}

/** Where in the request a problem is (§8 loc) and what it is. */
export interface PricingProblem {
  loc: (string | number)[];
  code: ErrorCode;
}

export type PricingResult = { ok: true; order: PricedOrder } | { ok: false; problems: PricingProblem[] };

/**
 * Prices an order from the region's catalogue. Refuses an empty order, a product not sold in the region (unknown, no
 * active price, another region's), a product twice, a quantity that is not a whole number from 1 to the product's
 * maximum, a subscription with anything else, and a currency not the region's. `member`: the server has verified a
 * NAF membership, so the member discount applies where the catalogue has one.
 */
export function priceOrder(catalogue: readonly CatalogueEntry[], request: OrderRequest, options: { member?: boolean } = {}): PricingResult {
  const problems: PricingProblem[] = [];
  const currency = REGION_CURRENCY[request.region];
  if (request.currency !== undefined && request.currency !== currency)
    problems.push({ loc: ['body', 'currency'], code: 'currency_invalid' });
  if (request.lines.length === 0) problems.push({ loc: ['body', 'lines'], code: 'order_empty' });

  const accepted: { entry: CatalogueEntry; quantity: number }[] = [];
  const seen = new Set<string>();
  for (const [i, line] of request.lines.entries()) {
    const entry = catalogue.find((e) => e.code === line.product && e.region === request.region && e.currency === currency);
    const problem = lineProblem(entry, line.quantity, seen);
    if (entry) seen.add(entry.code);
    if (problem) problems.push({ loc: ['body', 'lines', i, problem === 'quantity_invalid' ? 'quantity' : 'product'], code: problem });
    else if (entry) accepted.push({ entry, quantity: line.quantity });
  }
  const subscription = accepted.find((a) => a.entry.kind === 'subscription')?.entry;
  if (subscription && request.lines.length > 1) problems.push({ loc: ['body', 'lines'], code: 'order_mixed' });
  if (problems.length > 0) return { ok: false, problems };

  const lines = accepted.map(({ entry, quantity }): PricedOrderLine => {
    const discount = options.member ? entry.memberDiscountPercent : null;
    const unitAmountOre = discount === null ? entry.unitAmountOre : discountedPrice(entry.unitAmountOre, discount);
    const amounts = lineTotals({ unitGrossOre: unitAmountOre, quantity, vatRatePercent: entry.vatRatePercent });
    return {
      product: entry.code,
      priceId: entry.priceId,
      quantity,
      unitAmountOre,
      vatRatePercent: entry.vatRatePercent,
      memberDiscountPercent: discount,
      ...amounts,
    };
  });
  // The order's sums by the receipt's rule (money.ts): its VAT is the sum of its lines'.
  const totals = orderTotals(lines.map((l) => ({ unitGrossOre: l.unitAmountOre, quantity: l.quantity, vatRatePercent: l.vatRatePercent })));
  return {
    ok: true,
    order: {
      region: request.region,
      currency,
      kind: subscription ? 'subscription' : 'one_time',
      planType: subscription?.planType ?? null,
      interval: subscription?.interval ?? null,
      lines,
      grossOre: totals.grossOre,
      vatOre: totals.vatOre,
      netOre: totals.netOre,
    },
  };
}

function lineProblem(entry: CatalogueEntry | undefined, quantity: number, seen: ReadonlySet<string>): ErrorCode | null {
  if (!entry) return 'product_unknown';
  if (seen.has(entry.code)) return 'order_line_duplicate';
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > entry.maxQuantity) return 'quantity_invalid';
  return null;
}
