import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ContactForm } from './contact-form';
import { usePublicBike } from './use-public-bike';
import './chats.css';

/**
 * /app/bikes/{bikeId}/contact-bike-owner: write to a bike's owner without either side learning who the
 * other is (§1). A visitor may write too (the access table lets them open this page): what they type is
 * kept in a draft on every keystroke, and sending takes them to log in or sign up and back here.
 * A public route (public-routes.tsx): plain fetches, no query library, so a visitor's first load stays light.
 */
export function ContactOwnerPage() {
  const { t } = useTranslation(['chat-contact', 'errors']);
  const bikeId = useParams().bikeId ?? '';
  const card = usePublicBike(bikeId);

  if (card.kind === 'loading') return <Loading />;
  if (card.kind === 'failed') {
    const notFound = card.error instanceof ApiError && (card.error.status === 404 || card.error.status === 422);
    const outcome = readApiError(card.error, t);
    return (
      <div className="chat-page chat-narrow">
        <PageTitle>{notFound ? t('contact.notFoundTitle') : t('contact.loadFailedTitle')}</PageTitle>
        <Alert tone={notFound ? 'info' : 'error'}>
          <p>{notFound ? t('contact.notFound') : outcome.kind === 'message' ? outcome.text : t('errors:server_error')}</p>
        </Alert>
        <div className="actions">
          {!notFound && (
            <Button variant="secondary" onClick={card.retry}>
              {t('contact.retry')}
            </Button>
          )}
          <Link to="/search" className="btn btn-primary">
            {t('contact.toSearch')}
          </Link>
        </div>
      </div>
    );
  }
  return <ContactForm bike={card.bike} />;
}
