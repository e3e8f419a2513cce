import { useQuery } from '@tanstack/react-query';
import type { BackofficeWork } from '../../domain/backoffice';
import { api } from '../lib/api-client';

// GET /backoffice/work: the work waiting, for the home and the counts beside the menu.

/** The query key every backoffice change refreshes, so the counts stay current (refreshQueries(BACKOFFICE_WORK_KEY)). */
export const BACKOFFICE_WORK_KEY = ['backoffice', 'work'] as const;

/** Other staff work the same queues: the counts are asked again every half minute and when the tab comes back. */
const WORK_POLLING_MS = 30_000;

export function useBackofficeWork() {
  return useQuery({
    queryKey: BACKOFFICE_WORK_KEY,
    queryFn: ({ signal }) => api<BackofficeWork>('/backoffice/work', { signal }),
    refetchInterval: WORK_POLLING_MS,
    refetchOnWindowFocus: true,
  });
}
