import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  PlateAssign,
  PlateAssignAnswer,
  PlateBatch,
  PlateBatchCreate,
  PlateBatchesAnswer,
  PlateDetail,
  PlateOrganisation,
  PlateState,
  PlatesAnswer,
} from '../../domain/plates';
import { api } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { BACKOFFICE_WORK_KEY } from './work-api';

// /api/backoffice/plates (issue 14): batches, a batch's plates, a plate by ID, organisations, and the changes.

const ALL = ['backoffice', 'plates'] as const;

/** Keyed by who asks (a staff member acting as someone else sees other things). */
function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

export function useBatches() {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: [...ALL, me, 'batches'],
    queryFn: ({ signal, pageParam }) =>
      api<PlateBatchesAnswer>(`/backoffice/plates/batches${pageParam ? `?offset=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
    enabled: me !== '',
  });
}

export function useBatch(batchId: string) {
  const me = useMe();
  return useQuery({
    queryKey: [...ALL, me, 'batch', batchId],
    queryFn: ({ signal }) => api<PlateBatch>(`/backoffice/plates/batches/${encodeURIComponent(batchId)}`, { signal }),
    enabled: me !== '' && batchId !== '',
  });
}

export interface PlateFilters {
  state?: PlateState;
  q?: string;
}

export function usePlates(batchId: string, filters: PlateFilters) {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: [...ALL, me, 'plates', batchId, filters],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ batch_id: batchId });
      if (filters.state) params.set('state', filters.state);
      if (filters.q) params.set('q', filters.q);
      if (pageParam) params.set('after', pageParam);
      return api<PlatesAnswer>(`/backoffice/plates?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next_after,
    enabled: me !== '' && batchId !== '',
  });
}

export function usePlate(plateId: string) {
  const me = useMe();
  return useQuery({
    queryKey: [...ALL, me, 'plate', plateId],
    queryFn: ({ signal }) => api<PlateDetail>(`/backoffice/plates/${encodeURIComponent(plateId)}`, { signal }),
    enabled: me !== '' && plateId !== '',
    retry: false,
  });
}

export function useOrganisations(q: string, insurersOnly: boolean) {
  const me = useMe();
  return useQuery({
    queryKey: [...ALL, me, 'organisations', q, insurersOnly],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q });
      if (insurersOnly) params.set('type', 'insurance_company');
      return api<PlateOrganisation[]>(`/backoffice/plates/organisations?${params}`, { signal });
    },
    enabled: me !== '',
  });
}

async function afterChange() {
  await Promise.all([refreshQueries(ALL), refreshQueries(BACKOFFICE_WORK_KEY)]);
}

export function useCreateBatch() {
  return useMutation({
    mutationFn: (body: PlateBatchCreate) => api<PlateBatch>('/backoffice/plates/batches', { method: 'POST', body }),
    onSuccess: afterChange,
  });
}

export function useAssignRange(batchId: string) {
  return useMutation({
    mutationFn: (body: PlateAssign) =>
      api<PlateAssignAnswer>(`/backoffice/plates/batches/${encodeURIComponent(batchId)}/assignments`, { method: 'POST', body }),
    onSuccess: afterChange,
  });
}

export function fetchPrintSheet(batchId: string): Promise<Blob> {
  return fetchFile(`/api/backoffice/plates/batches/${encodeURIComponent(batchId)}/print-sheet.pdf`);
}
