import { useTranslation } from 'react-i18next';

export function Spinner({ size = 'normal' }: { size?: 'small' | 'normal' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/** A whole-area loading state that says what is happening to screen readers too. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status">
      <Spinner />
      <span>{t('loading')}</span>
    </div>
  );
}
