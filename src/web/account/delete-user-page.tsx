import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMyBikes } from '../bikes/bikes-api';
import { readApiError } from '../lib/errors';
import { queryClient } from '../lib/query-client';
import { useSession, useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { FormCard, PageTitle } from '../ui/page';
import { isApprovalRequired, useStepUp } from '../verification/step-up';
import { VerificationNotice } from '../verification/verification-notice';
import { useDeleteAccount } from './delete-api';
import './account.css';

/**
 * /app/settings/delete-user: the user types their email to confirm, approves the deletion with national ID
 * (step-up: MitID or BankID), comes back here with ?approval_id=…, and the account is deleted with it.
 *
 * The spec ends the flow at /app/settings/delete-completed, but that path is under /app and the user is no
 * longer logged in, so the access guard would send them to /login. Instead we go straight to the public
 * /successfully-deleted (replacing this page in history), and /app/settings/delete-completed redirects there.
 * The session is cleared only once this page has left the screen: cleared earlier, the guard would see a
 * logged-out user on an /app path (navigations render in a transition, the session store at once) and store
 * this page as the place to return to after the next login.
 */
export function DeleteUserPage() {
  const { t } = useTranslation(['settings', 'verification']);
  const session = useSession();
  const navigate = useNavigate();
  const { approvePath, approvalId, provider } = useStepUp({ act: 'delete_account', returnTo: '/app/settings/delete-user' });
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const deleted = useRef(false);

  useEffect(
    () => () => {
      if (!deleted.current) return;
      useSessionStore.getState().logOut();
      queryClient.clear();
    },
    [],
  );

  const email = session?.email ?? '';
  const matches = email !== '' && typed.trim().toLowerCase() === email.toLowerCase();
  const failure = remove.isError ? readApiError(remove.error, t) : null;
  const expired = isApprovalRequired(remove.error);

  // Step 1: the email typed, the user goes to approve the deletion with national ID.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    navigate(approvePath);
  };

  // Step 2: back with the approval, the deletion carries it.
  const confirmDelete = () => {
    if (!session || !approvalId) return;
    remove.mutate(
      { partyId: session.identity_party_id ?? session.party_id, approvalId },
      {
        onSuccess: () => {
          deleted.current = true;
          navigate('/successfully-deleted', { replace: true });
        },
      },
    );
  };

  if (approvalId) {
    return (
      <FormCard>
        <PageTitle>{t('deleteUser.title')}</PageTitle>
        {expired ? (
          <Alert>{t('verification:deleteApproval.expired')}</Alert>
        ) : (
          <Alert tone="success" title={t('verification:deleteApproval.approvedTitle')}>
            {t('verification:deleteApproval.approvedBody', { email, provider })}
          </Alert>
        )}
        {failure?.kind === 'message' && !expired && <Alert tone="error">{failure.text}</Alert>}
        <div className="actions">
          {expired ? (
            <Link to={approvePath} className="btn btn-primary">
              {t('verification:deleteApproval.approveAgain', { provider })}
            </Link>
          ) : (
            <Button variant="danger" onClick={confirmDelete} busy={remove.isPending || remove.isSuccess}>
              {t('deleteUser.submit')}
            </Button>
          )}
          <Link to="/app/settings" className="btn btn-secondary">
            {t('deleteUser.cancel')}
          </Link>
        </div>
      </FormCard>
    );
  }

  return (
    <FormCard>
      <PageTitle>{t('deleteUser.title')}</PageTitle>
      <VerificationNotice />
      <Consequences actingForSelf={!session?.identity_party_id || session.identity_party_id === session.party_id} />
      <p>{t('verification:deleteApproval.lead', { provider })}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('deleteUser.label', { email })}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          hint={t('deleteUser.hint')}
        />
        <div className="actions">
          <Button type="submit" variant="danger" disabled={!matches}>
            {t('verification:deleteApproval.approve', { provider })}
          </Button>
          <Link to="/app/settings" className="btn btn-secondary">
            {t('deleteUser.cancel')}
          </Link>
        </div>
      </form>
    </FormCard>
  );
}

/**
 * What deleting the account does beyond the account itself, as identity/profile.ts deleteIdentity does it:
 * the bikes the person owns are deleted (counted from my bikes while acting as oneself; acting for a business
 * user that list is the business's, which keeps its bikes), their theft reports go, and their conversations
 * stay with the other side, from "a deleted user".
 */
function Consequences({ actingForSelf }: { actingForSelf: boolean }) {
  const { t } = useTranslation('settings');
  const bikes = useMyBikes();
  const count = actingForSelf ? bikes.data?.length : undefined;
  return (
    <section className="delete-consequences" aria-labelledby="delete-consequences-title">
      <h2 id="delete-consequences-title">{t('deleteUser.whatTitle')}</h2>
      <ul>
        <li aria-live="polite">
          {count === undefined ? t('deleteUser.bikesAny') : count === 0 ? t('deleteUser.bikesNone') : t('deleteUser.bikes', { count })}
        </li>
        <li>{t('deleteUser.theft')}</li>
        <li>{t('deleteUser.chats')}</li>
      </ul>
    </section>
  );
}
