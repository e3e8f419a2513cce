import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';

export function ResetSuccessPage() {
  const { t } = useTranslation('identity');
  return (
    <FormCard>
      <PageTitle>{t('resetSuccess.title')}</PageTitle>
      <p>{t('resetSuccess.body')}</p>
      <Link to="/app" className="btn btn-primary">
        {t('toApp')}
      </Link>
    </FormCard>
  );
}
