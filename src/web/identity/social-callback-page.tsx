import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validSession } from '../../domain/session';
import type { SocialAnswer } from '../../domain/social';
import { afterLoginPath, signupRedirectPath } from '../lib/access';
import { ApiError, api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { startSession } from './session-start';
import { clearPendingSocial, completeSocial, type PendingSocial, readPendingSocial } from './social';
import './identity.css';

/** A code is redeemed once, whatever React does with effects (StrictMode runs them twice). */
const completions = new Map<string, Promise<SocialAnswer>>();

function completeOnce(key: string, run: () => Promise<SocialAnswer>): Promise<SocialAnswer> {
  let completion = completions.get(key);
  if (!completion) {
    completion = run();
    completions.set(key, completion);
  }
  return completion;
}

type Failure = { kind: 'unknown'; text: string } | { kind: 'failed'; text: string };

/**
 * /login/social/callback: where the social sign-in provider sends the person back with a code (or an
 * error). Redeems the code with the flow kept at the start, keeps the token, and goes on as a password
 * login or sign-up would.
 */
export function SocialCallbackPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  const error = params.get('error');
  // Read once: the first (StrictMode) run of the effect may already have cleared it.
  const [pending] = useState<PendingSocial | null>(readPendingSocial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const ready = Boolean(code && state && pending && !error);

  useEffect(() => {
    if (error) clearPendingSocial();
  }, [error]);

  useEffect(() => {
    if (!ready || !pending || !code || !state) return;
    let active = true;
    completeOnce(code, () => completeSocial(pending, { code, state, ...(iss ? { iss } : {}) })).then(
      async (answer) => {
        clearPendingSocial();
        const returnPath = await startSession(answer.authentication_token);
        if (answer.outcome === 'created' && pending.newsletter) {
          try {
            await api('/identities/consents/newsletter/', { method: 'POST', body: { action: 'add' } });
          } catch {
            // The account exists; the newsletter can be chosen again in the settings.
          }
        }
        if (!active) return;
        if (answer.outcome === 'created') {
          navigate(signupRedirectPath(pending.region), { replace: true });
          return;
        }
        const session = validSession(answer.authentication_token);
        navigate(session ? afterLoginPath(pending.search, returnPath, session) : '/app', { replace: true });
      },
      (err: unknown) => {
        clearPendingSocial();
        if (!active) return;
        const outcome = readApiError(err, t);
        const text = outcome.kind === 'message' ? outcome.text : t('errors:server_error');
        const unknown = err instanceof ApiError && err.status === 404;
        setFailure({ kind: unknown ? 'unknown' : 'failed', text });
      },
    );
    return () => {
      active = false;
    };
  }, [ready, pending, code, state, iss, navigate, t]);

  const name = pending?.name ?? t('social.theProvider');
  const backTo = pending?.intent === 'signup' ? '/signup' : '/login';
  const back = (
    <p className="form-links">
      <Link to={backTo}>{pending?.intent === 'signup' ? t('social.backToSignup') : t('social.backToLogin')}</Link>
    </p>
  );

  if (error) {
    const cancelled = error === 'access_denied';
    return (
      <FormCard>
        <PageTitle>{cancelled ? t('social.cancelledTitle') : t('social.failedTitle')}</PageTitle>
        <Alert tone={cancelled ? 'info' : 'error'}>
          {cancelled ? t('social.cancelled', { name }) : t('social.providerFailed', { name })}
        </Alert>
        {back}
      </FormCard>
    );
  }
  if (!ready) {
    return (
      <FormCard>
        <PageTitle>{t('social.missingTitle')}</PageTitle>
        <Alert tone="info">{t('social.missing')}</Alert>
        {back}
      </FormCard>
    );
  }
  if (failure?.kind === 'unknown') {
    return (
      <FormCard>
        <PageTitle>{t('social.unknownTitle')}</PageTitle>
        <Alert tone="info">{failure.text}</Alert>
        <p>
          <Link to="/signup" className="btn btn-primary btn-block">
            {t('social.createAccount', { name })}
          </Link>
        </p>
        <p className="form-links">
          <Link to="/login">{t('social.backToLogin')}</Link>
        </p>
      </FormCard>
    );
  }
  if (failure) {
    return (
      <FormCard>
        <PageTitle>{t('social.failedTitle')}</PageTitle>
        <Alert>{failure.text}</Alert>
        {back}
      </FormCard>
    );
  }
  return (
    <FormCard>
      <PageTitle>{t('social.checkingTitle', { name })}</PageTitle>
      <div className="loading" role="status">
        <Spinner />
        <span>{t('social.checking')}</span>
      </div>
    </FormCard>
  );
}
