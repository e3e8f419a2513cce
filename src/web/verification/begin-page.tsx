import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ApprovalAct, eidProviderOf, isApprovalAct } from '../../domain/verification';
import type { VerificationStartAnswer } from '../../domain/verification-schemas';
import { safePath } from '../lib/access';
import { readApiError } from '../lib/errors';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { savePending, startVerification } from './verification-api';
import './verification.css';

interface Request {
  type: 'verify' | 'approve';
  act: ApprovalAct | undefined;
  subjectId: string | undefined;
  successUrl: string;
  failureUrl: string;
}

/**
 * Each start creates a session at the server and is sent once per page visit, whatever React does with
 * effects (StrictMode runs them twice); a retry starts a new one.
 */
const starts = new Map<string, Promise<VerificationStartAnswer>>();

function startOnce(key: string, request: Request): Promise<VerificationStartAnswer> {
  let started = starts.get(key);
  if (!started) {
    started = startVerification({
      verification_session_type: request.type,
      ...(request.act ? { act: request.act } : {}),
      ...(request.act && request.subjectId ? { subject_id: request.subjectId } : {}),
      success_url: request.successUrl,
      failure_url: request.failureUrl,
    });
    starts.set(key, started);
  }
  return started;
}

/**
 * §2 /app/redirects/verification-begin-redirect?type=verify|approve&act=…[&subject_id=…]&success_url=…&failure_url=…:
 * starts a verification (or an approval of one act) and sends the browser to the national ID provider.
 */
export function VerificationBeginPage() {
  const { t } = useTranslation('verification');
  const [params] = useSearchParams();
  const profile = useProfile();
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<unknown>(null);

  const act = params.get('act');
  const request: Request = {
    type: params.get('type') === 'approve' ? 'approve' : 'verify',
    act: isApprovalAct(act) ? act : undefined,
    subjectId: params.get('subject_id') || undefined,
    successUrl: safePath(params.get('success_url')) ?? '/app/settings',
    failureUrl: safePath(params.get('failure_url')) ?? '/app/settings',
  };
  const key = `${params.toString()}#${attempt}`;
  const provider = profile.data ? eidProviderOf(profile.data.region) : null;
  const name = t(`provider.${provider ?? 'any'}`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is read from the key's parameters.
  useEffect(() => {
    let active = true;
    setError(null);
    startOnce(key, request).then(
      (answer) => {
        if (!active) return;
        savePending({
          session_id: answer.session_id,
          type: request.type,
          success_url: request.successUrl,
          failure_url: request.failureUrl,
          provider,
        });
        // Replacing this page: Back from the provider returns to where the user came from, not into a new start.
        window.location.replace(answer.verification_url);
      },
      (err: unknown) => active && setError(err),
    );
    return () => {
      active = false;
    };
  }, [key]);

  const title = request.type === 'approve' ? t('begin.titleApprove', { provider: name }) : t('begin.titleVerify', { provider: name });
  if (error) {
    const outcome = readApiError(error, t);
    return (
      <FormCard>
        <PageTitle>{title}</PageTitle>
        <Alert title={t('begin.failedTitle', { provider: name })}>
          {outcome.kind === 'message' ? outcome.text : t('errors:server_error')}
        </Alert>
        <div className="actions">
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('begin.retry')}</Button>
          <Link to={request.failureUrl} className="btn btn-secondary">
            {t('begin.back')}
          </Link>
        </div>
      </FormCard>
    );
  }
  return (
    <FormCard>
      <PageTitle>{title}</PageTitle>
      <div className="loading" role="status">
        <Spinner />
        <span>{t('begin.sending', { provider: name })}</span>
      </div>
    </FormCard>
  );
}
