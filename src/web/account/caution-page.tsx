import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';
import './account.css';

/** /app/settings/caution: what deleting the account means, before anything is done. */
export function CautionPage() {
  const { t } = useTranslation('settings');
  return (
    <FormCard>
      <PageTitle>{t('caution.title')}</PageTitle>
      <p>{t('caution.lead')}</p>
      <ul className="caution-list">
        <li>{t('caution.points.data')}</li>
        <li>{t('caution.points.final')}</li>
        <li>{t('caution.points.mail')}</li>
      </ul>
      <div className="actions">
        <Link to="/app/settings/delete-user" className="btn btn-danger">
          {t('caution.continue')}
        </Link>
        <Link to="/app/settings" className="btn btn-secondary">
          {t('caution.cancel')}
        </Link>
      </div>
    </FormCard>
  );
}
