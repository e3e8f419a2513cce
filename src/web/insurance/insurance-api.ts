import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ClaimDossier, ClaimMove, ClaimsAnswer, InsuredBike, InsurerOverview } from '../../domain/insurance';
import type { ClaimStatus } from '../../domain/insurance-claims';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// The insurer's calls (GET /insurance/{insurerPartyId}/admin/overview, …/claims/ with filters, a claim's dossier,
// its police report and steps, an insured bike) and the owner's own claims (GET /insurance/self/claims/).

/** The list's filters as the server takes them (and the page's address keeps them). */
export interface ClaimFilters {
  status?: ClaimStatus;
  from?: string;
  to?: string;
  q?: string;
}

const insuranceKeys = {
  all: (me: string) => ['insurance', me] as const,
  overview: (me: string, insurer: string) => ['insurance', me, insurer, 'overview'] as const,
  claims: (me: string, insurer: string, filters: ClaimFilters) => ['insurance', me, insurer, 'claims', filters] as const,
  claim: (me: string, insurer: string, id: string) => ['insurance', me, insurer, 'claim', id] as const,
  insuredBike: (me: string, insurer: string, policyId: string, bikeId: string) =>
    ['insurance', me, insurer, 'bike', policyId, bikeId] as const,
};

const base = (insurer: string) => `/insurance/${encodeURIComponent(insurer)}`;

/** Keyed by the person asking: membership is theirs, whoever they act as. */
function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

function queryOf(filters: ClaimFilters, offset: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (offset) params.set('offset', String(offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useInsurerOverview(insurerPartyId: string) {
  const me = useMe();
  return useQuery({
    queryKey: insuranceKeys.overview(me, insurerPartyId),
    queryFn: ({ signal }) => api<InsurerOverview>(`${base(insurerPartyId)}/admin/overview`, { signal }),
    enabled: me !== '' && insurerPartyId !== '',
  });
}

/** The insurer's claims (insurerPartyId), or the signed-in owner's own ('self'), a page at a time. */
export function useClaims(insurerPartyId: string, filters: ClaimFilters) {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: insuranceKeys.claims(me, insurerPartyId, filters),
    queryFn: ({ signal, pageParam }) => api<ClaimsAnswer>(`${base(insurerPartyId)}/claims/${queryOf(filters, pageParam)}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
    enabled: me !== '' && insurerPartyId !== '',
  });
}

/** The newest claim on one of the signed-in owner's bikes, or null (for the notice on the bike's page). */
export function useNewestClaimOfBike(bikeId: string) {
  const me = useMe();
  return useQuery({
    queryKey: ['insurance', me, 'self', 'bike', bikeId] as const,
    queryFn: async ({ signal }) =>
      (await api<ClaimsAnswer>(`/insurance/self/claims/?bike_id=${encodeURIComponent(bikeId)}`, { signal })).items[0] ?? null,
    enabled: me !== '' && bikeId !== '',
  });
}

export function useClaim(insurerPartyId: string, claimId: string) {
  const me = useMe();
  return useQuery({
    queryKey: insuranceKeys.claim(me, insurerPartyId, claimId),
    queryFn: ({ signal }) => api<ClaimDossier>(`${base(insurerPartyId)}/claims/${encodeURIComponent(claimId)}`, { signal }),
    enabled: me !== '' && insurerPartyId !== '' && claimId !== '',
  });
}

export function useMoveClaim(insurerPartyId: string, claimId: string) {
  const me = useMe();
  return useMutation({
    mutationFn: (move: ClaimMove) =>
      api<ClaimDossier>(`${base(insurerPartyId)}/claims/${encodeURIComponent(claimId)}/events/`, { method: 'POST', body: move }),
    onSuccess: () => refreshQueries(insuranceKeys.all(me)),
  });
}

export function useInsuredBike(insurerPartyId: string, policyId: string, bikeId: string) {
  const me = useMe();
  return useQuery({
    queryKey: insuranceKeys.insuredBike(me, insurerPartyId, policyId, bikeId),
    queryFn: ({ signal }) =>
      api<InsuredBike>(`${base(insurerPartyId)}/admin/policies/${encodeURIComponent(policyId)}/bikes/${encodeURIComponent(bikeId)}`, {
        signal,
      }),
    enabled: me !== '' && insurerPartyId !== '' && policyId !== '' && bikeId !== '',
  });
}
