import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateOrganisation, Organisation } from '../../domain/organisations';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession, useSessionStore } from '../lib/session-store';

// Business users (§6): GET /organisations/mine, POST /organisations/, POST /identities/acting-party/.

/** Keyed by the person, so a list cached for someone else (a switch-user) is never shown. */
const mineKey = (personId: string) => ['organisations', 'mine', personId] as const;

export function useMyOrganisations() {
  const personId = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: mineKey(personId),
    queryFn: ({ signal }) => api<Organisation[]>('/organisations/mine', { signal }),
    enabled: personId !== '',
  });
}

function keepToken(token: string) {
  useSessionStore.getState().setToken(token);
  void refreshQueries(['organisations']);
}

export async function createOrganisation(input: CreateOrganisation): Promise<Organisation> {
  const answer = await api<{ organisation: Organisation; authentication_token: string }>('/organisations/', {
    method: 'POST',
    body: input,
  });
  keepToken(answer.authentication_token);
  return answer.organisation;
}

/** Acts as the person (their own party id) or one of their organisations from now on. */
export function useChooseActingParty() {
  return useMutation({
    mutationFn: (partyId: string) =>
      api<{ authentication_token: string }>('/identities/acting-party/', { method: 'POST', body: { party_id: partyId } }),
    onSuccess: (answer) => keepToken(answer.authentication_token),
  });
}
