import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { Loading } from '../ui/spinner';
import { useFrameLookup } from './organisations-api';

/** A frame number looked up across the register: the bike in any spelling, its owner, its stolen reports. */
export function FrameLookupTool() {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const [params, setParams] = useSearchParams();
  const frame = params.get('frame') ?? '';
  const [typed, setTyped] = useState(frame);
  const lookup = useFrameLookup(frame);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (typed.trim()) next.set('frame', typed.trim());
    else next.delete('frame');
    setParams(next, { replace: true });
  };
  const error = lookup.isError ? readApiError(lookup.error, t) : null;
  return (
    <section id="frame-lookup" className="card orgs-section" aria-labelledby="lookup-title">
      <h2 id="lookup-title">{t('lookup.title')}</h2>
      <p className="muted">{t('lookup.lead')}</p>
      <search>
        <form className="backoffice-search" onSubmit={submit}>
          <TextField
            label={t('lookup.frameNumber')}
            type="search"
            name="frame"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit">{t('lookup.search')}</Button>
        </form>
      </search>
      {frame && lookup.isPending && <Loading />}
      {error && <Alert>{error.kind === 'message' ? error.text : t('errors:server_error')}</Alert>}
      {lookup.data && (
        <div aria-live="polite">
          <p className="muted">{t('lookup.normalised', { value: lookup.data.normalised })}</p>
          {lookup.data.bikes.length === 0 ? (
            <p>{t('lookup.noBike')}</p>
          ) : (
            <ul className="orgs-plain-list">
              {lookup.data.bikes.map((bike) => (
                <li key={bike.bike_id}>
                  <strong>{bike.frame_number}</strong> · {[bike.brand, bike.model].filter(Boolean).join(' ') || '—'} ·{' '}
                  {bike.owner_party_id ? (
                    <Link to={`/backoffice/identities/${bike.owner_party_id}`}>{bike.owner ?? bike.owner_party_id}</Link>
                  ) : (
                    t('lookup.noOwner')
                  )}
                  {bike.reported_stolen && ` · ${t('person.reportedStolen')}`}
                </li>
              ))}
            </ul>
          )}
          {lookup.data.reports.length > 0 && (
            <>
              <h3>{t('lookup.reports')}</h3>
              <ul className="orgs-plain-list">
                {lookup.data.reports.map((report) => (
                  <li key={report.id}>
                    {t('lookup.reportedOn', { date: formatDate(report.created_at, i18n.resolvedLanguage, 'medium') })}
                    {report.found_at
                      ? ` · ${t('lookup.foundOn', { date: formatDate(report.found_at, i18n.resolvedLanguage, 'medium') })}`
                      : ` · ${t('lookup.stillStolen')}`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
