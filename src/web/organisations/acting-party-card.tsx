import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readApiError } from '../lib/errors';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useChooseActingParty, useMyOrganisations } from './organisations-api';
import './organisations.css';

/**
 * The /app home's "Your users" card (§6): the person and their organisations, which one is in use,
 * a way to change user, and a way to create a business user.
 */
export function ActingPartyCard({ personName }: { personName: string }) {
  const { t } = useTranslation('organisations');
  const session = useSession();
  const organisations = useMyOrganisations();
  const choose = useChooseActingParty();
  if (!session?.identity_party_id) return null;
  const personId = session.identity_party_id;
  const users = [
    { partyId: personId, name: personName, detail: t('users.private') },
    ...(organisations.data ?? []).map((o) => ({
      partyId: o.party_id,
      name: o.name,
      detail: [t(`types.${o.organisation_type}`), o.cvr_number].filter(Boolean).join(' · '),
    })),
  ];
  const failure = choose.isError ? readApiError(choose.error, t) : null;

  return (
    <section className="card users-card" aria-labelledby="users-title">
      <h2 id="users-title">{t('users.title')}</h2>
      <p>{users.length > 1 ? t('users.leadMany') : t('users.leadOne')}</p>
      <ul className="user-list">
        {users.map((user) => {
          const active = user.partyId === session.party_id;
          return (
            <li key={user.partyId} className={`user-row${active ? ' user-row-active' : ''}`} aria-current={active ? 'true' : undefined}>
              <span className="user-who">
                <strong>{user.name}</strong>
                <span className="muted">{user.detail}</span>
              </span>
              {active ? (
                <span className="user-badge">{t('users.inUse')}</span>
              ) : (
                <Button
                  variant="secondary"
                  className="btn-small"
                  aria-label={t('users.switchTo', { name: user.name })}
                  busy={choose.isPending && choose.variables === user.partyId}
                  disabled={choose.isPending}
                  onClick={() => choose.mutate(user.partyId)}
                >
                  {t('users.switch')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {failure?.kind === 'message' && <Alert tone="error">{failure.text}</Alert>}
      <Link to="/app/organisations/create">{t('users.create')}</Link>
    </section>
  );
}
