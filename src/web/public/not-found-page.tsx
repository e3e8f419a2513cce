import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <FormCard>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <p>{t('notFound.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </FormCard>
  );
}
