import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InsurerReport, InsurerReportsAnswer } from '../../domain/insurance';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';

// GET /insurance/{insurerPartyId}/stolen-reports/ (a page at a time, ?offset=) and …/{reportId}: the stolen
// reports shared with an insurance company, for its members (others: 403; not an insurer: 404).

const insuranceKeys = {
  reports: (me: string, insurer: string) => ['insurance', me, insurer, 'reports'] as const,
  report: (me: string, insurer: string, id: string) => ['insurance', me, insurer, 'report', id] as const,
};

const reportsPath = (insurer: string) => `/insurance/${encodeURIComponent(insurer)}/stolen-reports/`;

/** Keyed by the person asking: membership is theirs, whoever they act as. */
function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

export function useInsurerReports(insurerPartyId: string) {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: insuranceKeys.reports(me, insurerPartyId),
    queryFn: ({ signal, pageParam }) =>
      api<InsurerReportsAnswer>(`${reportsPath(insurerPartyId)}${pageParam ? `?offset=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
    enabled: me !== '' && insurerPartyId !== '',
  });
}

export function useInsurerReport(insurerPartyId: string, reportId: string) {
  const me = useMe();
  return useQuery({
    queryKey: insuranceKeys.report(me, insurerPartyId, reportId),
    queryFn: ({ signal }) => api<InsurerReport>(`${reportsPath(insurerPartyId)}${encodeURIComponent(reportId)}`, { signal }),
    enabled: me !== '' && insurerPartyId !== '' && reportId !== '',
  });
}
