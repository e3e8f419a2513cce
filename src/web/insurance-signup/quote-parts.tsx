import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type BasketItem,
  COVERAGE_RATE_BP,
  DEPRECIATION_MAX_PERCENT,
  DEPRECIATION_PERCENT_PER_YEAR,
  ELECTRIC_EXTRA_BP,
  FAVOURED_TYPE_EXTRA_BP,
  FAVOURED_TYPES,
  INSURANCE_DUTY_BP,
  type InsuranceQuote,
  MINIMUM_PREMIUM_ORE,
} from '../../domain/insurance-purchase';
import { ApiError } from '../lib/api-client';
import { formatDate, numberFormat } from '../lib/intl';
import { formatMoney } from '../webshop/money';

// What the basket, the overview and the confirmation share: amounts in kroner, the premium rule in words, the
// totals, the bikes as ordered.

/** Øre as the page's language writes Danish kroner. */
export function useMoney(): (ore: number) => string {
  const { i18n } = useTranslation();
  return (ore) => formatMoney(ore, 'DKK', i18n.resolvedLanguage);
}

/** A percentage from basis points, in the page's language (4, 1,1 …). */
function usePercent(): (basisPoints: number) => string {
  const { i18n } = useTranslation();
  return (bp) => numberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 }).format(bp / 100);
}

/** The server's field problems with a basket (422 on body.items.N.field), by item and field. */
export function itemErrorsOf(error: unknown): Record<number, Record<string, string>> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const detail = (error.body as { detail?: { loc?: unknown[]; msg?: string }[] } | null)?.detail ?? [];
  const out: Record<number, Record<string, string>> = {};
  for (const { loc, msg } of detail) {
    const [, list, index, field] = loc ?? [];
    if (list !== 'items' || field === undefined) continue;
    const n = Number(index);
    out[n] = { ...out[n], [String(field)]: msg ?? '' };
  }
  return out;
}

/** The premium rule, stated (domain/insurance-purchase.ts holds it; the server prices by it). */
export function PremiumRule() {
  const { t } = useTranslation(['insurance-signup', 'bike-terms']);
  const percent = usePercent();
  const money = useMoney();
  const types = FAVOURED_TYPES.map((c) => t(`bike-terms:category.${c}`).toLocaleLowerCase()).join(', ');
  return (
    <section className="signup-rule" aria-labelledby="premium-rule">
      <h2 id="premium-rule">{t('rule.title')}</h2>
      <ul>
        <li>{t('rule.rate', { basic: percent(COVERAGE_RATE_BP.basic), plus: percent(COVERAGE_RATE_BP.plus) })}</li>
        <li>{t('rule.extra', { electric: percent(ELECTRIC_EXTRA_BP), type: percent(FAVOURED_TYPE_EXTRA_BP), types })}</li>
        <li>{t('rule.value', { perYear: DEPRECIATION_PERCENT_PER_YEAR, most: DEPRECIATION_MAX_PERCENT })}</li>
        <li>{t('rule.minimum', { amount: money(MINIMUM_PREMIUM_ORE) })}</li>
        <li>{t('rule.tax', { duty: percent(INSURANCE_DUTY_BP) })}</li>
      </ul>
    </section>
  );
}

/** The basket's premiums, the duty and what is paid a year, as the server priced them. */
export function QuoteTotals({ quote }: { quote: UseQueryResult<InsuranceQuote> | { data: InsuranceQuote; isFetching?: false } }) {
  const { t } = useTranslation('insurance-signup');
  const money = useMoney();
  const percent = usePercent();
  const data = quote.data;
  if (!data) return null;
  return (
    <div className="signup-totals" aria-busy={quote.isFetching || undefined}>
      <dl>
        <div>
          <dt>{t('totals.premium')}</dt>
          <dd>{money(data.premium_ore)}</dd>
        </div>
        <div>
          <dt>{t('totals.duty', { rate: percent(INSURANCE_DUTY_BP) })}</dt>
          <dd>{money(data.duty_ore)}</dd>
        </div>
        <div className="signup-total">
          <dt>{t('totals.total')}</dt>
          <dd data-testid="total">{t('perYear', { amount: money(data.total_ore) })}</dd>
        </div>
      </dl>
      <p className="muted">{t('totals.noVat')}</p>
    </div>
  );
}

/** The bikes as ordered, each with its premium. */
export function OrderedBikes({ items, quote }: { items: readonly BasketItem[]; quote: InsuranceQuote | undefined }) {
  const { t, i18n } = useTranslation(['insurance-signup', 'bike-terms']);
  const money = useMoney();
  return (
    <ul className="signup-ordered">
      {items.map((item, index) => {
        const premium = quote?.items.find((p) => p.id === item.id)?.premium_ore;
        return (
          <li key={item.id}>
            <strong>{t('basket.bike', { number: index + 1 })}</strong>{' '}
            {t('ordered.line', {
              type: t(`bike-terms:category.${item.bikeType}`),
              electric: item.bikeIsElectric ? t('ordered.electric') : '',
              price: money(item.bikePrice * 100),
              date: formatDate(item.bikePurchaseDate, i18n.resolvedLanguage),
              coverage: t(`coverage.${item.coverage}`),
            })}
            {premium !== undefined && <span className="signup-ordered-premium">{t('perYear', { amount: money(premium) })}</span>}
          </li>
        );
      })}
    </ul>
  );
}
