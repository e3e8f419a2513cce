import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';

/** /app/bikes/{bikeId}/contact-bike-owner/success?chat=<id>: the message is on its way; where the answer will be. */
export function ContactSuccessPage() {
  const { t } = useTranslation('chats');
  const chatId = useSearchParams()[0].get('chat') ?? '';
  return (
    <FormCard>
      <PageTitle>{t('success.title')}</PageTitle>
      <Alert tone="success">{t('success.sent')}</Alert>
      <p>{t('success.lead')}</p>
      <p className="muted">{t('success.anonymity')}</p>
      <div className="actions">
        {chatId ? (
          <Link to={`/app/chats/${encodeURIComponent(chatId)}`} className="btn btn-primary">
            {t('success.toChat')}
          </Link>
        ) : null}
        <Link to="/app/chats" className="btn btn-secondary">
          {t('success.toInbox')}
        </Link>
      </div>
    </FormCard>
  );
}
