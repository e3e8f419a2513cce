import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewItem } from '../../domain/ownership-review';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// GET /backoffice/ownership-verifications and POST …/{id}/reject (issue 5: what staff see of verify ownership).

const key = (me: string, status: string) => ['backoffice', 'ownership-verifications', me, status] as const;

export function useReviewList(status: string) {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: key(me, status),
    queryFn: ({ signal }) =>
      api<ReviewItem[]>(`/backoffice/ownership-verifications${status ? `?status=${encodeURIComponent(status)}` : ''}`, { signal }),
    enabled: me !== '',
  });
}

export function useRejectVerification() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<ReviewItem>(`/backoffice/ownership-verifications/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } }),
    onSuccess: () => refreshQueries(['backoffice', 'ownership-verifications']),
  });
}
