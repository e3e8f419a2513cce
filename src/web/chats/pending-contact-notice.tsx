import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../lib/session-store';
import { contactPath } from './contact-paths';
import { useDraftStore, useWaitingContact } from './draft-store';
import './pending-contact-notice.css';

/**
 * A visitor who wrote to a bike's owner and then signed up (or verified their email, or came in another
 * way than the login page's return path) is reminded of the message that waits to be sent. Mounted on
 * every signed-in page, so it asks for its texts only when there is something to say.
 */
export function PendingContactNotice() {
  const session = useSession();
  const bikeId = useWaitingContact();
  const { pathname } = useLocation();
  if (!session || !bikeId) return null;
  const to = contactPath(bikeId);
  if (pathname.startsWith(to)) return null;
  return <Notice bikeId={bikeId} to={to} />;
}

function Notice({ bikeId, to }: { bikeId: string; to: string }) {
  const { t } = useTranslation('chats');
  const discard = useDraftStore((s) => s.clearContact);
  return (
    <aside className="alert alert-info chat-pending" aria-label={t('pending.label')}>
      <p>{t('pending.text')}</p>
      <div className="chat-pending-actions">
        <Link to={to} className="btn btn-primary btn-small">
          {t('pending.continue')}
        </Link>
        <button type="button" className="btn btn-link" onClick={() => discard(bikeId)}>
          <span>{t('pending.discard')}</span>
        </button>
      </div>
    </aside>
  );
}
