import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { type TicketStatus, useTickets } from './tickets-api';
import './backoffice.css';
import './tickets.css';

const STATUSES: TicketStatus[] = ['open', 'closed'];

/** /backoffice/tickets: reported conversations for staff, open or closed, newest first. */
export function TicketsPage() {
  const { t, i18n } = useTranslation(['chats', 'backoffice', 'errors']);
  const [params, setParams] = useSearchParams();
  const status: TicketStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const list = useTickets(status);

  if (list.error instanceof ApiError && list.error.status === 403) return <Forbidden />;

  return (
    <div className="backoffice">
      <PageTitle>{t('tickets.title')}</PageTitle>
      <p className="backoffice-lead">{t('tickets.lead')}</p>
      <fieldset className="ticket-filter">
        <legend className="visually-hidden">{t('tickets.filter')}</legend>
        {STATUSES.map((value) => (
          <Button
            key={value}
            variant="secondary"
            className="btn-small"
            aria-pressed={status === value}
            onClick={() => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
          >
            {t(`tickets.status.${value}`)}
          </Button>
        ))}
      </fieldset>
      {list.isPending && <Loading />}
      {list.isError && (
        <Alert>
          <p>{messageOf(list.error, t)}</p>
          <Button variant="secondary" className="btn-small" onClick={() => void list.refetch()} busy={list.isFetching}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {list.data &&
        (list.data.length === 0 ? (
          <p>{status === 'open' ? t('tickets.noneOpen') : t('tickets.noneClosed')}</p>
        ) : (
          <ul className="ticket-list">
            {list.data.map((ticket) => (
              <li key={ticket.id} className="card ticket-row">
                <h2>
                  <Link to={`/backoffice/tickets/${encodeURIComponent(ticket.id)}`}>
                    {t('tickets.reportedAt', { date: formatDateTime(ticket.created_at, i18n.resolvedLanguage) })}
                  </Link>
                </h2>
                <p className="ticket-reason">{ticket.reason}</p>
                <span className="muted">
                  {t('tickets.reporter', { email: ticket.reporter_email ?? t('tickets.deletedUser') })}
                  {ticket.closed_at && ` · ${t('tickets.closedAt', { date: formatDateTime(ticket.closed_at, i18n.resolvedLanguage) })}`}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

export function Forbidden() {
  const { t } = useTranslation('backoffice');
  return (
    <div className="backoffice">
      <PageTitle>{t('forbidden.title')}</PageTitle>
      <Alert tone="warning">{t('forbidden.body')}</Alert>
      <Link to="/app" className="btn btn-primary">
        {t('forbidden.home')}
      </Link>
    </div>
  );
}

export function messageOf(error: unknown, t: Parameters<typeof readApiError>[1]): string {
  const outcome = readApiError(error, t);
  return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
}
