import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useBike } from './bikes-api';
import './bike.css';

/** The bike id of the current address (/app/my-bikes/{bikeId}/…). */
export function useBikeId(): string {
  return useParams().bikeId ?? '';
}

/** "Not found or not yours": the server answers 404 for both, and so do we (no hint that the bike exists). */
export function BikeNotFound() {
  const { t } = useTranslation('bike');
  return (
    <div className="bike-page">
      <PageTitle>{t('gate.notFoundTitle')}</PageTitle>
      <Alert tone="info">{t('gate.notFoundBody')}</Alert>
      <div className="actions">
        <Link to="/app/my-bikes" className="btn btn-primary">
          {t('gate.toMyBikes')}
        </Link>
      </div>
    </div>
  );
}

/** A failed fetch that is not a 404: what went wrong, and a way to try again. */
export function BikeLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('bike');
  const outcome = readApiError(error, t);
  return (
    <div className="bike-page">
      <Alert tone="error" title={t('gate.loadErrorTitle')}>
        {outcome.kind === 'message' && <p>{outcome.text}</p>}
        <Button variant="secondary" className="btn-small" onClick={onRetry} busy={retrying}>
          {t('gate.retry')}
        </Button>
      </Alert>
    </div>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Every per-bike page starts here: loading, not found (or not the caller's), a failed fetch, or the bike.
 * `children` gets the bike, so the pages themselves only deal with a bike that exists.
 */
export function BikeGate({ children }: { children: (bike: BikeDetail) => ReactNode }) {
  const bikeId = useBikeId();
  const bike = useBike(bikeId);
  if (bike.data) return <>{children(bike.data)}</>;
  if (bike.isError) {
    if (isNotFound(bike.error)) return <BikeNotFound />;
    return <BikeLoadError error={bike.error} onRetry={() => void bike.refetch()} retrying={bike.isFetching} />;
  }
  return <Loading />;
}

/** The link back to the bike's page, above a sub-page's title. */
export function BackToBike({ bikeId, tab }: { bikeId: string; tab?: string }) {
  const { t } = useTranslation('bike');
  return (
    <p className="bike-back">
      <Link to={`/app/my-bikes/${encodeURIComponent(bikeId)}${tab ? `?tab=${tab}` : ''}`}>
        <span aria-hidden="true">← </span>
        {t('nav.backToBike')}
      </Link>
    </p>
  );
}
