import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';

/**
 * The 500 page (§8): what a page that failed, on the server or in the browser, shows instead. The reference is
 * the server's request id (in its log line) or the id under which the browser reported its own failure (an
 * event error/page), so support can find what happened.
 */
export function PageError({ reference }: { reference: string }) {
  const { t } = useTranslation();
  return (
    <FormCard>
      <div role="alert">
        <PageTitle>{t('pageError.title')}</PageTitle>
        <p>{t('pageError.body')}</p>
        <p>
          {t('pageError.reference')} <code className="reference">{reference}</code>
        </p>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('pageError.retry')}
        </button>
        <Link to="/" className="btn btn-secondary">
          {t('pageError.home')}
        </Link>
        <Link to="/support/chat" className="btn btn-secondary">
          {t('pageError.support')}
        </Link>
      </div>
    </FormCard>
  );
}
