import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BackofficeIdentity } from '../../domain/backoffice';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { switchToUser, useIdentitySearch } from './backoffice-api';
import './backoffice.css';

/**
 * /backoffice/identities: staff find a user by email or name and may act as them (switch-user, §6).
 * The server decides who may see the list (staff, admin, revisor) and whom each may switch to.
 */
export function IdentitiesPage() {
  const { t, i18n } = useTranslation('backoffice');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const list = useIdentitySearch(q);
  const [switching, setSwitching] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
  };

  const actAs = async (user: BackofficeIdentity) => {
    setSwitching(user.party_id);
    setSwitchError(null);
    try {
      await switchToUser(user.party_id);
      navigate('/app');
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'message') setSwitchError(outcome.text);
      setSwitching(null);
    }
  };

  if (list.error instanceof ApiError && list.error.status === 403) {
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

  return (
    <div className="backoffice">
      <PageTitle>{t('identities.title')}</PageTitle>
      <p className="backoffice-lead">{t('identities.lead')}</p>
      <search>
        <form className="card backoffice-search" onSubmit={search}>
          <TextField
            label={t('identities.searchLabel')}
            type="search"
            name="q"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit">{t('identities.search')}</Button>
        </form>
      </search>
      {switchError && <Alert tone="error">{switchError}</Alert>}
      {list.isPending && <Loading />}
      {list.isError && <Alert tone="error">{messageOf(list.error, t)}</Alert>}
      {list.data && (
        <section aria-labelledby="results-title">
          <h2 id="results-title">{q ? t('identities.resultsFor', { q }) : t('identities.newest')}</h2>
          {list.data.length === 0 ? (
            <p>{t('identities.none')}</p>
          ) : (
            <ul className="identity-list" aria-labelledby="results-title">
              {list.data.map((user) => (
                <li key={user.party_id} className="card identity-row">
                  <div className="identity-who">
                    <strong>
                      <Link to={`/backoffice/identities/${user.party_id}`}>{user.email}</Link>
                    </strong>
                    {user.name && <span>{user.name}</span>}
                    <span className="muted">
                      {t(`roles.${user.role}`)} · {t('identities.signedUp', { date: formatDate(user.signed_up_at, i18n.resolvedLanguage) })}
                    </span>
                  </div>
                  {user.can_switch && (
                    <Button
                      variant="secondary"
                      className="btn-small"
                      aria-label={t('identities.actAsUser', { email: user.email })}
                      busy={switching === user.party_id}
                      disabled={switching !== null}
                      onClick={() => void actAs(user)}
                    >
                      {t('identities.actAs')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <p className="muted backoffice-note">{t('identities.auditNote')}</p>
    </div>
  );
}

function messageOf(error: unknown, t: Parameters<typeof readApiError>[1]): string {
  const outcome = readApiError(error, t);
  return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
}
