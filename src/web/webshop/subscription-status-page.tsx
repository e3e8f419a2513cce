import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BikeDetail, CreditsOverview } from '../../domain/bikes';
import { BackToBike, BikeGate, BikeLoadError } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { useCreditsOverview } from '../bikes/bikes-api';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { checkoutPath } from './families';
import { ManageSubscription } from './manage-subscription';
import '../bikes/bike.css';
import './webshop.css';

/**
 * /app/my-bikes/{bikeId}/subscription-status: is this bike's registration paid, and the subscription (§4; polled every
 * 30 s), with the way to buy one and to the provider's portal (cancel, change plan, card).
 */
export function SubscriptionStatusPage() {
  return <BikeGate>{(bike) => <SubscriptionStatus bike={bike} />}</BikeGate>;
}

const planOf = (overview: CreditsOverview) => overview.subscription?.plan_type ?? (overview.active ? overview.plan_type : null);

/** Back from the portal, the change reaches the register through the provider's webhook a moment later: ask often for a while. */
const PORTAL_RETURN_POLL_MS = 1500;
const PORTAL_RETURN_WINDOW_MS = 30_000;

function SubscriptionStatus({ bike }: { bike: BikeDetail }) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms', 'webshop']);
  const overview = useCreditsOverview();
  const { refetch } = overview;
  const [params] = useSearchParams();
  const fromPortal = params.get('from') === 'portal';
  useEffect(() => {
    if (!fromPortal) return;
    const timer = setInterval(() => void refetch(), PORTAL_RETURN_POLL_MS);
    const stop = setTimeout(() => clearInterval(timer), PORTAL_RETURN_WINDOW_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [fromPortal, refetch]);
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const name = bikeName(bike, t);
  const data = overview.data;
  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('status.title')}</PageTitle>
      {bike.flags.active ? (
        <Alert tone="success" title={t('status.bikeActiveTitle')}>
          {t('status.bikeActive', { name })}
        </Alert>
      ) : (
        <Alert tone="warning" title={t('status.bikeInactiveTitle')}>
          <p>{t('status.bikeInactive', { name })}</p>
          <div className="bike-inline-links">
            <Link to={`${base}/attach-existing-credit`}>{t('details.attachCredit')}</Link>
            <Link to={`${base}/redeem-voucher`}>{t('details.redeemVoucher')}</Link>
            <Link to={`${base}/registration-purchase`}>{t('webshop:purchase.buyRegistration')}</Link>
          </div>
        </Alert>
      )}
      <section className="card" aria-labelledby="status-subscription">
        <h2 id="status-subscription">{t('status.subscriptionTitle')}</h2>
        {overview.isError && !data && (
          <BikeLoadError error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
        )}
        {overview.isPending && !overview.isError && <Loading />}
        {data && (
          <dl className="bike-facts">
            <div className="bike-fact">
              <dt>{t('status.state')}</dt>
              <dd>{data.active ? t('status.active') : t('status.inactive')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.plan')}</dt>
              {/* A plan is a subscription's, or of credits still to use: a spent voucher's credit is no plan. */}
              <dd>{planOf(data) ? t(`credit.plan.${planOf(data)}`) : t('status.noPlan')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.vip')}</dt>
              <dd>{data.vip ? t('details.yes') : t('details.no')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.periodEnd')}</dt>
              <dd>{data.current_period_end ? formatDate(data.current_period_end, i18n.language) : t('status.noPeriodEnd')}</dd>
            </div>
            {data.subscription && (
              <div className="bike-fact">
                <dt>{t('webshop:status.bikes')}</dt>
                <dd>
                  {t('webshop:status.bikesUsed', {
                    used: data.subscription.bikes_used,
                    limit: data.subscription.bikes_limit,
                    count: data.subscription.bikes_remaining,
                  })}
                </dd>
              </div>
            )}
            <div className="bike-fact">
              <dt>{t('status.credits')}</dt>
              <dd>{data.credits}</dd>
            </div>
          </dl>
        )}
        {data?.subscription?.cancel_at_period_end && (
          <Alert tone="warning" title={t('webshop:status.cancelledTitle')}>
            {t('webshop:status.cancelled', { date: formatDate(data.subscription.current_period_end, i18n.language) })}
          </Alert>
        )}
        {data?.subscription?.status === 'past_due' && <Alert tone="warning">{t('webshop:status.pastDue')}</Alert>}
        <p className="field-hint">{t('status.polling')}</p>
        {data?.subscription?.status ? (
          <div className="webshop-manage">
            <p className="muted">{t('webshop:status.portalHint')}</p>
            <ManageSubscription returnPath={`${base}/subscription-status?from=portal`} />
          </div>
        ) : (
          data && (
            <div className="actions">
              <Link to={checkoutPath('subscription-single')} className="btn btn-primary">
                {t('webshop:status.subscribeSingle')}
              </Link>
              <Link to={checkoutPath('subscription-family')} className="btn btn-secondary">
                {t('webshop:status.subscribeFamily')}
              </Link>
            </div>
          )
        )}
      </section>
    </div>
  );
}
