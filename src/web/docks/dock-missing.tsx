import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';

/** A dock (or lock) the user may not use answers 404 like one that does not exist: the same words for both. */
export function DockLoadFailed({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('docks');
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
  if (!missing) return <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  return (
    <div className="card empty-state dock-missing">
      <PageTitle>{t('missing.title')}</PageTitle>
      <p>{t('missing.body')}</p>
      <Link to="/app/docks" className="btn btn-primary">
        {t('missing.back')}
      </Link>
    </div>
  );
}

export function BackToDocks({ to = '/app/docks', label }: { to?: string; label?: string }) {
  const { t } = useTranslation('docks');
  return (
    <p className="dock-back">
      <Link to={to}>{label ?? t('back.docks')}</Link>
    </p>
  );
}
