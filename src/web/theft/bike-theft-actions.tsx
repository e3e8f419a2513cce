import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { Alert } from '../ui/alert';
import './theft.css';

const base = (bikeId: string) => `/app/my-bikes/${encodeURIComponent(bikeId)}`;

/**
 * The bike page's one prominent action: report the bike stolen, or, for a bike reported stolen, report it
 * found (the stolen report's found section).
 */
export function TheftAction({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('theft');
  if (bike.flags.reported_stolen) {
    return (
      <Link to={`${base(bike.id)}/stolen-bike-report#found`} className="btn btn-primary">
        {t('entry.found')}
      </Link>
    );
  }
  return (
    <Link to={`/app/my-bikes/report-stolen?bike=${encodeURIComponent(bike.id)}`} className="btn btn-primary">
      {t('entry.reportStolen')}
    </Link>
  );
}

/** On the bike page: a stolen bike says so clearly, with its report ("My bike is found" is the page's main action); a bike just found says that. */
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
          <Link to={`${base(bike.id)}/stolen-bike-report`} className="btn btn-secondary">
            {t('entry.seeReport')}
          </Link>
        </div>
      </div>
    </section>
  );
}
