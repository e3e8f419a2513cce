import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EID_PROVIDERS, type EidProvider, isApprovalAct } from '../../domain/verification';
import type { VerificationCompleteAnswer } from '../../domain/verification-schemas';
import { safePath } from '../lib/access';
import { readApiError } from '../lib/errors';
import { refreshQueries } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { clearPending, completeVerification, type PendingVerification, readPending, type VerificationOutcome } from './verification-api';
import './verification.css';

/**
 * A code is redeemed once, so the call is made once per code whatever React does with effects
 * (StrictMode runs them twice): later callers share the first call's answer.
 */
const completions = new Map<string, Promise<VerificationCompleteAnswer>>();

function completeOnce(key: string, run: () => Promise<VerificationCompleteAnswer>): Promise<VerificationCompleteAnswer> {
  let completion = completions.get(key);
  if (!completion) {
    completion = run();
    completions.set(key, completion);
  }
  return completion;
}

const isProvider = (value: string | null): value is EidProvider => (EID_PROVIDERS as readonly (string | null)[]).includes(value);

/** The success page of an approval gets the approval's id, for the call of the act. */
function withApproval(path: string, approvalId: string | null): string {
  if (!approvalId) return path;
  const url = new URL(path, window.location.origin);
  url.searchParams.set('approval_id', approvalId);
  return url.pathname + url.search + url.hash;
}

/**
 * §2 /app/redirects/verification-complete-redirect: where the provider sends the user back, with a code
 * (or an error). Redeems the code, keeps the new token (which carries verified_on), and goes on to the
 * success address (with approval_id for an approval) or to the failure address with what went wrong.
 */
export function VerificationCompletePage() {
  const { t } = useTranslation('verification');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const autotestType = params.get('verification_session_type');
  const autotestProvider = params.get('verification_type');
  const nothing = !code && !error && !(autotestType && isProvider(autotestProvider));
  // Read once: the first (StrictMode) run of the effect may already have cleared it.
  const [pending] = useState<PendingVerification | null>(readPending);

  useEffect(() => {
    if (nothing) return;
    const provider = pending?.provider ?? (isProvider(autotestProvider) ? autotestProvider : null);
    const failureUrl = safePath(pending?.failure_url) ?? '/app/settings';
    const leave = (to: string, outcome: VerificationOutcome) => {
      clearPending();
      navigate(to, { replace: true, state: { verification: outcome } });
    };
    if (error) {
      leave(
        failureUrl,
        error === 'access_denied' ? { kind: 'cancelled', provider } : { kind: 'failed', message: t('notice.providerFailed') },
      );
      return;
    }
    let active = true;
    const act = params.get('act');
    const key = code ?? `autotest:${pending?.session_id ?? ''}:${autotestType}:${act ?? ''}`;
    completeOnce(key, () =>
      code
        ? completeVerification({
            code,
            ...(state ? { state } : {}),
            ...(params.get('iss') ? { iss: params.get('iss') ?? '' } : {}),
            ...(pending ? { session_id: pending.session_id } : {}),
          })
        : completeVerification({
            verification_session_type: autotestType === 'approve' ? 'approve' : 'verify',
            verification_type: isProvider(autotestProvider) ? autotestProvider : 'mitid',
            ...(isApprovalAct(act) ? { act } : {}),
            ...(isApprovalAct(act) && params.get('subject_id') ? { subject_id: params.get('subject_id') ?? '' } : {}),
            ...(pending ? { session_id: pending.session_id } : {}),
          }),
    ).then(
      (answer) => {
        useSessionStore.getState().setToken(answer.authentication_token);
        void refreshQueries(['identity', 'me']);
        if (!active) return;
        const result = answer.session_task_result;
        const target = safePath(result.success_url) ?? safePath(pending?.success_url) ?? '/app/settings';
        leave(withApproval(target, result.approval_id), { kind: result.status, provider });
      },
      (err: unknown) => {
        if (!active) return;
        const outcome = readApiError(err, t);
        if (outcome.kind === 'login') return; // The client is already on its way to /login.
        leave(failureUrl, { kind: 'failed', message: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
      },
    );
    return () => {
      active = false;
    };
  }, [nothing, pending, code, state, error, autotestType, autotestProvider, params, navigate, t]);

  if (nothing) {
    return (
      <FormCard>
        <PageTitle>{t('complete.missingTitle')}</PageTitle>
        <Alert tone="info">{t('complete.missing')}</Alert>
        <Link to="/app/settings" className="btn btn-primary">
          {t('complete.toSettings')}
        </Link>
      </FormCard>
    );
  }
  return (
    <FormCard>
      <PageTitle>{t('complete.title')}</PageTitle>
      <div className="loading" role="status">
        <Spinner />
        <span>{t('complete.checking')}</span>
      </div>
    </FormCard>
  );
}
