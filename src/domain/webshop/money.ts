// Money in the webshop (issue 12, §1, §6, §9): every amount is a whole number of øre (the minor unit of DKK
// and NOK), prices are stored and shown including VAT (moms in Denmark, MVA in Norway, both 25 %), and an
// order's VAT is the sum of its lines' VAT, so that a receipt always adds up line by line.

/** The VAT inside a price that includes it, rounded to the nearest øre (half up). */
export function vatOfGross(grossOre: number, ratePercent: number): number {
  assertOre(grossOre);
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) throw new RangeError(`VAT rate ${ratePercent}`);
  // Integer arithmetic: gross × rate / (100 + rate), rounded half up, exact for any safe gross amount.
  return Math.floor((grossOre * ratePercent * 2 + (100 + ratePercent)) / (2 * (100 + ratePercent)));
}

/** A price after a member discount in percent, rounded to the nearest whole krone (prices are shown in kroner). */
export function discountedPrice(grossOre: number, discountPercent: number): number {
  assertOre(grossOre);
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100)
    throw new RangeError(`discount ${discountPercent}`);
  const ore = (grossOre * (100 - discountPercent)) / 100;
  return Math.round(ore / 100) * 100;
}

export interface PricedLine {
  /** Unit price including VAT, in øre. */
  unitGrossOre: number;
  quantity: number;
  vatRatePercent: number;
}

export interface LineTotals {
  grossOre: number;
  vatOre: number;
  netOre: number;
}

export interface OrderTotals extends LineTotals {
  lines: LineTotals[];
}

/** One line's amounts: VAT is worked out on the line's whole amount, once. */
export function lineTotals(line: PricedLine): LineTotals {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity ${line.quantity}`);
  const grossOre = line.unitGrossOre * line.quantity;
  const vatOre = vatOfGross(grossOre, line.vatRatePercent);
  return { grossOre, vatOre, netOre: grossOre - vatOre };
}

/** An order's (and its receipt's) amounts: each line's, and the sums of them. */
export function orderTotals(lines: readonly PricedLine[]): OrderTotals {
  const each = lines.map(lineTotals);
  const sum = (pick: (line: LineTotals) => number) => each.reduce((total, line) => total + pick(line), 0);
  return { lines: each, grossOre: sum((l) => l.grossOre), vatOre: sum((l) => l.vatOre), netOre: sum((l) => l.netOre) };
}

function assertOre(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`amount ${value} is not a whole number of øre`);
}
