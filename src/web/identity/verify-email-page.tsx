import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useSession, useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { useResendVerification } from './use-resend-verification';
import './identity.css';

interface Verified {
  email: string;
  changed: boolean;
}
type State = { kind: 'checking' } | { kind: 'verified'; result: Verified } | { kind: 'failed'; error: unknown };

/**
 * The code is single-use, so it is sent once per page load whatever React does with effects
 * (StrictMode runs them twice): later callers share the first call's answer.
 */
const attempts = new Map<string, Promise<Verified>>();

function verifyOnce(code: string): Promise<Verified> {
  let attempt = attempts.get(code);
  if (!attempt) {
    attempt = api<Verified>(`/identities/authentications/email-verifications/${encodeURIComponent(code)}/validate`, {
      method: 'POST',
    }).then(async (result) => {
      // Signed in: a fresh token carries the confirmed (perhaps changed) email.
      if (useSessionStore.getState().token) {
        try {
          const { authentication_token } = await api<{ authentication_token: string }>('/identities/authentications/refresh', {
            method: 'POST',
          });
          useSessionStore.getState().setToken(authentication_token);
        } catch {
          // The confirmation stands; the token catches up at the next login.
        }
      }
      return result;
    });
    attempts.set(code, attempt);
  }
  return attempt;
}

export function VerifyEmailPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    if (!code) return;
    let active = true;
    verifyOnce(code).then(
      (result) => active && setState({ kind: 'verified', result }),
      (error: unknown) => active && setState({ kind: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [code]);

  if (!code) return <Failed text={t('verify.missing')} />;
  if (state.kind === 'failed') {
    const outcome = readApiError(state.error, t);
    return <Failed text={outcome.kind === 'message' ? outcome.text : t('errors:link_invalid')} />;
  }
  if (state.kind === 'checking') {
    return (
      <FormCard>
        <PageTitle>{t('verify.title')}</PageTitle>
        <div className="loading" role="status">
          <Spinner />
          <span>{t('verify.checking')}</span>
        </div>
      </FormCard>
    );
  }
  return <Confirmed result={state.result} />;
}

function Confirmed({ result }: { result: Verified }) {
  const { t } = useTranslation('identity');
  const session = useSession();
  return (
    <FormCard>
      <PageTitle>{t('verify.successTitle')}</PageTitle>
      <Alert tone="success">{t(result.changed ? 'verify.changed' : 'verify.success', { email: result.email })}</Alert>
      <Link to={session ? '/app' : '/login'} className="btn btn-primary">
        {session ? t('toApp') : t('verify.logIn')}
      </Link>
    </FormCard>
  );
}

function Failed({ text }: { text: string }) {
  const { t } = useTranslation('identity');
  const session = useSession();
  const resend = useResendVerification();
  return (
    <FormCard>
      <PageTitle>{t('verify.failedTitle')}</PageTitle>
      <Alert>{text}</Alert>
      {resend.state.kind === 'sent' && <Alert tone="success">{t('verify.sent', { email: resend.state.to })}</Alert>}
      {resend.state.kind === 'failed' && <Alert tone="info">{resend.state.text}</Alert>}
      {session ? (
        <Button busy={resend.state.kind === 'sending'} onClick={() => void resend.send()}>
          {t('verify.newLink')}
        </Button>
      ) : (
        <p className="form-links">
          <Link to="/login">{t('verify.logInForNew')}</Link>
        </p>
      )}
    </FormCard>
  );
}
