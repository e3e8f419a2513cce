import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';

/** /successfully-deleted: the public goodbye after an account is deleted. */
export function DeletedPage() {
  const { t } = useTranslation('account');
  return (
    <FormCard>
      <PageTitle>{t('deleted.title')}</PageTitle>
      <p>{t('deleted.body')}</p>
      <p>
        {t('deleted.kept')} <Link to="/privacy">{t('deleted.privacy')}</Link>
      </p>
      <p>{t('deleted.mail')}</p>
      <div className="actions">
        <Link to="/" className="btn btn-primary">
          {t('deleted.home')}
        </Link>
        <Link to="/signup" className="btn btn-secondary">
          {t('deleted.signUp')}
        </Link>
      </div>
    </FormCard>
  );
}
