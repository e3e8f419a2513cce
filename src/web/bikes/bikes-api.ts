import { useMutation, useQuery } from '@tanstack/react-query';
import type { Bike, BikeCredit, BikeDetail, CreateBike, CreditsOverview, PlateCheck, UpdateBike } from '../../domain/bikes';
import { CREDIT_POLLING_MS } from '../../domain/constants';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// The bike calls (issue 4) with their query keys. Keys start with 'bikes' or 'credits' and are keyed by
// the acting party, so a list cached for another user (change user, switch-user) is never shown.

export const bikeKeys = {
  all: ['bikes'] as const,
  list: (partyId: string) => ['bikes', partyId, 'list'] as const,
  detail: (partyId: string, bikeId: string) => ['bikes', partyId, 'detail', bikeId] as const,
};
export const creditKeys = {
  all: ['credits'] as const,
  overview: (partyId: string) => ['credits', partyId, 'overview'] as const,
  activations: (partyId: string) => ['credits', partyId, 'activations'] as const,
};

/** Everything a change to bikes or credits may have changed. */
export function invalidateBikes(): Promise<unknown> {
  return Promise.all([refreshQueries(bikeKeys.all), refreshQueries(creditKeys.all)]);
}

export function useMyBikes() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: bikeKeys.list(partyId),
    queryFn: ({ signal }) => api<Bike[]>('/bikes/', { signal }),
    enabled: partyId !== '',
  });
}

export function useBike(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: bikeKeys.detail(partyId, bikeId),
    queryFn: ({ signal }) => api<BikeDetail>(`/bikes/${encodeURIComponent(bikeId)}/`, { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

export function useCreateBike() {
  return useMutation({
    mutationFn: (input: CreateBike) => api<Bike>('/bikes/', { method: 'POST', body: input }),
    onSuccess: () => invalidateBikes(),
  });
}

export function useUpdateBike(bikeId: string) {
  return useMutation({
    mutationFn: (input: UpdateBike) => api<Bike>(`/bikes/${encodeURIComponent(bikeId)}/`, { method: 'PATCH', body: input }),
    onSuccess: () => invalidateBikes(),
  });
}

/** Deleting a bike with a frame number or plate needs a national ID approval of the act `delete_bike:<id>`. */
export function useDeleteBike(bikeId: string) {
  return useMutation({
    mutationFn: (approvalId?: string) =>
      api<null>(`/bikes/${encodeURIComponent(bikeId)}/`, {
        method: 'DELETE',
        headers: approvalId ? { 'x-approval-id': approvalId } : undefined,
      }),
    onSuccess: () => invalidateBikes(),
  });
}

/** §3 credits response, polled every 30 s (§9). */
export function useCreditsOverview() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: creditKeys.overview(partyId),
    queryFn: ({ signal }) => api<CreditsOverview>('/webshop/bike-ownership-credits/overview', { signal }),
    enabled: partyId !== '',
    refetchInterval: CREDIT_POLLING_MS,
  });
}

export function useBikeActivations() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: creditKeys.activations(partyId),
    queryFn: ({ signal }) => api<BikeCredit[]>('/webshop/bike-activations', { signal }),
    enabled: partyId !== '',
  });
}

export function useActivateCredit() {
  return useMutation({
    mutationFn: ({ creditId, bikeOwnershipId }: { creditId: string; bikeOwnershipId: string }) =>
      api<BikeCredit>(`/webshop/bike-activations/${encodeURIComponent(creditId)}`, {
        method: 'POST',
        body: { bike_ownership_id: bikeOwnershipId },
      }),
    onSuccess: () => invalidateBikes(),
  });
}

export function useRedeemVoucher() {
  return useMutation({
    mutationFn: (code: string) =>
      api<{ credits_added: number; overview: CreditsOverview }>('/webshop/vouchers/redeem', { method: 'POST', body: { code } }),
    onSuccess: () => invalidateBikes(),
  });
}

/** §4 plate check: valid, invalid, already registered or belongs to equipment. */
export function checkPlate(plateId: string, signal?: AbortSignal): Promise<PlateCheck> {
  return api<PlateCheck>(`/plates/${encodeURIComponent(plateId)}/check`, { signal });
}
