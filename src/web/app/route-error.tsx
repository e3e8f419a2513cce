import { useTranslation } from 'react-i18next';

/** What a page that could not be shown says instead. */
export function PageError() {
  const { t } = useTranslation();
  return (
    <div className="form-card" role="alert">
      <h1>{t('pageError.title')}</h1>
      <p>{t('pageError.body')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('pageError.reload')}
      </button>
    </div>
  );
}
