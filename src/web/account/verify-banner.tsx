import { useTranslation } from 'react-i18next';
import type { Profile } from '../../domain/identity';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useSendVerificationMail } from './verification-api';

function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Asks an unverified user to confirm their email, and sends the link again on request. */
export function VerifyBanner({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const send = useSendVerificationMail();
  const code = errorCode(send.error);
  let result: { tone: 'success' | 'error' | 'info'; text: string } | null = null;
  if (send.isSuccess) result = { tone: 'success', text: t('verify.sent', { email: send.data.sent_to }) };
  else if (code === 'already_verified') result = { tone: 'info', text: t('verify.alreadyVerified') };
  else if (send.error instanceof ApiError && send.error.status === 429) result = { tone: 'error', text: t('verify.tooMany') };
  else if (send.isError) {
    const outcome = readApiError(send.error, t);
    result = { tone: 'error', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') };
  }
  return (
    <section className="card account-banner" aria-labelledby="verify-title">
      <h2 id="verify-title">{t('verify.title')}</h2>
      <p>{t('verify.body', { email: profile.email })}</p>
      <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
      {!send.isSuccess && code !== 'already_verified' && (
        <Button variant="secondary" onClick={() => send.mutate()} busy={send.isPending}>
          {t('verify.resend')}
        </Button>
      )}
    </section>
  );
}
