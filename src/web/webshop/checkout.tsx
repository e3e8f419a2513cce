import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { ORGANISATION_PLAN_PATH, type OrderFamily, REGISTER_PURCHASE_PATH } from './families';
import { ManageSubscription } from './manage-subscription';
import { formatMoney } from './money';
import { QuantityStepper } from './quantity-stepper';
import { QuoteTable } from './quote-table';
import { useQuote, useStartCheckout } from './webshop-api';

/**
 * §2 /checkout/{orderFamily}, and the pages that buy one thing (a bike's registration, its plates, an organisation's
 * plan): the quote from the server, the quantity where one is chosen, the delivery address for goods, the right of
 * withdrawal, then the provider's checkout page. A refused order keeps the page as it was, with the reason.
 */
export function Checkout({ familyName, family, bikeId }: { familyName: string; family: OrderFamily; bikeId?: string | null }) {
  const { t, i18n } = useTranslation('webshop');
  const [quantity, setQuantity] = useState(family.quantity?.initial ?? 1);
  const quote = useQuote(family.product, quantity);
  const start = useStartCheckout();
  const profile = useProfile();
  const problemRef = useRef<HTMLDivElement>(null);
  const address = profile.data?.street && profile.data.zip_code && profile.data.city ? profile.data : null;
  const addressMissing = family.shipped && profile.data !== undefined && !address;

  useEffect(() => {
    if (start.isError) problemRef.current?.focus();
  }, [start.isError]);

  const pay = () => {
    const input = family.plan
      ? { subscription: { plan_type: family.plan, ...(family.quantity ? { quantity } : {}) } }
      : { order: { family: familyName, lines: [{ product: family.product, quantity }], ...(bikeId ? { bike_id: bikeId } : {}) } };
    // The provider's page is another site (in production): a full page load, not a route.
    start.mutate(input, { onSuccess: (url) => window.location.assign(url) });
  };

  const failure = start.isError ? readApiError(start.error, t) : null;
  // One subscription per party: its plan is changed in the provider's portal, not bought again.
  const subscriptionExists =
    start.error instanceof ApiError && (start.error.body as { code?: unknown } | null)?.code === 'subscription_exists';
  const data = quote.data;

  return (
    <div className="checkout stack">
      {family.quantity && (
        <QuantityStepper
          label={family.plan ? t('checkout.bikes') : t('checkout.plates')}
          value={quantity}
          min={family.quantity.min}
          max={family.quantity.max}
          onChange={setQuantity}
          hint={t('checkout.quantityHint', { min: family.quantity.min, max: family.quantity.max })}
        />
      )}
      {quote.isError && !data && <LoadError error={quote.error} onRetry={() => void quote.refetch()} retrying={quote.isFetching} />}
      {quote.isPending && <Loading />}
      {data && (
        <div aria-busy={quote.isPlaceholderData || undefined}>
          <QuoteTable
            caption={t('checkout.summary')}
            lines={data.lines}
            currency={data.currency}
            totalOre={data.gross_ore}
            vatOre={data.vat_ore}
            interval={data.interval}
          />
          {data.member_discount_applied && <p className="webshop-member">{t('checkout.memberApplied')}</p>}
          {data.interval === 'year' && <p className="muted">{t('checkout.renews')}</p>}
        </div>
      )}
      {family.shipped && (
        <section className="card checkout-address" aria-labelledby="delivery-title">
          <h2 id="delivery-title">{t('checkout.deliveryTitle')}</h2>
          {profile.isPending && <Loading />}
          {address && (
            <address>
              {[address.first_name, address.last_name].filter(Boolean).join(' ')}
              <br />
              {address.street}
              <br />
              {address.zip_code} {address.city}
            </address>
          )}
          {addressMissing && <Alert tone="warning">{t('checkout.addressMissing')}</Alert>}
          <p className="muted">{t('checkout.shipping')}</p>
          <Link to="/app/settings">{address ? t('checkout.changeAddress') : t('checkout.addAddress')}</Link>
        </section>
      )}
      <p className="checkout-withdrawal">{t('checkout.withdrawal', { days: data?.withdrawal_days ?? 14 })}</p>
      <div ref={problemRef} tabIndex={-1} className="problem">
        {failure?.kind === 'message' && (
          <Alert title={t('checkout.refused')}>
            <p>{failure.text}</p>
            {subscriptionExists && (
              <div className="actions">
                <ManageSubscription returnPath={family.plan === 'ORGANISATION' ? ORGANISATION_PLAN_PATH : REGISTER_PURCHASE_PATH} />
              </div>
            )}
          </Alert>
        )}
      </div>
      <div className="actions">
        <Button onClick={pay} busy={start.isPending || start.isSuccess} disabled={!data || quote.isPlaceholderData || addressMissing}>
          {data ? t('checkout.pay', { amount: formatMoney(data.gross_ore, data.currency, i18n.resolvedLanguage) }) : t('checkout.payPlain')}
        </Button>
      </div>
      <p className="muted">{t('checkout.provider')}</p>
    </div>
  );
}
