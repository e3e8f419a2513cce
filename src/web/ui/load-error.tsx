import { useTranslation } from 'react-i18next';
import { readApiError } from '../lib/errors';
import { Alert } from './alert';
import { Button } from './button';

/** What a page says when its data could not be fetched, with a way to try again. */
export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('common');
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
