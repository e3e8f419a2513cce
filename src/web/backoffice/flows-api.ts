import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { FlowDetail, FlowProblem, FlowResponsesPage, FlowSummary } from '../../domain/flow-admin';
import { api } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// /api/backoffice/flows: the flows, one flow's versions, its lifecycle (create, save, check, new draft, publish,
// retire), its answers and their CSV (issue 16).

const ROOT = ['backoffice', 'flows'] as const;

export function useFlows() {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: [...ROOT, me, 'list'],
    queryFn: ({ signal }) => api<{ items: FlowSummary[] }>('/backoffice/flows', { signal }),
    enabled: me !== '',
  });
}

const flowPath = (memo: string) => `/backoffice/flows/${encodeURIComponent(memo)}`;

export function useFlow(memo: string) {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: [...ROOT, me, 'one', memo],
    queryFn: ({ signal }) => api<FlowDetail>(flowPath(memo), { signal }),
    enabled: me !== '',
  });
}

/** The answers' filters, as the page keeps them in its address. */
export interface AnswerFilters {
  version?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function filterQuery(filters: AnswerFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useFlowAnswers(memo: string, filters: AnswerFilters) {
  const me = useSession()?.identity_party_id ?? '';
  return useInfiniteQuery({
    queryKey: [...ROOT, me, 'answers', memo, filters],
    queryFn: ({ signal, pageParam }) =>
      api<FlowResponsesPage>(`${flowPath(memo)}/responses${filterQuery(filters, pageParam ? { cursor: pageParam } : {})}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: me !== '',
  });
}

export const fetchFlowCsv = (memo: string, filters: AnswerFilters) =>
  fetchFile(`/api${flowPath(memo)}/responses.csv${filterQuery(filters)}`);

export function useCreateFlow() {
  return useMutation({
    mutationFn: (body: { memo: string; definition: unknown }) => api<FlowDetail>('/backoffice/flows', { method: 'POST', body }),
    onSuccess: () => refreshQueries(ROOT),
  });
}

export function useCheckDefinition() {
  return useMutation({
    mutationFn: (definition: unknown) =>
      api<{ problems: FlowProblem[] }>('/backoffice/flows/check', { method: 'POST', body: { definition } }),
  });
}

/** Saves the draft; `onSaved` runs before the flow is read again (the editor that asked may be gone by then). */
export function useSaveDraft(memo: string, onSaved: () => void) {
  return useMutation({
    mutationFn: async (definition: unknown) => {
      const detail = await api<FlowDetail>(`${flowPath(memo)}/draft`, { method: 'PUT', body: { definition } });
      onSaved();
      return detail;
    },
    onSuccess: () => refreshQueries(ROOT),
  });
}

/** New draft, publish, retire: a POST with no body. */
export function useFlowAction(memo: string, onDone?: (action: 'draft' | 'publish' | 'retire') => void) {
  return useMutation({
    mutationFn: async (action: 'draft' | 'publish' | 'retire') => {
      const detail = await api<FlowDetail>(`${flowPath(memo)}/${action}`, { method: 'POST' });
      onDone?.(action);
      return detail;
    },
    onSuccess: () => refreshQueries(ROOT),
  });
}
