import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreditsOverview } from '../bikes/bikes-api';
import { formatDate } from '../lib/intl';
import { Spinner } from '../ui/spinner';

/** §3/§4: credits left and the subscription's state (active, VIP, period end); polled every 30 s. */
export function CreditsSummary() {
  const { t, i18n } = useTranslation('my-bikes');
  const overview = useCreditsOverview();
  const data = overview.data;
  return (
    <section className="card credits-summary" aria-labelledby="credits-title">
      <h2 id="credits-title">{t('credits.title')}</h2>
      {overview.isPending ? (
        <p className="inline-status">
          <Spinner size="small" /> {t('credits.loading')}
        </p>
      ) : !data ? (
        <p>{t('credits.error')}</p>
      ) : (
        <>
          <p className="credits-count">
            <strong>{t('credits.count', { count: data.credits })}</strong>
          </p>
          <p>
            {data.vip
              ? t('credits.vip', { date: formatDate(data.current_period_end, i18n.resolvedLanguage) })
              : data.active
                ? t('credits.active', { date: formatDate(data.current_period_end, i18n.resolvedLanguage) })
                : t('credits.inactive')}
          </p>
          {data.active && data.plan_type && <p className="muted">{t(`credits.plan.${data.plan_type}`)}</p>}
        </>
      )}
      <Link to="/app/bikes/register/redeem">{t('credits.redeem')}</Link>
    </section>
  );
}
