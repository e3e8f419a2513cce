import { useQuery } from '@tanstack/react-query';
import type { Referrals } from '../../domain/referrals';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';

// GET /identities/me/referrals: my referral link and how many friends signed up through it.

const referralsKey = (partyId: string) => ['identity', 'referrals', partyId] as const;

export function useReferrals() {
  const partyId = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: referralsKey(partyId),
    queryFn: ({ signal }) => api<Referrals>('/identities/me/referrals', { signal }),
    enabled: partyId !== '',
  });
}
