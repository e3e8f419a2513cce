import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';

// POST /identities/authentications/email-verifications: mails a new verification link to the signed-in user.
export const sendVerificationMail = () => api<{ sent_to: string }>('/identities/authentications/email-verifications', { method: 'POST' });

export function useSendVerificationMail() {
  return useMutation({
    mutationFn: sendVerificationMail,
    // An "already verified" answer means the profile we show is out of date.
    onError: () => refreshQueries(['identity', 'me']),
  });
}
