import { useMutation, useQuery } from '@tanstack/react-query';
import type { OwnershipVerification } from '../../domain/ownership';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// Verify ownership (issue 5): the owner's calls and their query keys, keyed by the acting party like
// the bike calls (bikes-api.ts), so another user's cached status is never shown.

export const verifyKeys = {
  all: ['ownership-verification'] as const,
  mine: (partyId: string) => ['ownership-verification', partyId, 'mine'] as const,
  bike: (partyId: string, bikeId: string) => ['ownership-verification', partyId, 'bike', bikeId] as const,
};

const bikePath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/ownership-verification`;

/** Every change to a verification may change the overview, the bike's badge and its pictures. */
function invalidate(): Promise<unknown> {
  return Promise.all([refreshQueries(verifyKeys.all), refreshQueries(['bikes'])]);
}

/** GET /ownership-verifications: the status of each bike I own now. */
export function useMyVerifications() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: verifyKeys.mine(partyId),
    queryFn: ({ signal }) => api<OwnershipVerification[]>('/ownership-verifications', { signal }),
    enabled: partyId !== '',
  });
}

export function useOwnershipVerification(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: verifyKeys.bike(partyId, bikeId),
    queryFn: ({ signal }) => api<OwnershipVerification>(bikePath(bikeId), { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

/** POST …/frame: the picture of the frame number (multipart, file `file`). */
export function useUploadFrame(bikeId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<OwnershipVerification>(`${bikePath(bikeId)}/frame`, { method: 'POST', body });
    },
    onSuccess: () => invalidate(),
  });
}

/** POST …/owner with the national ID approval of verify_ownership:<bikeId>. */
export function useConfirmOwner(bikeId: string) {
  return useMutation({
    mutationFn: (approvalId: string) =>
      api<OwnershipVerification>(`${bikePath(bikeId)}/owner`, { method: 'POST', headers: { 'x-approval-id': approvalId } }),
    onSuccess: () => invalidate(),
  });
}
