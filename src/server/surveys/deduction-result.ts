import { and, desc, eq } from 'drizzle-orm';
import {
  ASSUMED_DAYS_A_WEEK,
  ASSUMED_WEEKS_AWAY,
  commutingDaysAYear,
  commutingDeduction,
  ESTIMATED_TAX_VALUE_PERCENT,
  ratesForYear,
} from '../../domain/commuting-deduction.js';
import type { FlowAnswers, FlowResult } from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';
import type { Db } from '../db/client.js';
import { flowResponses } from '../db/schema.js';
import { getFixedT, INTL_LOCALES } from '../i18n/index.js';

/** What the rule is given: the journey survey's answers, who answers (for their commuting days) and in which language. */
export interface CommutingDeductionInput {
  answers: FlowAnswers;
  /** The signed-in person, whose latest submitted commuting-days survey gives the days; null for a visitor. */
  partyId: string | null;
  language: Language;
  /** The caller's region: in Norway the result says the rule shown is Denmark's. */
  region?: 'dk' | 'no' | null;
  now?: Date;
}

/** Days a week and weeks away from a person's latest submitted commuting-days survey, or null. */
async function ownCommutingDays(db: Db, partyId: string): Promise<number | null> {
  const [latest] = await db
    .select({ answers: flowResponses.answers })
    .from(flowResponses)
    .where(and(eq(flowResponses.partyId, partyId), eq(flowResponses.memo, 'survey.commuting-days'), eq(flowResponses.status, 'submitted')))
    .orderBy(desc(flowResponses.submittedAt))
    .limit(1);
  const answers = (latest?.answers ?? null) as FlowAnswers | null;
  if (!answers || !Array.isArray(answers.work_days) || typeof answers.weeks_away !== 'number') return null;
  return commutingDaysAYear(answers.work_days.length, answers.weeks_away);
}

/**
 * The end of survey.pendler-travel (FLOW_RESULTS 'dk_commuting_deduction'): the Danish befordringsfradrag for the
 * one-way distance answered, over the person's own commuting days if they answered that survey signed in, else over
 * an assumption the result states; in the caller's language, with the rates' source and year.
 */
export async function commutingDeductionResult(db: Db, input: CommutingDeductionInput): Promise<FlowResult> {
  const { language } = input;
  const t = getFixedT(language, 'commuting-deduction');
  const year = (input.now ?? new Date()).getFullYear();
  const rates = ratesForYear(year);
  const oneWay = typeof input.answers.distance_km === 'number' ? input.answers.distance_km : 0;
  const ownDays = input.partyId ? await ownCommutingDays(db, input.partyId) : null;
  const days = ownDays ?? commutingDaysAYear(ASSUMED_DAYS_A_WEEK, ASSUMED_WEEKS_AWAY);
  const deduction = commutingDeduction(oneWay, days, rates);

  const locale = INTL_LOCALES[language];
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  const kroner = (ore: number, decimals: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'DKK',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(ore / 100);
  const km = (n: number) => t('km', { km: number(n) });

  const over = deduction.kmAtRate + deduction.kmOver120;
  const sentences = [
    over > 0
      ? t('summary_over', {
          oneWay: number(oneWay),
          roundTrip: number(deduction.roundTripKm),
          over: number(over),
          days,
          yearly: kroner(deduction.yearlyOre, 0),
        })
      : t('summary_under', { oneWay: number(oneWay), roundTrip: number(deduction.roundTripKm) }),
  ];
  if (ownDays === null && over > 0) sentences.push(t('days_assumed'));
  if (rates.year !== year) sentences.push(t('older_rates', { year, ratesYear: rates.year }));
  if (input.region === 'no' || language === 'no') sentences.push(t('norway'));
  sentences.push(t('estimate'));

  const lines = [
    { label: t('line_round_trip'), value: km(deduction.roundTripKm) },
    { label: t('line_over'), value: km(over) },
    ...(deduction.kmOver120 > 0 ? [{ label: t('line_over_120'), value: km(deduction.kmOver120) }] : []),
    { label: t('line_days'), value: ownDays === null ? t('days_assumed_value', { days }) : t('days_own', { days }) },
    {
      label: t('line_rate', { year: rates.year }),
      value: t('rate_value', { rate: kroner(rates.rateOre, 2), lower: kroner(rates.rateOver120Ore, 2) }),
    },
    { label: t('line_yearly'), value: kroner(deduction.yearlyOre, 0) },
    ...(deduction.yearlyOre > 0
      ? [
          {
            label: t('line_tax_value', { percent: ESTIMATED_TAX_VALUE_PERCENT }),
            value: kroner(Math.round((deduction.yearlyOre * ESTIMATED_TAX_VALUE_PERCENT) / 10_000) * 100, 0),
          },
        ]
      : []),
  ];

  return {
    name: 'dk_commuting_deduction',
    heading: t('heading', { year }),
    summary: sentences.join(' '),
    lines,
    source: { label: rates.source.label, url: rates.source.url, year: rates.year },
  };
}
