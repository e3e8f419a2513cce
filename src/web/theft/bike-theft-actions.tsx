import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { Alert } from '../ui/alert';
import './theft.css';

const base = (bikeId: string) => `/app/my-bikes/${encodeURIComponent(bikeId)}`;

/** The bike page's header action: report a bike stolen (only one that is not). */
export function ReportStolenAction({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('theft');
  if (bike.flags.reported_stolen) return null;
  return (
    <Link to={`/app/my-bikes/report-stolen?bike=${encodeURIComponent(bike.id)}`} className="btn btn-secondary">
      {t('entry.reportStolen')}
    </Link>
  );
}

/** On the bike page: a stolen bike says so clearly, with its report and "My bike is found"; a bike just found says that. */
export function StolenNotice({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('theft');
  const [params] = useSearchParams();
  if (!bike.flags.reported_stolen) {
    if (params.get('found') !== 'done') return null;
    return (
      <Alert tone="success" title={t('entry.foundTitle')}>
        {t('entry.foundBody')}
      </Alert>
    );
  }
  return (
    <section className="theft-stolen-notice" aria-labelledby="stolen-notice-title">
      <span className="theft-stolen-mark" aria-hidden="true">
        !
      </span>
      <div>
        <h2 id="stolen-notice-title">{t('entry.stolenTitle')}</h2>
        <p>{t('entry.stolenBody')}</p>
        <div className="actions">
          <Link to={`${base(bike.id)}/stolen-bike-report`} className="btn btn-primary">
            {t('entry.seeReport')}
          </Link>
          <Link to={`${base(bike.id)}/stolen-bike-report#found`} className="btn btn-secondary">
            {t('entry.found')}
          </Link>
        </div>
      </div>
    </section>
  );
}
