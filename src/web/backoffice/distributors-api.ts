import { useQuery } from '@tanstack/react-query';
import type { Distributor, DistributorPage } from '../../domain/distributors';
import type { NewsletterPreview } from '../../domain/newsletter';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// The calls of the backoffice's public-facing tools (issue 15): the distributors of /find-distributor, and sending
// the newsletter. A change to a distributor refreshes the list.

const distributorsKey = ['backoffice', 'distributors'] as const;

export function useBackofficeDistributors(q: string, offset: number) {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: [...distributorsKey, me, q, offset],
    queryFn: ({ signal }) =>
      api<DistributorPage>(`/backoffice/distributors?${new URLSearchParams({ q, offset: String(offset) })}`, { signal }),
    enabled: me !== '',
  });
}

async function changed<T>(call: Promise<T>): Promise<T> {
  const result = await call;
  await refreshQueries(distributorsKey);
  return result;
}

export const saveDistributor = (id: string | null, body: unknown) =>
  changed(
    id
      ? api<Distributor>(`/backoffice/distributors/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api<Distributor>('/backoffice/distributors', { method: 'POST', body }),
  );

export const removeDistributor = (id: string) =>
  changed(api<void>(`/backoffice/distributors/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const previewNewsletter = (body: unknown) => api<NewsletterPreview>('/backoffice/newsletters/preview', { method: 'POST', body });

export const sendNewsletter = (body: unknown) =>
  api<{ id: string; recipients: number }>('/backoffice/newsletters', { method: 'POST', body });
