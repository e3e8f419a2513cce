import { useMutation, useQuery } from '@tanstack/react-query';
import type { CONSENT_TYPES } from '../../domain/identity';
import { api } from '../lib/api-client';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// GET /identities/consents/ and POST /identities/consents/{type}/.

export type ConsentType = (typeof CONSENT_TYPES)[number];
export interface Consent {
  type: ConsentType;
  given: boolean;
  changed_at: string | null;
  /** privacy_and_terms: the version of the documents accepted (domain/legal.ts); null when given before they had one. */
  version: string | null;
  /** The newsletter only: asked for, waiting for the mailed confirmation link (an unverified address). */
  pending?: boolean;
}

export const consentsKey = (partyId: string) => ['identity', 'consents', partyId] as const;

export const fetchConsents = (signal?: AbortSignal) => api<Consent[]>('/identities/consents/', { signal });

export function useConsents() {
  const partyId = useSession()?.identity_party_id ?? '';
  return useQuery({ queryKey: consentsKey(partyId), queryFn: ({ signal }) => fetchConsents(signal), enabled: partyId !== '' });
}

export function useChangeConsent() {
  const partyId = useSession()?.identity_party_id ?? '';
  return useMutation({
    mutationFn: ({ type, given }: { type: ConsentType; given: boolean }) =>
      api<Consent[]>(`/identities/consents/${type}/`, { method: 'POST', body: { action: given ? 'add' : 'remove' } }),
    onSuccess: (consents) => {
      queryClient.setQueryData(consentsKey(partyId), consents);
      void refreshQueries(consentsKey(partyId));
    },
  });
}
