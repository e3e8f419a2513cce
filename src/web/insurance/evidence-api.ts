import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  EvidenceReview,
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
  possession: (who: string, insurer: string) => ['insurance-evidence', who, insurer, 'possession'] as const,
  lockTests: (who: string, insurer: string) => ['insurance-evidence', who, insurer, 'lock-tests'] as const,
  lockTest: (who: string, insurer: string, id: string) => ['insurance-evidence', who, insurer, 'lock-tests', id] as const,
};

export function usePossessionVerifications(insurerPartyId: string) {
  const who = useWho();
  return useQuery({
    queryKey: evidenceKeys.possession(who, insurerPartyId),
    queryFn: ({ signal }) => api<PossessionVerificationsAnswer>(`${base(insurerPartyId)}/possession-verifications/`, { signal }),
    enabled: who !== '' && insurerPartyId !== '',
  });
}

export function useSubmitPossession(insurerPartyId: string) {
  return useMutation({
    mutationFn: (input: PossessionVerificationInput) =>
      api<PossessionVerification>(`${base(insurerPartyId)}/possession-verifications/`, { method: 'POST', body: input }),
    onSuccess: () => refreshQueries(['insurance-evidence']),
  });
}

export function useLockTests(insurerPartyId: string) {
  const who = useWho();
  return useQuery({
    queryKey: evidenceKeys.lockTests(who, insurerPartyId),
    queryFn: ({ signal }) => api<LockTestsAnswer>(`${base(insurerPartyId)}/lock-tests/`, { signal }),
    enabled: who !== '' && insurerPartyId !== '',
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
