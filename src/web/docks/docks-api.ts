import { useQuery } from '@tanstack/react-query';
import type { DockDetail, DockSummary, LockCommandKind, LockCommandView, LockView } from '../../domain/docks';
import { api } from '../lib/api-client';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// The user's calls of the docks (§2 /app/docks…, issue 16): the docks the user may use, a dock's locks, one lock
// with the bikes that may be locked in it, the commands, and the tamper alarms that offer a one-tap stolen report.

/** A bike of the caller's that may be locked (not in a lock already). */
export interface LockableBike {
  id: string;
  label: string;
}

/** GET /api/docks/{dockId}/locks/{lockId}: the lock as the caller sees it and the bikes they may lock in it. */
export interface LockDetail extends LockView {
  bikes: LockableBike[];
}

/** An open tamper alarm of a lock holding the caller's bike (GET /api/docks/alarms/, docks-admin's domain/docks-alarms.ts). */
export interface DockAlarm {
  id: string;
  dock_id: string;
  dock_name: string;
  dock_address: string;
  lock_id: string;
  lock_label: string;
  bike_id: string | null;
  bike_label: string | null;
  raised_at: string;
  theft_report_id: string | null;
}

export const dockKeys = {
  all: (partyId: string) => ['docks', partyId] as const,
  list: (partyId: string) => ['docks', partyId, 'list'] as const,
  detail: (partyId: string, dockId: string) => ['docks', partyId, 'dock', dockId] as const,
  lock: (partyId: string, dockId: string, lockId: string) => ['docks', partyId, 'dock', dockId, 'lock', lockId] as const,
  alarms: (partyId: string) => ['docks', partyId, 'alarms'] as const,
};

const dockPath = (dockId: string) => `/docks/${encodeURIComponent(dockId)}`;
const lockPath = (dockId: string, lockId: string) => `${dockPath(dockId)}/locks/${encodeURIComponent(lockId)}`;

export function useDocks() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: dockKeys.list(partyId),
    queryFn: ({ signal }) => api<DockSummary[]>('/docks/', { signal }),
    enabled: partyId !== '',
  });
}

export function useDock(dockId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: dockKeys.detail(partyId, dockId),
    queryFn: ({ signal }) => api<DockDetail>(dockPath(dockId), { signal }),
    enabled: partyId !== '',
    staleTime: 0,
  });
}

export function useLock(dockId: string, lockId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: dockKeys.lock(partyId, dockId, lockId),
    queryFn: ({ signal }) => api<LockDetail>(lockPath(dockId, lockId), { signal }),
    enabled: partyId !== '',
    staleTime: 0,
  });
}

export function useDockAlarms() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: dockKeys.alarms(partyId),
    queryFn: ({ signal }) => api<DockAlarm[]>('/docks/alarms/', { signal }),
    enabled: partyId !== '',
    staleTime: 0,
  });
}

export function sendLockCommand(dockId: string, lockId: string, kind: LockCommandKind, bikeId?: string): Promise<LockCommandView> {
  const body = kind === 'lock' ? { kind, bike_id: bikeId } : { kind };
  return api<LockCommandView>(`${lockPath(dockId, lockId)}/commands`, { method: 'POST', body });
}

/**
 * The tap's outcome: filed (the same report on a second tap), or the questions the profile, the bike and the dock
 * could not answer (`draft` in the wizard's shape, `problems` by field).
 */
export type AlarmReportOutcome =
  | { status: 'filed'; alarm_id: string; bike_id: string; theft_report_id: string }
  | { status: 'needs_answers'; alarm_id: string; draft: Record<string, unknown>; problems: { field: string; code: string }[] };

/** The answers a second tap adds (is the bike insured, its price). */
export interface AlarmReportAnswers {
  isInsured?: boolean;
  bike_price?: string;
}

export function reportAlarmStolen(alarmId: string, answers: AlarmReportAnswers = {}): Promise<AlarmReportOutcome> {
  return api<AlarmReportOutcome>(`/docks/alarms/${encodeURIComponent(alarmId)}/stolen-report`, { method: 'POST', body: answers });
}

export function dismissAlarm(alarmId: string): Promise<unknown> {
  return api(`/docks/alarms/${encodeURIComponent(alarmId)}/dismiss`, { method: 'POST', body: {} });
}

/**
 * A lock's new view (a live frame) written into the dock's and the lock's cached answers. A frame without the
 * viewer's command keeps the finished one the page shows (how it went stays on screen). When the lock's state
 * changed, the lock's own answer is fetched again: which of my bikes may be locked changes with it.
 */
export function applyLockView(partyId: string, view: LockView): void {
  const merged = (lock: LockView): LockView => ({
    ...view,
    my_command:
      view.my_command ??
      (lock.my_command && lock.my_command.status !== 'sent' && lock.my_command.status !== 'received' ? lock.my_command : null),
  });
  queryClient.setQueryData<DockDetail>(dockKeys.detail(partyId, view.dock_id), (dock) =>
    dock ? { ...dock, locks: dock.locks.map((lock) => (lock.id === view.id ? merged(lock) : lock)) } : dock,
  );
  const key = dockKeys.lock(partyId, view.dock_id, view.id);
  const before = queryClient.getQueryData<LockDetail>(key);
  if (!before) return;
  queryClient.setQueryData<LockDetail>(key, { ...before, ...merged(before) });
  if (before.state !== view.state) void refreshQueries(key);
}

/** The caller's command's new state (a live frame or the POST's answer) written into its lock's cached answers. */
export function applyCommand(partyId: string, dockId: string, command: LockCommandView): void {
  const withCommand = <L extends LockView>(lock: L): L =>
    lock.my_command && lock.my_command.id !== command.id && command.created_at < lock.my_command.created_at
      ? lock
      : { ...lock, my_command: command };
  queryClient.setQueryData<DockDetail>(dockKeys.detail(partyId, dockId), (dock) =>
    dock ? { ...dock, locks: dock.locks.map((lock) => (lock.id === command.lock_id ? withCommand(lock) : lock)) } : dock,
  );
  queryClient.setQueryData<LockDetail>(dockKeys.lock(partyId, dockId, command.lock_id), (lock) => (lock ? withCommand(lock) : lock));
}
