import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { BackToBike, BikeGate, BikeLoadError } from './bike-gate';
import { bikeName } from './bike-terms';
import { useCreditsOverview } from './bikes-api';
import './bike.css';

/** /app/my-bikes/{bikeId}/subscription-status: is this bike's registration paid, and the subscription (§4; polled every 30 s). */
export function SubscriptionStatusPage() {
  return <BikeGate>{(bike) => <SubscriptionStatus bike={bike} />}</BikeGate>;
}

function SubscriptionStatus({ bike }: { bike: BikeDetail }) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms']);
  const overview = useCreditsOverview();
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
              <dd>{data.plan_type ? t(`credit.plan.${data.plan_type}`) : t('status.noPlan')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.vip')}</dt>
              <dd>{data.vip ? t('details.yes') : t('details.no')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.periodEnd')}</dt>
              <dd>{data.current_period_end ? formatDate(data.current_period_end, i18n.language) : t('status.noPeriodEnd')}</dd>
            </div>
            <div className="bike-fact">
              <dt>{t('status.credits')}</dt>
              <dd>{data.credits}</dd>
            </div>
          </dl>
        )}
        <p className="field-hint">{t('status.polling')}</p>
      </section>
    </div>
  );
}
