import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportTicket } from '../../domain/support';
import { ApiError } from '../lib/api-client';
import { formatDateTime, numberFormat } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextAreaField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ReadOnlyNote, useCanChange } from './read-only';
import { useMe } from './tickets-api';
import { CannedReplies } from './tickets-canned-replies';
import { messageOf } from './tickets-page';
import { useAssignees, useCannedReplies, useReplyToTicket, useSupportLive, useSupportTicket, useTicketChange } from './tickets-support-api';

/** /backoffice/tickets/{id} of a support ticket: the conversation and the answer, and beside it who wrote and their things. */
export function SupportTicketView({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation(['support', 'errors']);
  const ticket = useSupportTicket(ticketId);
  useSupportLive();
  if (ticket.isPending) return <Loading />;
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.status === 404) return <Alert tone="info">{t('staff.notFound')}</Alert>;
    return <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} retrying={ticket.isFetching} />;
  }
  return <SupportTicketBody ticket={ticket.data} />;
}

function SupportTicketBody({ ticket }: { ticket: SupportTicket }) {
  const { t, i18n } = useTranslation(['support', 'errors']);
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  const who = ticket.requester.name ?? ticket.requester.email ?? t('staff.deletedUser');
  const canChange = useCanChange();
  return (
    <>
      <PageTitle title={t('staff.title', { who })}>{t('staff.title', { who })}</PageTitle>
      <div className="support-ticket">
        <section className="support-ticket-talk" aria-labelledby="support-talk-title">
          <h2 id="support-talk-title">{t('staff.conversation')}</h2>
          <ol className="ticket-messages" aria-live="polite">
            {ticket.messages.map((message) => (
              <li key={message.id} className={`ticket-message support-staff-message-${message.from}`}>
                <span className="ticket-message-meta">
                  <strong>{message.from === 'staff' ? t('staff.fromStaff', { email: message.staff_email ?? '' }) : who}</strong> ·{' '}
                  {when(message.created_at)}
                </span>
                <p>{message.content}</p>
              </li>
            ))}
          </ol>
          {canChange ? <ReplyForm ticket={ticket} /> : <ReadOnlyNote />}
        </section>
        <aside className="support-ticket-side" aria-label={t('staff.beside')}>
          <TicketFacts ticket={ticket} who={who} canChange={canChange} />
          <Bikes ticket={ticket} />
          <Orders ticket={ticket} />
        </aside>
      </div>
      {canChange && <CannedReplies />}
    </>
  );
}

function ReplyForm({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation(['support', 'errors']);
  const reply = useReplyToTicket(ticket.id);
  const canned = useCannedReplies();
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const pickCanned = (cannedId: string) => {
    setChosen(cannedId);
    const picked = canned.data?.find((c) => c.id === cannedId);
    if (!picked) return;
    const body = { da: picked.body_da, en: picked.body_en, no: picked.body_no }[ticket.language];
    setContent((typed) => (typed.trim() ? `${typed.trimEnd()}\n\n${body}` : body));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!content.trim()) {
      setError(t('errors:field_required'));
      return;
    }
    try {
      await reply.mutateAsync(content);
      setContent('');
      setChosen('');
    } catch (err) {
      setError(messageOf(err, t));
    }
  };

  return (
    <form className="card support-reply" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField
        label={t('staff.cannedPick', { language: t(`staff.language.${ticket.language}`) })}
        value={chosen}
        placeholder={canned.data?.length ? t('staff.cannedNone') : t('staff.cannedEmpty')}
        options={(canned.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
        onChange={(e) => pickCanned(e.target.value)}
      />
      <TextAreaField
        label={t('staff.answer')}
        id={id}
        rows={5}
        maxLength={2000}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={error ?? undefined}
      />
      <div className="actions">
        <Button type="submit" busy={reply.isPending}>
          {t('staff.send')}
        </Button>
      </div>
    </form>
  );
}

function TicketFacts({ ticket, who, canChange }: { ticket: SupportTicket; who: string; canChange: boolean }) {
  const { t, i18n } = useTranslation(['support', 'errors']);
  const me = useMe();
  const assignees = useAssignees();
  const change = useTicketChange(ticket.id);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);

  const act = async (input: Parameters<typeof change.mutateAsync>[0]) => {
    setError(null);
    try {
      await change.mutateAsync(input);
    } catch (err) {
      setError(messageOf(err, t));
    }
  };

  return (
    <section className="card" aria-labelledby="support-facts-title">
      <h2 id="support-facts-title">{t('staff.facts')}</h2>
      <dl className="ticket-facts">
        <dt>{t('staff.status')}</dt>
        <dd>{t(`staff.state.${ticket.status}`)}</dd>
        <dt>{t('staff.writer')}</dt>
        <dd>
          {who}
          {ticket.requester.visitor && <span className="muted"> · {t('staff.visitor')}</span>}
        </dd>
        <dt>{t('staff.email')}</dt>
        <dd>{ticket.requester.email ?? t('staff.deletedUser')}</dd>
        <dt>{t('staff.started')}</dt>
        <dd>{when(ticket.created_at)}</dd>
        <dt>{t('staff.assignee')}</dt>
        <dd>{ticket.assignee ? (ticket.assignee.name ?? ticket.assignee.email) : t('staff.nobody')}</dd>
      </dl>

      {canChange && (
        <>
          <SelectField
            label={t('staff.assignTo')}
            value={ticket.assignee?.party_id ?? ''}
            placeholder={t('staff.nobody')}
            options={(assignees.data ?? []).map((a) => ({ value: a.party_id, label: a.name ? `${a.name} (${a.email})` : a.email }))}
            onChange={(e) => void act({ action: 'assign', assignee: e.target.value || null })}
            disabled={change.isPending}
          />
          <div className="actions">
            {ticket.assignee?.party_id !== me && (
              <Button variant="secondary" className="btn-small" onClick={() => void act({ action: 'assign', assignee: me })}>
                {t('staff.takeIt')}
              </Button>
            )}
            {ticket.status === 'open' ? (
              <Button className="btn-small" onClick={() => void act({ action: 'close' })} busy={change.isPending}>
                {t('staff.close')}
              </Button>
            ) : (
              <Button variant="secondary" className="btn-small" onClick={() => void act({ action: 'reopen' })} busy={change.isPending}>
                {t('staff.reopen')}
              </Button>
            )}
          </div>
        </>
      )}

      {error && <Alert>{error}</Alert>}
    </section>
  );
}

function Bikes({ ticket }: { ticket: SupportTicket }) {
  const { t, i18n } = useTranslation('support');
  return (
    <section className="card" aria-labelledby="support-bikes-title">
      <h2 id="support-bikes-title">{t('staff.bikes')}</h2>
      {ticket.bikes.length === 0 ? (
        <p className="muted">{ticket.requester.visitor ? t('staff.visitorNothing') : t('staff.noBikes')}</p>
      ) : (
        <table className="support-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.bike')}</th>
              <th scope="col">{t('staff.frameNumber')}</th>
              <th scope="col">{t('staff.registered')}</th>
            </tr>
          </thead>
          <tbody>
            {ticket.bikes.map((bike) => (
              <tr key={bike.id}>
                <td>
                  {[bike.brand, bike.model].filter(Boolean).join(' ') || t('staff.unnamedBike')}
                  {bike.reported_stolen && <span className="support-badge">{t('staff.stolen')}</span>}
                </td>
                <td>{bike.frame_number ?? '–'}</td>
                <td>{formatDateTime(bike.registered_at, i18n.resolvedLanguage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Orders({ ticket }: { ticket: SupportTicket }) {
  const { t, i18n } = useTranslation('support');
  const money = (ore: number, currency: string) => numberFormat(i18n.resolvedLanguage, { style: 'currency', currency }).format(ore / 100);
  return (
    <section className="card" aria-labelledby="support-orders-title">
      <h2 id="support-orders-title">{t('staff.orders')}</h2>
      {ticket.orders.length === 0 ? (
        <p className="muted">{ticket.requester.visitor ? t('staff.visitorNothing') : t('staff.noOrders')}</p>
      ) : (
        <table className="support-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.ordered')}</th>
              <th scope="col">{t('staff.what')}</th>
              <th scope="col">{t('staff.amount')}</th>
              <th scope="col">{t('staff.payment')}</th>
            </tr>
          </thead>
          <tbody>
            {ticket.orders.map((order) => (
              <tr key={order.id}>
                <td>{formatDateTime(order.created_at, i18n.resolvedLanguage)}</td>
                <td>{order.family}</td>
                <td>{money(order.gross_ore, order.currency)}</td>
                <td>
                  {t(`staff.orderStatus.${order.status}`, { defaultValue: order.status })}
                  {order.paid_at && ` · ${t('staff.paidAt', { date: formatDateTime(order.paid_at, i18n.resolvedLanguage) })}`}
                  {order.refunded_at && ` · ${t('staff.refundedAt', { date: formatDateTime(order.refunded_at, i18n.resolvedLanguage) })}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
