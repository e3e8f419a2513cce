import { useQuery } from '@tanstack/react-query';
import type { BackofficeIdentity } from '../../domain/backoffice';
import { api } from '../lib/api-client';
import { useSession, useSessionStore } from '../lib/session-store';

// GET /backoffice/identities and POST /identities/switch-user/{id} (§6, §7).

export function useIdentitySearch(q: string) {
  // Keyed by who asks: what a list shows (can_switch) depends on the caller.
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: ['backoffice', 'identities', me, q],
    queryFn: ({ signal }) => api<BackofficeIdentity[]>(`/backoffice/identities?q=${encodeURIComponent(q)}`, { signal }),
    enabled: me !== '',
  });
}

/** Becomes the user: the switched token replaces the session (the admin gets theirs back from the banner). */
export async function switchToUser(partyId: string): Promise<void> {
  const { authentication_token } = await api<{ authentication_token: string }>(`/identities/switch-user/${partyId}`, { method: 'POST' });
  useSessionStore.getState().setToken(authentication_token);
}
