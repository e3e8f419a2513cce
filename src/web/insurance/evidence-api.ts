import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  EvidenceReview,
  EvidenceStatus,
  LockTest,
  LockTestInput,
  LockTestsAnswer,
  PossessionVerification,
  PossessionVerificationInput,
  PossessionVerificationsAnswer,
} from '../../domain/insurance-evidence';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// Evidence for an insurer: proofs of possession (/insurance/{id}/possession-verifications/) and lock tests
// (/insurance/{id}/lock-tests/). The insurer's members get their company's, anyone else their own; keyed by the
// person and the party they act as, since both decide the answer.

const base = (insurer: string) => `/insurance/${encodeURIComponent(insurer)}`;

function useWho(): string {
  const session = useSession();
  return session ? `${session.identity_party_id}:${session.party_id}` : '';
}

const evidenceKeys = {
  lockTest: (who: string, insurer: string, id: string) => ['insurance-evidence', who, insurer, 'lock-tests', id] as const,
  pages: (who: string, insurer: string, kind: EvidenceKind, status: EvidenceStatus | undefined) =>
    ['insurance-evidence', who, insurer, kind, 'pages', status ?? 'all'] as const,
  verification: (who: string, insurer: string, id: string) => ['insurance-evidence', who, insurer, 'possession', id] as const,
};

/** The two lists, by their address under /insurance/{id}/. */
export type EvidenceKind = 'possession-verifications' | 'lock-tests';
type PageOf<K extends EvidenceKind> = K extends 'lock-tests' ? LockTestsAnswer : PossessionVerificationsAnswer;

/** A list a page at a time (20, newest first), filtered by status on the server: the insurer's list pages. */
export function useEvidencePages<K extends EvidenceKind>(insurerPartyId: string, kind: K, status: EvidenceStatus | undefined) {
  const who = useWho();
  return useInfiniteQuery({
    queryKey: evidenceKeys.pages(who, insurerPartyId, kind, status),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (pageParam) params.set('offset', String(pageParam));
      const query = params.toString();
      return api<PageOf<K>>(`${base(insurerPartyId)}/${kind}/${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
    enabled: who !== '' && insurerPartyId !== '',
  });
}

export function usePossessionVerification(insurerPartyId: string, verificationId: string) {
  const who = useWho();
  return useQuery({
    queryKey: evidenceKeys.verification(who, insurerPartyId, verificationId),
    queryFn: ({ signal }) =>
      api<PossessionVerification>(`${base(insurerPartyId)}/possession-verifications/${encodeURIComponent(verificationId)}`, { signal }),
    enabled: who !== '' && insurerPartyId !== '' && verificationId !== '',
  });
}

export function useSubmitPossession(insurerPartyId: string) {
  return useMutation({
    mutationFn: (input: PossessionVerificationInput) =>
      api<PossessionVerification>(`${base(insurerPartyId)}/possession-verifications/`, { method: 'POST', body: input }),
    onSuccess: () => refreshQueries(['insurance-evidence']),
  });
}

export function useLockTest(insurerPartyId: string, lockTestId: string) {
  const who = useWho();
  return useQuery({
    queryKey: evidenceKeys.lockTest(who, insurerPartyId, lockTestId),
    queryFn: ({ signal }) => api<LockTest>(`${base(insurerPartyId)}/lock-tests/${encodeURIComponent(lockTestId)}`, { signal }),
    enabled: who !== '' && insurerPartyId !== '' && lockTestId !== '',
  });
}

export function useSubmitLockTest(insurerPartyId: string) {
  return useMutation({
    mutationFn: (input: LockTestInput) => api<LockTest>(`${base(insurerPartyId)}/lock-tests/`, { method: 'POST', body: input }),
    onSuccess: () => refreshQueries(['insurance-evidence']),
  });
}

export function useReviewLockTest(insurerPartyId: string, lockTestId: string) {
  return useMutation({
    mutationFn: (review: EvidenceReview) =>
      api<LockTest>(`${base(insurerPartyId)}/lock-tests/${encodeURIComponent(lockTestId)}/review`, { method: 'POST', body: review }),
    onSuccess: () => refreshQueries(['insurance-evidence']),
  });
}
