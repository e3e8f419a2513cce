import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useIdentitySearch } from './backoffice-api';
import { type AuditEntry, useAuditLog } from './organisations-api';
import { Forbidden } from './tickets-page';
import './backoffice.css';
import './organisations.css';

type AuditFilter = { party_id?: string; record_type?: string; record_id?: string };

/**
 * /backoffice/audit-log: who did what, when, with the fields before and after; found by record (its kind and id) or
 * by person (their email, which names their party). The filter lives in the address.
 */
export function AuditLogPage() {
  const { t } = useTranslation('backoffice-orgs');
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const recordType = params.get('record_type') ?? '';
  const recordId = params.get('record_id') ?? '';
  const [typed, setTyped] = useState({ email, record_type: recordType, record_id: recordId });
  const person = useIdentitySearch(email);
  const match = email ? person.data?.find((p) => p.email.toLowerCase() === email.toLowerCase()) : undefined;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      Object.entries(typed)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    );
    setParams(next, { replace: true });
  };

  let filter: AuditFilter | null = {};
  if (email) filter = match ? { party_id: match.party_id } : null;
  if (filter && recordType) filter = { ...filter, record_type: recordType, ...(recordId ? { record_id: recordId } : {}) };

  if (person.error instanceof ApiError && person.error.status === 403) return <Forbidden />;
  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('audit.title')}</PageTitle>
      <p className="backoffice-lead">{t('audit.lead')}</p>
      <search>
        <form className="card backoffice-search" onSubmit={search}>
          <TextField
            label={t('audit.email')}
            type="search"
            name="email"
            autoComplete="off"
            value={typed.email}
            onChange={(e) => setTyped({ ...typed, email: e.target.value })}
          />
          <TextField
            label={t('audit.recordType')}
            name="record_type"
            autoComplete="off"
            hint={t('audit.recordTypeHint')}
            value={typed.record_type}
            onChange={(e) => setTyped({ ...typed, record_type: e.target.value })}
          />
          <TextField
            label={t('audit.recordId')}
            name="record_id"
            autoComplete="off"
            value={typed.record_id}
            onChange={(e) => setTyped({ ...typed, record_id: e.target.value })}
          />
          <Button type="submit">{t('audit.search')}</Button>
        </form>
      </search>
      {email && person.isPending && <Loading />}
      {email && person.data && !match && <Alert tone="warning">{t('audit.noPerson', { email })}</Alert>}
      {filter && <AuditTrail filter={filter} />}
    </div>
  );
}

/** The audit entries of a record or a person, newest first (at most 200, as the server answers). */
export function AuditTrail({ filter }: { filter: AuditFilter }) {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const log = useAuditLog(filter);
  if (log.isPending) return <Loading />;
  if (log.isError) return <LoadError error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  if (log.data.length === 0) return <p>{t('audit.none')}</p>;
  return (
    <ol className="audit-list">
      {log.data.map((entry) => (
        <li key={entry.id} className="card audit-entry">
          <div className="audit-head">
            <strong>{actionLabel(entry.action, t)}</strong>
            <span className="muted">{formatDateTime(entry.created_at, i18n.resolvedLanguage)}</span>
          </div>
          <p className="audit-who">
            {t('audit.by')}{' '}
            {entry.actor_party_id ? (
              <Link to={`/backoffice/identities/${entry.actor_party_id}`}>{entry.actor_email ?? entry.actor_party_id}</Link>
            ) : (
              t('audit.commandLine')
            )}
            {entry.target_party_id && (
              <>
                {' · '}
                {t('audit.concerning')}{' '}
                <Link to={`/backoffice/identities/${entry.target_party_id}`}>{entry.target_email ?? entry.target_party_id}</Link>
              </>
            )}
            {entry.record_type && (
              <>
                {' · '}
                <RecordLink type={entry.record_type} id={entry.record_id} />
              </>
            )}
          </p>
          <Changes entry={entry} />
        </li>
      ))}
    </ol>
  );
}

function actionLabel(action: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  return t(`actions.${action.replace(/\./g, '_')}`, { defaultValue: action });
}

function RecordLink({ type, id }: { type: string; id: string | null }) {
  const { t } = useTranslation('backoffice-orgs');
  const label = `${t(`records.${type}`, { defaultValue: type })}${id ? ` ${id}` : ''}`;
  if (type === 'organisation' && id) return <Link to={`/backoffice/organisations/${id}`}>{label}</Link>;
  return <span>{label}</span>;
}

/** A value as a person reads it: text as it is, nothing as a dash, anything else as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Field by field: before → after; then the entry's other data (a reason, a count). */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('backoffice-orgs');
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const data = Object.entries(asRecord(entry.data));
  if (fields.length === 0 && data.length === 0) return null;
  return (
    <dl className="audit-changes">
      {fields.map((field) => (
        <div key={field} className="audit-change">
          <dt>{field}</dt>
          <dd>
            {entry.before !== null && <span className="audit-before">{shown(before[field])}</span>}
            {entry.before !== null && entry.after !== null && <span aria-hidden="true"> → </span>}
            {entry.before !== null && entry.after !== null && <span className="visually-hidden"> {t('audit.becomes')} </span>}
            {entry.after !== null && <span className="audit-after">{shown(after[field])}</span>}
            {entry.after === null && <span className="muted"> ({t('audit.removed')})</span>}
          </dd>
        </div>
      ))}
      {data.map(([key, value]) => (
        <div key={`data-${key}`} className="audit-change audit-data">
          <dt>{key}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
