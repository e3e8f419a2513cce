import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import type { Profile } from '../../domain/identity';
import { isLanguage } from '../../domain/locale';
import { api } from './api-client';
import { queryClient } from './query-client';
import { useSession } from './session-store';

// GET /identities/me: the signed-in user's profile (§3 Profile), which many areas read. Saving it is the
// account area's (account/profile-api.ts).

/** Keyed by party, so a cache left from another account is never shown. */
export const profileKey = (partyId: string) => ['identity', 'me', partyId] as const;

export const fetchProfile = (signal?: AbortSignal) => api<Profile>('/identities/me', { signal });

export function useProfile() {
  const partyId = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: profileKey(partyId),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: partyId !== '',
    // Confirming an email happens on a public page with no access to this cache: check again on every visit.
    refetchOnMount: 'always',
  });
}

// The header's language switcher also saves the language on the account; keep the cached profile in step
// rather than refetching, which could race with that save and bring back the old language.
i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  queryClient.setQueriesData<Profile>({ queryKey: ['identity', 'me'] }, (profile) => (profile ? { ...profile, language } : profile));
});
