import { useMutation, useQuery } from '@tanstack/react-query';
import type { BikeEvent, OwnershipLookup, OwnershipRequest, StartTransfer, Transfer } from '../../domain/ownership';
import { invalidateBikes } from '../bikes/bikes-api';
import { api } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// The ownership calls of the web (issue 5): transfers, bills of sale, ownership requests and a bike's
// history. Keys start with 'ownership' and are keyed by the acting party, like the bike keys, so a cache
// left from another user is never shown.

export const ownershipKeys = {
  all: ['ownership'] as const,
  bikeTransfers: (partyId: string, bikeId: string) => ['ownership', partyId, 'bike-transfers', bikeId] as const,
  mine: (partyId: string) => ['ownership', partyId, 'mine'] as const,
  incoming: (partyId: string) => ['ownership', partyId, 'incoming'] as const,
  transfer: (partyId: string, id: string, token: string) => ['ownership', partyId, 'transfer', id, token] as const,
  request: (partyId: string, id: string) => ['ownership', partyId, 'request', id] as const,
  lookup: (partyId: string, q: string) => ['ownership', partyId, 'lookup', q] as const,
  history: (partyId: string, bikeId: string) => ['ownership', partyId, 'history', bikeId] as const,
};

const enc = encodeURIComponent;

/** A transfer or request changed: the transfers, the requests, the bikes (one may have moved) and the chats. */
export function invalidateOwnership(): Promise<unknown> {
  return Promise.all([
    refreshQueries(ownershipKeys.all),
    invalidateBikes(),
    // The conversation of an ownership request shows its state (the chats area keys start with 'chats').
    refreshQueries(['chats']),
  ]);
}

/**
 * After a change: refetch in the background. Not awaited, so that the caller's own follow-up (going to the
 * bike's page) runs at once, even when the refetch unmounts the component that made the call.
 */
const refresh = () => {
  void invalidateOwnership();
};

const approvalHeader = (approvalId?: string | null) => (approvalId ? { 'x-approval-id': approvalId } : undefined);

// Transfers ----------------------------------------------------------------------------------------

/** The caller's transfers of one of their bikes, newest first (the current owner only). */
export function useBikeTransfers(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.bikeTransfers(partyId, bikeId),
    queryFn: ({ signal }) => api<Transfer[]>(`/bikes/${enc(bikeId)}/transfers`, { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

/** Every transfer the caller made or took, newest first: their records, with the bills of sale. */
export function useMyTransfers() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.mine(partyId),
    queryFn: ({ signal }) => api<Transfer[]>('/ownership-transfers/', { signal }),
    enabled: partyId !== '',
  });
}

/** Pending transfers addressed to the caller (their verified email, or them through an accepted request). */
export function useIncomingTransfers() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.incoming(partyId),
    queryFn: ({ signal }) => api<Transfer[]>('/ownership-transfers/incoming', { signal }),
    enabled: partyId !== '',
  });
}

/** One transfer, for its seller or its recipient; `token` is the secret of the emailed link. */
export function useTransfer(id: string, token: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.transfer(partyId, id, token),
    queryFn: ({ signal }) => api<Transfer>(`/ownership-transfers/${enc(id)}${token ? `?token=${enc(token)}` : ''}`, { signal }),
    enabled: partyId !== '' && id !== '',
  });
}

export function useStartTransfer(bikeId: string) {
  return useMutation({
    mutationFn: (input: StartTransfer) => api<Transfer>(`/bikes/${enc(bikeId)}/transfers`, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useCancelTransfer() {
  return useMutation({
    mutationFn: (id: string) => api<Transfer>(`/ownership-transfers/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Accepting moves the bike to the caller; with the buyer's national ID approval it also counts as their confirmation. */
export function useAcceptTransfer() {
  return useMutation({
    mutationFn: ({ id, token, approvalId }: { id: string; token?: string; approvalId?: string | null }) =>
      api<Transfer>(`/ownership-transfers/${enc(id)}/accept`, {
        method: 'POST',
        body: token ? { token } : {},
        headers: approvalHeader(approvalId),
      }),
    onSuccess: refresh,
  });
}

export function useDeclineTransfer() {
  return useMutation({
    mutationFn: ({ id, token }: { id: string; token?: string }) =>
      api<Transfer>(`/ownership-transfers/${enc(id)}/decline`, { method: 'POST', body: token ? { token } : {} }),
    onSuccess: refresh,
  });
}

/** A party's confirmation with national ID (approval of confirm_transfer:<id>); both make the bill of sale. */
export function useConfirmTransfer() {
  return useMutation({
    mutationFn: ({ id, approvalId }: { id: string; approvalId: string }) =>
      api<Transfer>(`/ownership-transfers/${enc(id)}/confirmation`, { method: 'POST', body: {}, headers: approvalHeader(approvalId) }),
    onSuccess: refresh,
  });
}

// Ownership requests ---------------------------------------------------------------------------------

/** A registered bike by its exact frame number or plate ID (null when none), and whether it is the caller's. */
export function useOwnershipLookup(q: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.lookup(partyId, q),
    queryFn: ({ signal }) => api<OwnershipLookup>(`/ownership-requests/lookup?q=${enc(q)}`, { signal }),
    enabled: partyId !== '' && q !== '',
  });
}

export function useRequestOwnership(bikeId: string) {
  return useMutation({
    mutationFn: (content: string) =>
      api<OwnershipRequest>(`/bikes/${enc(bikeId)}/ownership-requests`, { method: 'POST', body: { content } }),
    onSuccess: refresh,
  });
}

export function useOwnershipRequest(id: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.request(partyId, id),
    queryFn: ({ signal }) => api<OwnershipRequest>(`/ownership-requests/${enc(id)}`, { signal }),
    enabled: partyId !== '' && id !== '',
  });
}

export type RequestDecision = 'accept' | 'decline' | 'withdraw';

export function useDecideRequest(id: string) {
  return useMutation({
    mutationFn: (decision: RequestDecision) =>
      api<OwnershipRequest>(`/ownership-requests/${enc(id)}/${decision}`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

// History ----------------------------------------------------------------------------------------------

export function useBikeHistory(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ownershipKeys.history(partyId, bikeId),
    queryFn: ({ signal }) => api<BikeEvent[]>(`/bikes/${enc(bikeId)}/history`, { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

// The bill of sale ---------------------------------------------------------------------------------------

/**
 * The signed bill of sale as a PDF. Not through api(): the answer is a file, not JSON, and a plain link
 * would not carry the session (the API reads a bearer token, not a cookie).
 */
export async function fetchBillOfSale(id: string): Promise<Blob> {
  return fetchFile(`/api/ownership-transfers/${enc(id)}/bill-of-sale`);
}
