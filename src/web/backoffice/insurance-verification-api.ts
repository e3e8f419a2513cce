import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { EvidenceStatus } from '../../domain/insurance-evidence';
import type {
  HeldItem,
  PossessionReview,
  PossessionReviewInput,
  ReviewChecks,
  ReviewInsurer,
  ReviewQueue,
} from '../../domain/possession-review';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { BACKOFFICE_WORK_KEY } from './work-api';

// Staff's review of proofs of possession (issue 14): the insurers and their queues, one proof, "next", the hold and
// the decision. After a change the queues, the item and the backoffice's work counts are asked again.

const ROOT = ['backoffice', 'insurance-verification'] as const;

export function useReviewInsurers() {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: [...ROOT, me, 'insurers'],
    queryFn: ({ signal }) => api<ReviewInsurer[]>('/backoffice/insurance-verification/insurers', { signal }),
    enabled: me !== '',
  });
}

export function useReviewQueue(insurerPartyId: string, status: EvidenceStatus | undefined, offset: number) {
  const me = useSession()?.identity_party_id ?? '';
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (offset > 0) query.set('offset', String(offset));
  const search = query.size > 0 ? `?${query}` : '';
  return useQuery({
    queryKey: [...ROOT, me, 'queue', insurerPartyId, status ?? '', offset],
    queryFn: ({ signal }) =>
      api<ReviewQueue>(`/backoffice/insurance-verification/insurers/${encodeURIComponent(insurerPartyId)}/verifications${search}`, {
        signal,
      }),
    enabled: me !== '',
    placeholderData: keepPreviousData,
  });
}

const itemPath = (id: string) => `/backoffice/insurance-verifications/${encodeURIComponent(id)}`;

export function usePossessionReview(id: string) {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: [...ROOT, me, 'item', id],
    queryFn: ({ signal }) => api<PossessionReview>(itemPath(id), { signal }),
    enabled: me !== '' && id !== '',
  });
}

async function afterChange() {
  await Promise.all([refreshQueries(ROOT), refreshQueries(BACKOFFICE_WORK_KEY)]);
}

/** The oldest waiting proof no one else holds, now held for me (id null: nothing waits). */
export function takeNextReview(skip: string[]): Promise<HeldItem> {
  return api<HeldItem>('/backoffice/insurance-verifications/next', { method: 'POST', body: { skip } });
}

export function holdReview(id: string): Promise<HeldItem> {
  return api<HeldItem>(`${itemPath(id)}/hold`, { method: 'PUT' });
}

export async function releaseReview(id: string): Promise<void> {
  await api<null>(`${itemPath(id)}/hold`, { method: 'DELETE' });
  await afterChange();
}

export function useDecideReview(id: string) {
  return useMutation({
    mutationFn: (input: { decision: PossessionReviewInput['decision']; reason: string | null; checks: ReviewChecks }) =>
      api<PossessionReview>(`${itemPath(id)}/review`, { method: 'POST', body: input }),
    onSuccess: afterChange,
  });
}
