import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';

export type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; to: string } | { kind: 'failed'; text: string };

/** Sends a new email-verification link to the signed-in user (already verified comes back as a 400 text). */
export function useResendVerification() {
  const { t } = useTranslation();
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const { sent_to } = await api<{ sent_to: string }>('/identities/authentications/email-verifications', { method: 'POST' });
      setState({ kind: 'sent', to: sent_to });
    } catch (error) {
      const outcome = readApiError(error, t);
      setState({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
    }
  };
  return { state, send };
}
