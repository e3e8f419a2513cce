import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from './alert';
import { Button } from './button';

/**
 * What a page says when its data could not be fetched, with a way to try again. A server failure (5xx) of the
 * page's data is the 500 page (§8): it is thrown to the page's error boundary (app/error-boundary.tsx), unless
 * the data is only a part (`partial`: another page of a list), which keeps what the page already shows.
 */
export function LoadError({
  error,
  onRetry,
  retrying,
  partial = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  partial?: boolean;
}) {
  const { t } = useTranslation('common');
  if (!partial && error instanceof ApiError && error.status >= 500) throw error;
  const outcome = readApiError(error, t);
  return (
    <Alert tone="error" title={t('loadError.title')}>
      {outcome.kind === 'message' && <p>{outcome.text}</p>}
      <Button variant="secondary" className="btn-small" onClick={onRetry} busy={retrying}>
        {t('loadError.retry')}
      </Button>
    </Alert>
  );
}
