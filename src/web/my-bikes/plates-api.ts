import { useQuery } from '@tanstack/react-query';
import type { MyPlate } from '../../domain/bikes';
import { api } from '../lib/api-client';
import { useActingParty } from '../lib/session-store';

// GET /api/plates/mine, keyed under 'bikes' so that any change to bikes (invalidateBikes) refreshes it.
export function useMyPlates() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: ['bikes', partyId, 'plates'] as const,
    queryFn: ({ signal }) => api<MyPlate[]>('/plates/mine', { signal }),
    enabled: partyId !== '',
  });
}
