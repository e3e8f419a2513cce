// The Danish commuting deduction (befordringsfradrag, also called kørselsfradrag) between home and a fixed workplace
// (issue 16's surveys): per working day commuted, the round trip's first 24 km give nothing, 25–120 km give one rate
// per km and the km over 120 a lower one (the higher rate again in some outlying municipalities, not modelled here).
// The rate does not depend on the means of transport: a cyclist gets it as a driver does. Pure: the server wiring
// (server/surveys/deduction-result.ts) reads the answers and writes the texts.

/** A year's rates, in øre per km, and where they were read. */
export interface CommutingDeductionRates {
  year: number;
  /** Øre per km for the km of the daily round trip from 25 to 120. */
  rateOre: number;
  /** Øre per km for the km of the daily round trip over 120. */
  rateOver120Ore: number;
  source: { label: string; url: string };
}

/** The first km of the daily round trip that give nothing, and where the lower rate starts. */
export const DEDUCTION_FREE_KM = 24;
export const DEDUCTION_UPPER_KM = 120;

const BEIERHOLM = {
  label: 'Beierholm: Vigtige beløbsgrænser – personer (befordringsfradrag mellem hjem og arbejde)',
  url: 'https://www.beierholm.dk/services/skat-moms-og-afgifter/satser-og-datoer/vigtige-beloebsgraenser-personer',
};

/**
 * The rates by year, newest first: next year's is one more line. 2025 and 2026 as published side by side by
 * Beierholm (2,23 / 1,12 kr. and 2,28 / 1,14 kr.); PwC's 2026 example (50 km a day for 220 days ≈ 13.041 kr.) agrees.
 */
export const DK_COMMUTING_DEDUCTION_RATES: readonly CommutingDeductionRates[] = [
  { year: 2026, rateOre: 228, rateOver120Ore: 114, source: BEIERHOLM },
  { year: 2025, rateOre: 223, rateOver120Ore: 112, source: BEIERHOLM },
];

/** The rates that hold for a year: its own, else the newest before it (stated as such), else the oldest known. */
export function ratesForYear(year: number): CommutingDeductionRates {
  const rates = DK_COMMUTING_DEDUCTION_RATES.find((r) => r.year <= year) ?? DK_COMMUTING_DEDUCTION_RATES.at(-1);
  if (!rates) throw new Error('no commuting deduction rates');
  return rates;
}

export interface CommutingDeduction {
  /** The daily round trip, km (twice the one-way distance). */
  roundTripKm: number;
  /** Km of the round trip at the full rate (25–120) and at the lower one (over 120). */
  kmAtRate: number;
  kmOver120: number;
  /** The deduction of one day and of the year, in øre (the year's rounded to whole kroner). */
  perDayOre: number;
  yearlyOre: number;
}

const roundKm = (km: number) => Math.round(km * 10) / 10;

/** The deduction for a one-way distance commuted on `days` days a year, at a year's rates. */
export function commutingDeduction(oneWayKm: number, days: number, rates: CommutingDeductionRates): CommutingDeduction {
  const roundTripKm = roundKm(Math.max(0, oneWayKm) * 2);
  const kmAtRate = roundKm(Math.max(0, Math.min(roundTripKm, DEDUCTION_UPPER_KM) - DEDUCTION_FREE_KM));
  const kmOver120 = roundKm(Math.max(0, roundTripKm - DEDUCTION_UPPER_KM));
  const perDay = kmAtRate * rates.rateOre + kmOver120 * rates.rateOver120Ore;
  const yearly = Math.round((perDay * Math.max(0, Math.floor(days))) / 100) * 100;
  return { roundTripKm, kmAtRate, kmOver120, perDayOre: Math.round(perDay), yearlyOre: yearly };
}

/** Weeks in a year, and the assumption used when no commuting days are known: 5 days a week, 7 weeks away (holidays). */
export const WEEKS_A_YEAR = 52;
export const ASSUMED_DAYS_A_WEEK = 5;
export const ASSUMED_WEEKS_AWAY = 7;

/** Days commuted in a year from days a week and weeks away (holidays, leave), never below 0. */
export function commutingDaysAYear(daysAWeek: number, weeksAway: number): number {
  return Math.max(0, Math.round(daysAWeek * (WEEKS_A_YEAR - Math.min(WEEKS_A_YEAR, Math.max(0, weeksAway)))));
}

/**
 * What a deduction of this kind (ligningsmæssigt fradrag) is roughly worth in tax, percent: PwC's 2026 example puts
 * 13.041 kr. of deduction at "omkring 3.300 kroner" saved (about 25 %); the exact value depends on the municipality.
 */
export const ESTIMATED_TAX_VALUE_PERCENT = 25;
