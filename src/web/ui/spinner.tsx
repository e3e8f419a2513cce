import { useTranslation } from 'react-i18next';
import { useCountAsLoading } from '../lib/slow-route';

export function Spinner({ size = 'normal' }: { size?: 'small' | 'normal' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/**
 * A whole-area loading state that says what is happening to screen readers too. It counts towards the §9
 * slow-route notice: a page's code or data still loading after 1 s.
 */
export function Loading() {
  const { t } = useTranslation();
  useCountAsLoading();
  return (
    <div className="loading" role="status">
      <Spinner />
      <span>{t('loading')}</span>
    </div>
  );
}
