import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ReadOnlyNote, useCanChange } from './read-only';
import { type TicketDetail, type TicketMessage, useCloseTicket, useTicket } from './tickets-api';
import { Forbidden, messageOf } from './tickets-page';
import { SupportTicketView } from './tickets-support';
import './backoffice.css';
import './tickets.css';
import './tickets-support.css';

const SYSTEM_KEYS = ['ownership_request_accepted', 'ownership_request_declined', 'ownership_request_withdrawn', 'transfer_completed'];

/** /backoffice/tickets/{ticketId}: a reported conversation as staff see it (the read is audited), and Close; or a support ticket. */
export function TicketDetailPage() {
  const { t } = useTranslation(['chats', 'errors']);
  const ticketId = useParams().ticketId ?? '';
  const ticket = useTicket(ticketId);

  if (ticket.error instanceof ApiError && ticket.error.status === 403) return <Forbidden />;
  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/tickets">{t('tickets.back')}</Link>
      </p>
      {ticket.isPending && <Loading />}
      {ticket.isError &&
        (ticket.error instanceof ApiError && ticket.error.status === 404 ? (
          <>
            <PageTitle>{t('tickets.notFoundTitle')}</PageTitle>
            <Alert tone="info">{t('tickets.notFound')}</Alert>
          </>
        ) : (
          <>
            <PageTitle>{t('tickets.loadFailedTitle')}</PageTitle>
            <Alert>
              <p>{messageOf(ticket.error, t)}</p>
              <Button variant="secondary" className="btn-small" onClick={() => void ticket.refetch()} busy={ticket.isFetching}>
                {t('common.retry')}
              </Button>
            </Alert>
          </>
        ))}
      {ticket.data &&
        (ticket.data.kind === 'support' ? <SupportTicketView ticketId={ticket.data.id} /> : <TicketView ticket={ticket.data} />)}
    </div>
  );
}

function TicketView({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation(['chats', 'errors']);
  const close = useCloseTicket(ticket.id);
  const canChange = useCanChange();
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  const emailOf = (role: string) => ticket.chat?.participants.find((p) => p.role === role)?.email ?? t('tickets.deletedUser');

  const closeTicket = async () => {
    setError(null);
    try {
      await close.mutateAsync();
    } catch (err) {
      setError(messageOf(err, t));
    }
  };

  return (
    <>
      <PageTitle>{t('tickets.ticketTitle')}</PageTitle>
      <section className="card ticket-card" aria-labelledby="ticket-facts-title">
        <h2 id="ticket-facts-title">{t('tickets.factsTitle')}</h2>
        <dl className="ticket-facts">
          <dt>{t('tickets.statusLabel')}</dt>
          <dd>{t(`tickets.state.${ticket.status}`)}</dd>
          <dt>{t('tickets.reportedLabel')}</dt>
          <dd>{when(ticket.created_at)}</dd>
          <dt>{t('tickets.reporterLabel')}</dt>
          <dd>{ticket.reporter_email ?? t('tickets.deletedUser')}</dd>
          <dt>{t('tickets.reasonLabel')}</dt>
          <dd className="ticket-reason">{ticket.reason}</dd>
          {ticket.closed_at && (
            <>
              <dt>{t('tickets.closedLabel')}</dt>
              <dd>{when(ticket.closed_at)}</dd>
            </>
          )}
          {ticket.chat && (
            <>
              <dt>{t('tickets.ownerLabel')}</dt>
              <dd>{emailOf('owner')}</dd>
              <dt>{t('tickets.senderLabel')}</dt>
              <dd>{emailOf('sender')}</dd>
            </>
          )}
        </dl>
        {error && <Alert>{error}</Alert>}
        {ticket.status !== 'open' ? (
          close.isSuccess && <Alert tone="success">{t('tickets.closedNow')}</Alert>
        ) : canChange ? (
          <div className="actions">
            <Button onClick={() => void closeTicket()} busy={close.isPending}>
              {t('tickets.close')}
            </Button>
          </div>
        ) : (
          <ReadOnlyNote />
        )}
      </section>
      <section aria-labelledby="ticket-chat-title">
        <h2 id="ticket-chat-title">{t('tickets.chatTitle')}</h2>
        <p className="muted">{t('tickets.auditNote')}</p>
        {ticket.messages.length === 0 ? (
          <p>{t('tickets.noMessages')}</p>
        ) : (
          <ol className="ticket-messages">
            {ticket.messages.map((message) => (
              <StaffMessage key={message.id} message={message} when={when(message.created_at)} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function StaffMessage({ message, when }: { message: TicketMessage; when: string }) {
  const { t } = useTranslation('chats');
  if (message.kind === 'system') {
    const text = SYSTEM_KEYS.includes(message.content) ? t(`system.${message.content}`) : t('system.unknown');
    return (
      <li className="ticket-message ticket-message-system">
        <span className="ticket-message-meta">{when}</span>
        <p>{text}</p>
      </li>
    );
  }
  const who = message.sender_role ? t(`tickets.role.${message.sender_role}`) : t('tickets.deletedUser');
  return (
    <li className={`ticket-message ticket-message-${message.sender_role ?? 'gone'}`}>
      <span className="ticket-message-meta">
        <strong>{who}</strong> · {when}
      </span>
      {message.content && <p>{message.content}</p>}
      {message.latitude !== null && message.longitude !== null && (
        <p>{t('tickets.place', { coordinates: `${message.latitude.toFixed(5)}, ${message.longitude.toFixed(5)}` })}</p>
      )}
      {message.photo_url && (
        <p>
          <a href={message.photo_url} target="_blank" rel="noreferrer">
            {t('tickets.photo')}
          </a>
        </p>
      )}
    </li>
  );
}
