import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { StolenReviewAnswer, StolenReviewItem, StolenReviewState } from '../../domain/stolen-review';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { BACKOFFICE_WORK_KEY } from './work-api';

// GET /backoffice/stolen-reports and POST …/{id}/approve | hide | merge (issue 14: staff's review for the public map).

/** The list's filters, as the page keeps them in its address and the server reads them. */
export interface StolenReviewFilters {
  state?: StolenReviewState | undefined;
  from?: string | undefined;
  to?: string | undefined;
  region?: 'dk' | 'no' | undefined;
  postal_from?: string | undefined;
  postal_to?: string | undefined;
  q?: string | undefined;
}

const ROOT = ['backoffice', 'stolen-reports'] as const;

function queryOf(filters: StolenReviewFilters, offset: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (offset) params.set('offset', String(offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useStolenReports(filters: StolenReviewFilters) {
  const me = useSession()?.identity_party_id ?? '';
  return useInfiniteQuery({
    queryKey: [...ROOT, me, filters],
    queryFn: ({ signal, pageParam }) => api<StolenReviewAnswer>(`/backoffice/stolen-reports${queryOf(filters, pageParam)}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
    enabled: me !== '',
  });
}

export type StolenReviewDecision = { action: 'approve' } | { action: 'hide'; reason: string } | { action: 'merge'; into_report_id: string };

/** One decision on a report; afterwards the list and the work counts are read again. */
export function useDecideStolenReport() {
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: StolenReviewDecision }) => {
      const { action, ...body } = decision;
      return api<StolenReviewItem>(`/backoffice/stolen-reports/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        ...(action === 'approve' ? {} : { body }),
      });
    },
    onSuccess: () => Promise.all([refreshQueries(ROOT), refreshQueries(BACKOFFICE_WORK_KEY)]),
  });
}
