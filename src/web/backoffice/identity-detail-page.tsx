import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { IdentityDetail } from '../../domain/backoffice-orgs';
import { IDENTITY_ROLES } from '../../domain/roles';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDate, formatDateTime, numberFormat } from '../lib/intl';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { AuditTrail } from './audit-log-page';
import { changeRole, useIdentityDetail } from './organisations-api';
import { Forbidden } from './tickets-page';
import './backoffice.css';
import './organisations.css';

/** /backoffice/identities/{partyId}: a person's verification, role, organisations, bikes, orders, reports and audit trail. */
export function IdentityDetailPage() {
  const { t, i18n } = useTranslation(['backoffice-orgs', 'backoffice']);
  const partyId = useParams().partyId ?? '';
  const detail = useIdentityDetail(partyId);
  const language = i18n.resolvedLanguage;

  if (detail.error instanceof ApiError && detail.error.status === 403) return <Forbidden />;
  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <div className="backoffice">
        <PageTitle>{t('person.title')}</PageTitle>
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </div>
    );
  const person = detail.data;
  const money = (ore: number, currency: string) => numberFormat(language, { style: 'currency', currency }).format(ore / 100);
  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/identities">{t('person.back')}</Link>
      </p>
      <PageTitle title={person.email}>
        {person.email}
        {person.name && <span className="orgs-subtitle"> {person.name}</span>}
      </PageTitle>
      <div className="orgs-columns">
        <section className="card orgs-section" aria-labelledby="person-facts">
          <h2 id="person-facts">{t('person.account')}</h2>
          <dl className="orgs-facts">
            <dt>{t('person.role')}</dt>
            <dd>{t(`backoffice:roles.${person.role}`)}</dd>
            <dt>{t('person.signedUp')}</dt>
            <dd>{formatDate(person.signed_up_at, language, 'medium')}</dd>
            <dt>{t('person.email')}</dt>
            <dd>
              {person.email_verified_at
                ? t('person.emailConfirmed', { date: formatDate(person.email_verified_at, language, 'medium') })
                : t('person.emailNotConfirmed')}
            </dd>
            <dt>{t('person.nationalId')}</dt>
            <dd>
              {person.verified_on
                ? t('person.verified', {
                    date: formatDate(person.verified_on, language, 'medium'),
                    provider: person.eid_provider ?? '—',
                  })
                : t('person.notVerified')}
              {person.verified_name && ` · ${person.verified_name}`}
            </dd>
            <dt>{t('person.region')}</dt>
            <dd>
              {person.region.toUpperCase()} · {person.language}
            </dd>
            <dt>{t('credits.unused')}</dt>
            <dd>
              {person.credits.credits}
              {person.credits.plan_type && ` · ${t(`plans.${person.credits.plan_type}`)}`}
              {` · ${person.credits.active ? t('credits.active') : t('credits.inactive')}`}
            </dd>
          </dl>
        </section>
        <RoleChange key={person.role} person={person} />
      </div>

      <section className="orgs-section" aria-labelledby="person-orgs">
        <h2 id="person-orgs">{t('person.organisations')}</h2>
        {person.organisations.length === 0 ? (
          <p>{t('person.noOrganisations')}</p>
        ) : (
          <ul className="orgs-plain-list">
            {person.organisations.map((org) => (
              <li key={org.party_id}>
                <Link to={`/backoffice/organisations/${org.party_id}`}>{org.name}</Link> · {t(`types.${org.organisation_type}`)} ·{' '}
                {t(`memberRoles.${org.role}`)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="orgs-section" aria-labelledby="person-bikes">
        <h2 id="person-bikes">{t('person.bikes')}</h2>
        {person.bikes.length === 0 ? (
          <p>{t('person.noBikes')}</p>
        ) : (
          <div className="orgs-table-wrap">
            <table className="orgs-table">
              <thead>
                <tr>
                  <th scope="col">{t('person.frameNumber')}</th>
                  <th scope="col">{t('person.brandModel')}</th>
                  <th scope="col">{t('person.ownedSince')}</th>
                  <th scope="col">{t('person.stolen')}</th>
                </tr>
              </thead>
              <tbody>
                {person.bikes.map((bike) => (
                  <tr key={bike.bike_id}>
                    <td>{bike.frame_number ?? '—'}</td>
                    <td>{[bike.brand, bike.model].filter(Boolean).join(' ') || '—'}</td>
                    <td>{formatDate(bike.owned_since, language, 'medium')}</td>
                    <td>{bike.reported_stolen ? t('person.reportedStolen') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="orgs-section" aria-labelledby="person-orders">
        <h2 id="person-orders">{t('person.orders')}</h2>
        {person.orders.length === 0 ? (
          <p>{t('person.noOrders')}</p>
        ) : (
          <div className="orgs-table-wrap">
            <table className="orgs-table">
              <thead>
                <tr>
                  <th scope="col">{t('person.orderDate')}</th>
                  <th scope="col">{t('person.orderWhat')}</th>
                  <th scope="col">{t('person.orderStatus')}</th>
                  <th scope="col">{t('person.orderAmount')}</th>
                </tr>
              </thead>
              <tbody>
                {person.orders.map((order) => (
                  <tr key={order.id}>
                    <td>{formatDateTime(order.created_at, language)}</td>
                    <td>{order.family}</td>
                    <td>{t(`orderStatus.${order.status}`, { defaultValue: order.status })}</td>
                    <td>{money(order.gross_ore, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="orgs-section" aria-labelledby="person-tickets">
        <h2 id="person-tickets">{t('person.tickets')}</h2>
        {person.tickets.length === 0 ? (
          <p>{t('person.noTickets')}</p>
        ) : (
          <ul className="orgs-plain-list">
            {person.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link to={`/backoffice/tickets/${ticket.id}`}>{formatDateTime(ticket.created_at, language)}</Link> · {ticket.reason} ·{' '}
                {t(`ticketStatus.${ticket.status}`, { defaultValue: ticket.status })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="orgs-section" aria-labelledby="person-audit">
        <h2 id="person-audit">{t('person.audit')}</h2>
        <AuditTrail filter={{ party_id: person.party_id }} />
      </section>
    </div>
  );
}

/** Only an admin changes a role, and never their own (the server refuses both otherwise). */
function RoleChange({ person }: { person: IdentityDetail }) {
  const { t } = useTranslation(['backoffice-orgs', 'backoffice']);
  const profile = useProfile().data;
  const [role, setRole] = useState<string>(person.role);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const isAdmin = profile?.role === 'admin';
  const own = profile?.party_id === person.party_id;
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await changeRole(person.party_id, role);
      setMessage({ tone: 'success', text: t('person.roleSaved') });
    } catch (err) {
      const outcome = readApiError(err, t);
      setMessage({ tone: 'error', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card orgs-section" aria-labelledby="person-role">
      <h2 id="person-role">{t('person.roleTitle')}</h2>
      {!isAdmin && <Alert tone="info">{t('person.roleAdminOnly')}</Alert>}
      {isAdmin && own && <Alert tone="info">{t('person.roleNotOwn')}</Alert>}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <fieldset disabled={!isAdmin || own} className="orgs-fieldset">
        <legend className="visually-hidden">{t('person.roleTitle')}</legend>
        <SelectField
          label={t('person.role')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={IDENTITY_ROLES.map((value) => ({ value, label: t(`backoffice:roles.${value}`) }))}
        />
        <div className="actions">
          <Button onClick={() => void save()} busy={busy} disabled={role === person.role}>
            {t('person.saveRole')}
          </Button>
        </div>
      </fieldset>
    </section>
  );
}
