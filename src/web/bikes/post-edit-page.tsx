import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { NextSteps } from './next-steps';
import './bike.css';

/** /app/my-bikes/{bikeId}/post-edit: the changes are saved; what next. */
export function PostEditPage() {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const confirmed = (useLocation().state as { confirmed?: unknown } | null)?.confirmed === true;
  return (
    <BikeGate>
      {(bike) => (
        <div className="bike-page bike-narrow">
          <PageTitle>{confirmed ? t('postEdit.confirmedTitle') : t('postEdit.title')}</PageTitle>
          <Alert tone="success">
            {confirmed ? t('postEdit.confirmedBody', { name: bikeName(bike, t) }) : t('postEdit.body', { name: bikeName(bike, t) })}
          </Alert>
          <h2>{t('postEdit.nextTitle')}</h2>
          <NextSteps bike={bike} />
          <div className="actions">
            <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`} className="btn btn-primary">
              {t('postEdit.toBike')}
            </Link>
            <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/edit`} className="btn btn-secondary">
              {t('postEdit.editMore')}
            </Link>
          </div>
        </div>
      )}
    </BikeGate>
  );
}
