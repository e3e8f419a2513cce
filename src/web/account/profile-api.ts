import { useMutation } from '@tanstack/react-query';
import type { Profile } from '../../domain/identity';
import { api } from '../lib/api-client';
import { profileKey } from '../lib/profile';
import { queryClient, refreshQueries } from '../lib/query-client';
import type { ProfileChanges } from './profile-values';

// PUT /identities/me: saving the profile (§4 Profile save).

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
