import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { NextSteps } from './next-steps';
import './bike.css';

/** /app/my-bikes/{bikeId}/intro-step: right after registration, what to add next. */
export function IntroStepPage() {
  const { t } = useTranslation(['bike', 'bike-terms']);
  return (
    <BikeGate>
      {(bike) => (
        <div className="bike-page bike-narrow">
          <PageTitle>{t('intro.title')}</PageTitle>
          <Alert tone="success">{t('intro.registered', { name: bikeName(bike, t) })}</Alert>
          <p>{t('intro.lead')}</p>
          <NextSteps bike={bike} />
          <div className="actions">
            <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`} className="btn btn-primary">
              {t('intro.toBike')}
            </Link>
            <Link to="/app/my-bikes" className="btn btn-secondary">
              {t('intro.later')}
            </Link>
          </div>
        </div>
      )}
    </BikeGate>
  );
}
