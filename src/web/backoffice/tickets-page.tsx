import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { TICKET_PAGE_SIZE, type TicketFilter, type TicketKind, type TicketStatus, ticketQuery, useTickets } from './tickets-api';
import { useSupportLive } from './tickets-support-api';
import './backoffice.css';
import './tickets.css';
import './tickets-support.css';

const STATUSES: TicketStatus[] = ['open', 'closed'];
const KINDS: (TicketKind | null)[] = [null, 'support', 'chat_report'];
const ASSIGNEES: TicketFilter['assignee'][] = [null, 'me', 'none'];

/** The filter in the page's address (?status=&kind=&assignee=&page=); anything unknown is the default. */
function filterOf(params: URLSearchParams): TicketFilter {
  const kind = params.get('kind');
  const assignee = params.get('assignee');
  const page = Number(params.get('page'));
  return {
    status: params.get('status') === 'closed' ? 'closed' : 'open',
    kind: kind === 'support' || kind === 'chat_report' ? kind : null,
    assignee: assignee === 'me' || assignee === 'none' ? assignee : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /backoffice/tickets: reported conversations and support conversations, filtered and paged by the server, newest first. */
export function TicketsPage() {
  const { t, i18n } = useTranslation(['chats', 'support', 'backoffice', 'errors']);
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const list = useTickets(filter);
  useSupportLive();
  const go = (change: Partial<TicketFilter>) => {
    // A new filter starts at its first page.
    const next = new URLSearchParams(ticketQuery({ ...filter, page: 1, ...change }));
    if (next.get('status') === 'open') next.delete('status');
    setParams(next, { replace: true });
  };

  if (list.error instanceof ApiError && list.error.status === 403) return <Forbidden />;

  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('tickets.title')}</PageTitle>
      <p className="backoffice-lead">{t('support:list.lead')}</p>
      <fieldset className="ticket-filter">
        <legend className="visually-hidden">{t('tickets.filter')}</legend>
        {STATUSES.map((value) => (
          <Button
            key={value}
            variant="secondary"
            className="btn-small"
            aria-pressed={filter.status === value}
            onClick={() => go({ status: value })}
          >
            {t(`tickets.status.${value}`)}
          </Button>
        ))}
      </fieldset>
      <fieldset className="ticket-filter">
        <legend className="visually-hidden">{t('support:list.kindFilter')}</legend>
        {KINDS.map((value) => (
          <Button
            key={value ?? 'all'}
            variant="secondary"
            className="btn-small"
            aria-pressed={filter.kind === value}
            onClick={() => go({ kind: value })}
          >
            {t(`support:list.kind.${value ?? 'all'}`)}
          </Button>
        ))}
      </fieldset>
      <fieldset className="ticket-filter">
        <legend className="visually-hidden">{t('support:list.assigneeFilter')}</legend>
        {ASSIGNEES.map((value) => (
          <Button
            key={value ?? 'anyone'}
            variant="secondary"
            className="btn-small"
            aria-pressed={filter.assignee === value}
            onClick={() => go({ assignee: value })}
          >
            {t(`support:list.assignee.${value ?? 'anyone'}`)}
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
          <p>{filter.status === 'open' ? t('tickets.noneOpen') : t('tickets.noneClosed')}</p>
        ) : (
          <ul className="ticket-list">
            {list.data.map((ticket) => (
              <li key={ticket.id} className="card ticket-row">
                <h2>
                  <Link to={`/backoffice/tickets/${encodeURIComponent(ticket.id)}`}>
                    {ticket.kind === 'support'
                      ? t('support:list.supportFrom', { who: ticket.reporter_email ?? t('tickets.deletedUser') })
                      : t('tickets.reportedAt', { date: formatDateTime(ticket.created_at, i18n.resolvedLanguage) })}
                  </Link>
                </h2>
                <p className="ticket-reason">{ticket.reason}</p>
                <span className="muted ticket-row-tags">
                  <span>{t(`support:list.kind.${ticket.kind}`)}</span>
                  {ticket.kind === 'support' && <span>{ticket.answered ? t('support:list.answered') : t('support:list.waiting')}</span>}
                  <span>{t('support:list.assignedTo', { who: ticket.assignee_email ?? t('support:staff.nobody') })}</span>
                  {ticket.kind === 'support' && ticket.last_message_at ? (
                    <span>{t('support:list.lastMessage', { date: formatDateTime(ticket.last_message_at, i18n.resolvedLanguage) })}</span>
                  ) : (
                    <span>{t('tickets.reporter', { email: ticket.reporter_email ?? t('tickets.deletedUser') })}</span>
                  )}
                  {ticket.closed_at && (
                    <span>{t('tickets.closedAt', { date: formatDateTime(ticket.closed_at, i18n.resolvedLanguage) })}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {list.data && (filter.page > 1 || list.data.length >= TICKET_PAGE_SIZE) && (
        <nav className="ticket-pages" aria-label={t('support:list.pages')}>
          {filter.page > 1 && (
            <Button variant="secondary" className="btn-small" onClick={() => go({ ...filter, page: filter.page - 1 })}>
              {t('support:list.previous')}
            </Button>
          )}
          <span>{t('support:list.page', { page: filter.page })}</span>
          {list.data.length >= TICKET_PAGE_SIZE && (
            <Button variant="secondary" className="btn-small" onClick={() => go({ ...filter, page: filter.page + 1 })}>
              {t('support:list.next')}
            </Button>
          )}
        </nav>
      )}
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
