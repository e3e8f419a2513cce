import { useMutation, useQuery } from '@tanstack/react-query';
import type { Bike } from '../../../domain/bikes';
import type { CreatePolicy, LookupAnswer, PoliciesAnswer, Policy, UpdatePolicyBikes } from '../../../domain/insurance-policies';
import type { Insurer } from '../../../domain/theft';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';

// §7 Insurance calls for the owner's pages: my policies, one policy, take one out (or claim it), its bikes, the
// pre-registration lookup; and what the pages choose from (the insurers of the register, my bikes).

const policyKeys = {
  all: (me: string) => ['insurance-policies', me] as const,
  one: (me: string, id: string) => ['insurance-policies', me, id] as const,
};

/** Keyed by the party acting: a person's policies are not their insurer's. */
function useActing(): string {
  return useSession()?.party_id ?? '';
}

export function useMyPolicies() {
  const me = useActing();
  return useQuery({
    queryKey: policyKeys.all(me),
    queryFn: ({ signal }) => api<PoliciesAnswer>('/insurance/policies/', { signal }),
    enabled: me !== '',
  });
}

export function usePolicy(policyId: string) {
  const me = useActing();
  return useQuery({
    queryKey: policyKeys.one(me, policyId),
    queryFn: ({ signal }) => api<Policy>(`/insurance/policies/${encodeURIComponent(policyId)}/`, { signal }),
    enabled: me !== '' && policyId !== '',
  });
}

export function useInsurers() {
  return useQuery({
    queryKey: ['insurers'],
    queryFn: ({ signal }) => api<{ insurers: Insurer[] }>('/insurers/', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** My bikes, to choose the insured ones from (GET /bikes/). */
export function useMyBikeList() {
  const me = useActing();
  return useQuery({
    queryKey: ['insurance-policies', me, 'bikes'],
    queryFn: ({ signal }) => api<Bike[]>('/bikes/', { signal }),
    enabled: me !== '',
  });
}

export function createPolicy(body: Partial<CreatePolicy>): Promise<Policy> {
  return api<Policy>('/insurance/policies/', { method: 'POST', body });
}

export function useUpdatePolicyBikes(policyId: string) {
  return useMutation({
    mutationFn: (body: UpdatePolicyBikes) =>
      api<Policy>(`/insurance/policies/${encodeURIComponent(policyId)}/bikes/`, { method: 'PATCH', body }),
    onSuccess: () => refreshQueries(['insurance-policies']),
  });
}

export function lookUpPolicy(insurerPartyId: string, insurerPolicyId: string): Promise<LookupAnswer> {
  return api<LookupAnswer>(
    `/insurance/${encodeURIComponent(insurerPartyId)}/policies/pre-registration-lookup/${encodeURIComponent(insurerPolicyId)}/`,
    { method: 'POST' },
  );
}

/** Where an owner works on a policy with its insurer. */
export const policyPath = (policy: Pick<Policy, 'id' | 'insurer'>, page = '') =>
  `/insurance/${policy.insurer.party_id}/policy/${policy.id}${page}`;
