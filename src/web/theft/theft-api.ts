import { useMutation, useQuery } from '@tanstack/react-query';
import type { Insurer, StolenReport, StolenReportInput } from '../../domain/theft';
import { APPROVAL_HEADER } from '../../domain/verification';
import { invalidateBikes } from '../bikes/bikes-api';
import { ApiError, api } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { useActingParty } from '../lib/session-store';

// The stolen-report calls (issue 6) with their query keys, keyed by the acting party like the bike calls.

const enc = encodeURIComponent;
export const theftKeys = {
  all: ['theft'] as const,
  insurers: ['insurers'] as const,
  report: (partyId: string, bikeId: string) => ['theft', partyId, 'report', bikeId] as const,
};

export function useInsurers(enabled = true) {
  return useQuery({
    queryKey: theftKeys.insurers,
    queryFn: ({ signal }) => api<{ insurers: Insurer[] }>('/insurers/', { signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function useStolenReport(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: theftKeys.report(partyId, bikeId),
    queryFn: ({ signal }) => api<StolenReport>(`/bikes/${enc(bikeId)}/stolen-report`, { signal }),
    enabled: partyId !== '' && bikeId !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useFileReport() {
  return useMutation({
    mutationFn: (input: StolenReportInput) => api<StolenReport>('/stolen-reports/', { method: 'POST', body: input }),
    onSuccess: () => invalidateBikes(),
  });
}

/** §4 reporting found: deletes the report and the stolen mark; needs the approval of the act report_found. */
export function useReportFound(bikeId: string) {
  return useMutation({
    mutationFn: (approvalId: string) =>
      api<unknown>(`/bikes/${enc(bikeId)}/found-reports/`, { method: 'POST', body: {}, headers: { [APPROVAL_HEADER]: approvalId } }),
    onSuccess: () => invalidateBikes(),
  });
}

/**
 * The police report as a PDF. Not through api(): the answer is a file, and a plain link would not carry
 * the session (the API reads a bearer token, not a cookie).
 */
export async function fetchPoliceReport(bikeId: string): Promise<Blob> {
  return fetchFile(`/api/bikes/${enc(bikeId)}/stolen-report/police-report.pdf`);
}
