import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { readApiError } from '../lib/errors';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { addPhotosPath, LOOP } from './scan-paths';
import { asPublicBike, useMyBike } from './use-my-bike';
import './stickers.css';

/** /signup/from-scan/create-bikes-loop/{bikeId}: the bike is registered; add pictures, or another bike (the loop). */
export function BikeRegisteredPage() {
  const { t } = useTranslation(['scan-register', 'errors']);
  const bikeId = useParams().bikeId ?? '';
  const [state, retry] = useMyBike(bikeId);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'failed') return <LoadFailed error={state.error} onRetry={retry} />;

  return (
    <div className="sticker-page">
      <PageTitle>{t('registered.title')}</PageTitle>
      <Alert tone="success">{t('registered.body')}</Alert>
      <PublicBikeCard bike={asPublicBike(state.bike)} headingLevel={2} />
      <div className="actions">
        <Link to={addPhotosPath(bikeId)} className="btn btn-primary">
          {t('registered.addPhotos')}
        </Link>
        <Link to={LOOP} className="btn btn-secondary">
          {t('registered.another')}
        </Link>
        <Link to="/app/my-bikes" className="btn btn-link">
          {t('registered.toMyBikes')}
        </Link>
      </div>
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['scan-register', 'errors']);
  const outcome = readApiError(error, t);
  return (
    <div className="sticker-page">
      <PageTitle>{t('registered.loadFailed')}</PageTitle>
      <Alert>
        <p className="alert-text">{outcome.kind === 'message' ? outcome.text : t('errors:server_error')}</p>
        <Button variant="secondary" className="btn-small" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Alert>
      <div className="actions">
        <Link to="/app/my-bikes" className="btn btn-secondary">
          {t('registered.toMyBikes')}
        </Link>
      </div>
    </div>
  );
}

/** /…/{bikeId}/add-photos/complete: done. */
export function CompletePage() {
  const { t } = useTranslation('scan-register');
  return (
    <div className="sticker-page">
      <PageTitle>{t('complete.title')}</PageTitle>
      <Alert tone="success">{t('complete.body')}</Alert>
      <div className="actions">
        <Link to="/app/my-bikes" className="btn btn-primary">
          {t('complete.toMyBikes')}
        </Link>
        <Link to={LOOP} className="btn btn-secondary">
          {t('complete.another')}
        </Link>
      </div>
    </div>
  );
}
