import { useMutation, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import type { Profile } from '../../domain/identity';
import { isLanguage } from '../../domain/locale';
import { api } from '../app/api-client';
import { queryClient, refreshQueries } from '../app/query-client';
import { useSession } from '../app/session-store';
import type { ProfileChanges } from './profile-values';

// GET and PUT /identities/me: the signed-in user's profile (§3 Profile, §4 Profile save).

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

export interface SaveResult {
  status: 'saved' | 'partially_saved';
  profile: Profile;
}

export function useSaveProfile() {
  return useMutation({
    mutationFn: (update: ProfileChanges) => api<SaveResult>('/identities/me', { method: 'PUT', body: update }),
    onSuccess: (result) => {
      queryClient.setQueryData(profileKey(result.profile.party_id), result.profile);
      void refreshQueries(profileKey(result.profile.party_id));
    },
  });
}

// The header's language switcher also saves the language on the account; keep the cached profile in step
// rather than refetching, which could race with that save and bring back the old language.
i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  queryClient.setQueriesData<Profile>({ queryKey: ['identity', 'me'] }, (profile) => (profile ? { ...profile, language } : profile));
});
