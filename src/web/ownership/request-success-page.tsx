import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormCard, PageTitle } from '../ui/page';

/** /app/bikes/request-ownership/success/{chatId}: the request is sent; what happens next, and the conversation. */
export function RequestSuccessPage() {
  const { t } = useTranslation('ownership');
  const chatId = useParams().chatId ?? '';
  return (
    <FormCard>
      <PageTitle>{t('sent.title')}</PageTitle>
      <p>{t('sent.body')}</p>
      <h2>{t('sent.nextTitle')}</h2>
      <ol className="ownership-steps">
        <li>{t('sent.next1')}</li>
        <li>{t('sent.next2')}</li>
        <li>{t('sent.next3')}</li>
      </ol>
      <div className="actions">
        <Link to={`/app/chats/${encodeURIComponent(chatId)}`} className="btn btn-primary">
          {t('sent.toChat')}
        </Link>
        <Link to="/app/my-bikes" className="btn btn-secondary">
          {t('nav.myBikes')}
        </Link>
      </div>
    </FormCard>
  );
}
