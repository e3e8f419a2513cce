import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';
import './bike.css';

/**
 * /app/my-bikes/{bikeId}/report-deleted: the bike is gone. Shown without asking for the bike (it no longer
 * exists); its name comes along in the router state when the deletion was made in this tab.
 */
export function ReportDeletedPage() {
  const { t } = useTranslation('bike');
  const name = (useLocation().state as { name?: unknown } | null)?.name;
  return (
    <FormCard>
      <PageTitle>{t('deleted.title')}</PageTitle>
      <Alert tone="success">{typeof name === 'string' && name ? t('deleted.bodyNamed', { name }) : t('deleted.body')}</Alert>
      <p>{t('deleted.what')}</p>
      <div className="actions">
        <Link to="/app/my-bikes" className="btn btn-primary">
          {t('deleted.toMyBikes')}
        </Link>
        <Link to="/app/bikes/register" className="btn btn-secondary">
          {t('deleted.register')}
        </Link>
      </div>
    </FormCard>
  );
}
