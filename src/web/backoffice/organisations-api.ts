import { useQuery } from '@tanstack/react-query';
import type {
  CreateBackofficeOrganisation,
  FrameLookup,
  IdentityDetail,
  OrganisationDetail,
  OrganisationPage,
  UpdateOrganisation,
  VoucherBatch,
  VoucherBatchDetail,
} from '../../domain/backoffice-orgs';
import type { ORGANISATION_TYPES } from '../../domain/session';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { BACKOFFICE_WORK_KEY } from './work-api';

// The calls of the backoffice's organisations, voucher batches, a person's detail, the frame-number lookup and the
// audit log (issue 14), with their query keys. Every change refreshes what it touched and the work counts.

type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/** Keyed by who asks (a staff member acting as someone else sees other things). */
function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

const keys = {
  organisations: ['backoffice', 'organisations'] as const,
  vouchers: ['backoffice', 'voucher-batches'] as const,
  audit: ['backoffice', 'audit-log'] as const,
  identity: ['backoffice', 'identity'] as const,
};

async function refreshAfterChange(key: readonly unknown[]): Promise<void> {
  await Promise.all([refreshQueries(key), refreshQueries(keys.audit), refreshQueries(BACKOFFICE_WORK_KEY)]);
}

export function useOrganisations(query: { q: string; type: OrganisationType | ''; offset: number }) {
  const me = useMe();
  const search = new URLSearchParams({ q: query.q, type: query.type, offset: String(query.offset) });
  return useQuery({
    queryKey: [...keys.organisations, me, 'list', query],
    queryFn: ({ signal }) => api<OrganisationPage>(`/backoffice/organisations?${search}`, { signal }),
    enabled: me !== '',
  });
}

export function useOrganisation(partyId: string) {
  const me = useMe();
  return useQuery({
    queryKey: [...keys.organisations, me, 'detail', partyId],
    queryFn: ({ signal }) => api<OrganisationDetail>(`/backoffice/organisations/${encodeURIComponent(partyId)}`, { signal }),
    enabled: me !== '',
  });
}

async function changed<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await refreshAfterChange(keys.organisations);
  return answer;
}

export const createOrganisation = (body: CreateBackofficeOrganisation) =>
  changed(api<OrganisationDetail>('/backoffice/organisations', { method: 'POST', body }));

const organisationUrl = (partyId: string) => `/backoffice/organisations/${encodeURIComponent(partyId)}`;

export const updateOrganisation = (partyId: string, body: UpdateOrganisation) =>
  changed(api<OrganisationDetail>(organisationUrl(partyId), { method: 'PATCH', body }));

export const addMember = (partyId: string, body: { email: string; role: 'admin' | 'member' }) =>
  changed(api<OrganisationDetail>(`${organisationUrl(partyId)}/members`, { method: 'POST', body }));

export const setMemberRole = (partyId: string, memberPartyId: string, role: 'admin' | 'member') =>
  changed(api<OrganisationDetail>(`${organisationUrl(partyId)}/members/${memberPartyId}`, { method: 'PUT', body: { role } }));

export const removeMember = (partyId: string, memberPartyId: string) =>
  changed(api<OrganisationDetail>(`${organisationUrl(partyId)}/members/${memberPartyId}`, { method: 'DELETE' }));

export const grantCredits = (partyId: string, body: { count: number; plan_type: string; reason: string }) =>
  changed(api<OrganisationDetail>(`${organisationUrl(partyId)}/credits`, { method: 'POST', body }));

export function useVoucherBatches(offset: number) {
  const me = useMe();
  return useQuery({
    queryKey: [...keys.vouchers, me, 'list', offset],
    queryFn: ({ signal }) =>
      api<{ items: VoucherBatch[]; total: number; offset: number; page_size: number }>(`/backoffice/voucher-batches?offset=${offset}`, {
        signal,
      }),
    enabled: me !== '',
  });
}

export function useVoucherBatch(batchId: string | null) {
  const me = useMe();
  return useQuery({
    queryKey: [...keys.vouchers, me, 'detail', batchId],
    queryFn: ({ signal }) => api<VoucherBatchDetail>(`/backoffice/voucher-batches/${encodeURIComponent(batchId ?? '')}`, { signal }),
    enabled: me !== '' && batchId !== null,
  });
}

export async function createVoucherBatch(body: unknown): Promise<VoucherBatchDetail> {
  const batch = await api<VoucherBatchDetail>('/backoffice/voucher-batches', { method: 'POST', body });
  await refreshAfterChange(keys.vouchers);
  return batch;
}

export function useIdentityDetail(partyId: string) {
  const me = useMe();
  return useQuery({
    queryKey: [...keys.identity, me, partyId],
    queryFn: ({ signal }) => api<IdentityDetail>(`/backoffice/identities/${encodeURIComponent(partyId)}`, { signal }),
    enabled: me !== '',
  });
}

/** PUT /backoffice/identities/{partyId}/role (admin only). */
export async function changeRole(partyId: string, role: string): Promise<void> {
  await api(`/backoffice/identities/${encodeURIComponent(partyId)}/role`, { method: 'PUT', body: { role } });
  await refreshAfterChange(keys.identity);
}

export function useFrameLookup(frameNumber: string) {
  const me = useMe();
  return useQuery({
    queryKey: ['backoffice', 'frame-lookup', me, frameNumber],
    queryFn: ({ signal }) => api<FrameLookup>(`/backoffice/frame-lookup?frame_number=${encodeURIComponent(frameNumber)}`, { signal }),
    enabled: me !== '' && frameNumber !== '',
    retry: false,
  });
}

export interface AuditEntry {
  id: string;
  actor_party_id: string | null;
  actor_email: string | null;
  action: string;
  target_party_id: string | null;
  target_email: string | null;
  record_type: string | null;
  record_id: string | null;
  before: unknown;
  after: unknown;
  data: unknown;
  created_at: string;
}

/** GET /backoffice/audit-log by person (party_id) or by record (record_type and record_id); null asks nothing. */
export function useAuditLog(filter: { party_id?: string; record_type?: string; record_id?: string } | null) {
  const me = useMe();
  const search = new URLSearchParams(Object.entries(filter ?? {}).filter(([, v]) => v) as [string, string][]);
  return useQuery({
    queryKey: [...keys.audit, me, filter],
    queryFn: ({ signal }) => api<AuditEntry[]>(`/backoffice/audit-log?${search}`, { signal }),
    enabled: me !== '' && filter !== null,
  });
}
