import { useQuery } from '@tanstack/react-query';
import type { LockCommandPage, LockEventPage, LockWithSecret, ManagedDock, ManagedDockDetail } from '../../domain/docks-manage';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// The calls of managing docks and locks (issue 16), for staff (/backoffice/docks…) and an organisation's admin acting
// as it (/organisations/docks…): the same calls under two bases. A change refreshes the docks of that base.

/** Where the calls are: staff's or the organisation's. */
export type ManageBase = '/backoffice/docks' | '/organisations/docks';

const rootKey = ['docks-manage'] as const;

/** Keyed by who asks and as whom (acting as another organisation shows other docks). */
function useWho(): string {
  const session = useSession();
  return session ? `${session.identity_party_id}:${session.party_id}` : '';
}

/** The live lock states come from the devices: read again now and then while the page is open. */
const LIVE_REFRESH_MS = 10_000;

export function useManagedDocks(base: ManageBase) {
  const who = useWho();
  return useQuery({
    queryKey: [...rootKey, base, who, 'list'],
    queryFn: ({ signal }) => api<ManagedDock[]>(base, { signal }),
    enabled: who !== '',
  });
}

export function useManagedDock(base: ManageBase, dockId: string) {
  const who = useWho();
  return useQuery({
    queryKey: [...rootKey, base, who, 'dock', dockId],
    queryFn: ({ signal }) => api<ManagedDockDetail>(`${base}/${encodeURIComponent(dockId)}`, { signal }),
    enabled: who !== '',
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useLockEvents(base: ManageBase, dockId: string, lockId: string, offset: number) {
  const who = useWho();
  return useQuery({
    queryKey: [...rootKey, base, who, 'events', dockId, lockId, offset],
    queryFn: ({ signal }) =>
      api<LockEventPage>(`${base}/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/events?offset=${offset}`, { signal }),
    enabled: who !== '',
  });
}

export function useLockCommands(base: ManageBase, dockId: string, lockId: string) {
  const who = useWho();
  return useQuery({
    queryKey: [...rootKey, base, who, 'commands', dockId, lockId],
    queryFn: ({ signal }) =>
      api<LockCommandPage>(`${base}/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/commands`, { signal }),
    enabled: who !== '',
  });
}

async function changed<T>(call: Promise<T>): Promise<T> {
  const result = await call;
  await refreshQueries(rootKey);
  return result;
}

export const createDock = (base: ManageBase, body: unknown) => changed(api<ManagedDockDetail>(base, { method: 'POST', body }));

export const changeDock = (base: ManageBase, dockId: string, body: unknown) =>
  changed(api<ManagedDockDetail>(`${base}/${encodeURIComponent(dockId)}`, { method: 'PATCH', body }));

export const addLock = (base: ManageBase, dockId: string, label: string) =>
  changed(api<LockWithSecret>(`${base}/${encodeURIComponent(dockId)}/locks`, { method: 'POST', body: { label } }));

export const rotateLockSecret = (base: ManageBase, dockId: string, lockId: string) =>
  changed(api<LockWithSecret>(`${base}/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/secret`, { method: 'POST' }));

export const removeLock = (base: ManageBase, dockId: string, lockId: string) =>
  changed(api<void>(`${base}/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}`, { method: 'DELETE' }));
