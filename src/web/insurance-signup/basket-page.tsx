import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BIKE_CATEGORIES } from '../../domain/bikes';
import { autofilledBike, type BasketItem, hasAutofill, INSURANCE_COVERAGES, isoToday } from '../../domain/insurance-purchase';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { useBasket } from './basket-store';
import { itemErrorsOf, PremiumRule, QuoteTotals, useMoney } from './quote-parts';
import { useQuote } from './signup-api';

const AUTOFILL_PARAMS = ['bikePrice', 'bikeType', 'bikeIsElectric', 'bikePurchaseDate', 'insurer'];

/**
 * /forsikrings-indtegning (§2, public): the basket of bikes to insure, each with its price, type, electric or
 * not, purchase date and coverage, priced by the server as it changes. A link may describe a bike (§3 autofill:
 * ?bikePrice=&bikeType=&bikeIsElectric=&bikePurchaseDate=) and name the insurer (?insurer=); without one, a
 * first visit starts with the §9 default bike.
 */
export function BasketPage() {
  const { t } = useTranslation('insurance-signup');
  const [params, setParams] = useSearchParams();
  const { items, add, started, setInsurer } = useBasket();
  const quote = useQuote(items);
  const itemErrors = itemErrorsOf(quote.error);
  const applied = useRef(false);

  // Once per visit: the link's bike joins the basket and its parameters leave the address, so a reload adds nothing.
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const get = (name: string) => params.get(name);
    if (hasAutofill(get) || !started) add({ ...autofilledBike(get, isoToday()), coverage: 'basic' });
    const insurer = params.get('insurer');
    if (insurer) setInsurer(insurer);
    if (AUTOFILL_PARAMS.some((name) => params.has(name))) {
      const rest = new URLSearchParams(params);
      for (const name of AUTOFILL_PARAMS) rest.delete(name);
      setParams(rest, { replace: true });
    }
  }, [params, setParams, add, started, setInsurer]);

  return (
    <>
      <PageTitle>{t('basket.title')}</PageTitle>
      <p className="signup-lead">{t('basket.lead')}</p>
      <p>
        <Link to="/forsikringsfordel">{t('basket.whyLink')}</Link>
      </p>
      {items.length === 0 && <p>{t('basket.empty')}</p>}
      <ol className="signup-items">
        {items.map((item, index) => (
          <ItemCard
            key={item.id}
            item={item}
            index={index}
            premiumOre={quote.data?.items.find((p) => p.id === item.id)?.premium_ore ?? null}
            errors={itemErrors[index] ?? {}}
          />
        ))}
      </ol>
      <Button variant="secondary" onClick={() => add({ ...autofilledBike(() => null, isoToday()), coverage: 'basic' })}>
        {t('basket.add')}
      </Button>
      {items.length > 0 && <QuoteTotals quote={quote} />}
      <PremiumRule />
      {items.length > 0 && !quote.isError && (
        <div className="actions">
          <Link to="/forsikrings-indtegning/overblik" className="btn btn-primary">
            {t('basket.continue')}
          </Link>
        </div>
      )}
      {quote.isError && <Alert tone="warning">{t('basket.fixFirst')}</Alert>}
    </>
  );
}

function ItemCard({
  item,
  index,
  premiumOre,
  errors,
}: {
  item: BasketItem;
  index: number;
  premiumOre: number | null;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation(['insurance-signup', 'bike-terms']);
  const { update, remove } = useBasket();
  const money = useMoney();
  const headingId = `bike-${item.id}`;
  const number = index + 1;
  return (
    <li className="card signup-item" aria-labelledby={headingId}>
      <div className="signup-item-head">
        <h2 id={headingId}>{t('basket.bike', { number })}</h2>
        <Button variant="link" onClick={() => remove(item.id)} aria-label={t('basket.removeBike', { number })}>
          {t('basket.remove')}
        </Button>
      </div>
      <div className="signup-item-fields">
        <TextField
          label={t('basket.price')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={item.bikePrice > 0 ? String(item.bikePrice) : ''}
          onChange={(e) => update(item.id, { bikePrice: e.target.value === '' ? 0 : Number(e.target.value) })}
          error={errors.bikePrice}
        />
        <SelectField
          label={t('basket.type')}
          value={item.bikeType}
          options={BIKE_CATEGORIES.map((c) => ({ value: c, label: t(`bike-terms:category.${c}`) }))}
          onChange={(e) => update(item.id, { bikeType: e.target.value as BasketItem['bikeType'] })}
          error={errors.bikeType}
        />
        <TextField
          label={t('basket.purchaseDate')}
          type="date"
          max={isoToday()}
          value={item.bikePurchaseDate}
          onChange={(e) => update(item.id, { bikePurchaseDate: e.target.value })}
          error={errors.bikePurchaseDate}
        />
        <SelectField
          label={t('basket.coverage')}
          value={item.coverage}
          options={INSURANCE_COVERAGES.map((c) => ({ value: c, label: t(`coverage.${c}`) }))}
          onChange={(e) => update(item.id, { coverage: e.target.value as BasketItem['coverage'] })}
          error={errors.coverage}
        />
      </div>
      <CheckboxField
        label={t('basket.electric')}
        checked={item.bikeIsElectric}
        onChange={(e) => update(item.id, { bikeIsElectric: e.target.checked })}
      />
      <p className="signup-item-premium">
        {t('basket.premium')}{' '}
        <strong data-testid={`premium-${number}`}>{premiumOre === null ? '–' : t('perYear', { amount: money(premiumOre) })}</strong>
      </p>
    </li>
  );
}
