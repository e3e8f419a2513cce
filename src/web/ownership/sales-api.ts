import { useMutation, useQuery } from '@tanstack/react-query';
import type { SalesLink } from '../../domain/ownership';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// Sales links (issue 5): the owner's calls and their query keys. The public proof is fetched by
// sales-proof-api.ts, without the query library (public pages do not load it).

export const salesKeys = {
  all: ['sales-links'] as const,
  bike: (partyId: string, bikeId: string) => ['sales-links', partyId, bikeId] as const,
};

const linksPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/sales-links`;
const invalidate = () => refreshQueries(salesKeys.all);

export function useSalesLinks(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: salesKeys.bike(partyId, bikeId),
    queryFn: ({ signal }) => api<SalesLink[]>(linksPath(bikeId), { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

export function useCreateSalesLink(bikeId: string) {
  return useMutation({
    mutationFn: (days: number) => api<SalesLink>(linksPath(bikeId), { method: 'POST', body: { days } }),
    onSuccess: () => invalidate(),
  });
}

export function useRevokeSalesLink() {
  return useMutation({
    mutationFn: (linkId: string) => api<null>(`/sales-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}
