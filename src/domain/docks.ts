// Docks and smart locks (§2 /app/docks…, issue 16): a dock is a place with locks (a workplace's bike room, a
// station) that an organisation owns; its members (or, for a public dock, anyone signed in) may lock a bike in a
// free lock and unlock it again. The server keeps what was asked of a lock (desired) apart from what the lock last
// said (reported): a command goes sent → received → done or failed, and a screen says "unlocked" only once the lock
// has reported it. This file is the shared contract: the states a person sees and how they are derived.

/** What a lock last reported of its bolt: open (the bay is free to use) or closed (a bike is locked in it). */
export const LOCK_REPORTED_STATES = ['open', 'closed'] as const;
export type LockReportedState = (typeof LOCK_REPORTED_STATES)[number];

export const LOCK_COMMAND_KINDS = ['lock', 'unlock'] as const;
export type LockCommandKind = (typeof LOCK_COMMAND_KINDS)[number];

/** sent: written and pushed to the device; received: the device acknowledged it; done: the device reported the state asked; failed: see reason. */
export const LOCK_COMMAND_STATUSES = ['sent', 'received', 'done', 'failed'] as const;
export type LockCommandStatus = (typeof LOCK_COMMAND_STATUSES)[number];
/** timeout: no report of the state asked in time; device_error: the lock said it could not; offline: the lock went away before it was done. */
export const LOCK_COMMAND_FAILURES = ['timeout', 'device_error', 'offline'] as const;
export type LockCommandFailure = (typeof LOCK_COMMAND_FAILURES)[number];

/** What a person sees of a lock. */
export const LOCK_VIEW_STATES = ['free', 'occupied_by_me', 'occupied', 'locking', 'unlocking', 'offline'] as const;
export type LockViewState = (typeof LOCK_VIEW_STATES)[number];

/** A device says something at least this often (a heartbeat when nothing else happens). */
export const LOCK_HEARTBEAT_SECONDS = 10;
/** After this long without a word, "last reported N s ago" is shown as stale (two heartbeats missed). */
export const LOCK_STALE_AFTER_SECONDS = 25;
/** After this long without a word, or when its connection closes, the lock counts as offline. */
export const LOCK_OFFLINE_AFTER_SECONDS = 45;
/** A command not done by then has failed with `timeout`; a report that comes later is still recorded as the lock's state. */
export const LOCK_COMMAND_TIMEOUT_SECONDS = 15;

export const DOCK_ACCESS = ['members', 'everyone'] as const;
/** members: the owning organisation's members; everyone: anyone signed in (a public station). */
export type DockAccess = (typeof DOCK_ACCESS)[number];

/** What the server knows of a lock, as stored (the `lock` row and its command in progress). */
export interface LockFacts {
  reportedState: LockReportedState | null;
  /** When the device last said anything (state or heartbeat); null: never. */
  reportedAt: Date | null;
  /** Whether its device connection is open (on any instance). */
  connected: boolean;
  /** Who locked the bike that is in it, by the server's record of the command that closed it. */
  occupantPartyId: string | null;
  /** The command waiting for the lock (sent or received), if any. */
  pendingCommand: LockCommandKind | null;
}

/**
 * What `viewerPartyId` sees of a lock at `now`: offline when its connection is gone or it has been silent past
 * LOCK_OFFLINE_AFTER_SECONDS; else locking/unlocking while a command waits; else by the last reported state — free
 * when open, and when closed, occupied by me or by someone. Never "free" (unlocked) on the strength of a command alone.
 */
export function lockViewState(facts: LockFacts, viewerPartyId: string, now: Date): LockViewState {
  if (!facts.connected || !facts.reportedAt || secondsSince(facts.reportedAt, now) > LOCK_OFFLINE_AFTER_SECONDS) return 'offline';
  if (facts.pendingCommand === 'lock') return 'locking';
  if (facts.pendingCommand === 'unlock') return 'unlocking';
  if (facts.reportedState === 'closed') return facts.occupantPartyId === viewerPartyId ? 'occupied_by_me' : 'occupied';
  if (facts.reportedState === 'open') return 'free';
  return 'offline';
}

/** Whether "last reported N s ago" is shown as stale. */
export function lockReportIsStale(reportedAt: Date | null, now: Date): boolean {
  return !reportedAt || secondsSince(reportedAt, now) > LOCK_STALE_AFTER_SECONDS;
}

export function secondsSince(then: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
}

/** A lock as the API answers it (GET /api/docks/{dockId} and …/locks/{lockId}, and the live frames). */
export interface LockView {
  id: string;
  dock_id: string;
  /** Its name in the dock, e.g. "A3". */
  label: string;
  state: LockViewState;
  /** The bike the viewer has in it (only when it is theirs). */
  my_bike: { id: string; label: string } | null;
  /** ISO time of the lock's last word; the page counts "N s ago" from it and turns it stale itself. */
  last_reported_at: string | null;
  /** The viewer's own command in progress or just finished, if any. */
  my_command: LockCommandView | null;
}

export interface LockCommandView {
  id: string;
  lock_id: string;
  kind: LockCommandKind;
  status: LockCommandStatus;
  failure: LockCommandFailure | null;
  created_at: string;
  finished_at: string | null;
}

export interface DockSummary {
  id: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  organisation_name: string;
  access: DockAccess;
  lock_count: number;
  /** Locks that report open and are online. */
  free_count: number;
}

export interface DockDetail extends DockSummary {
  locks: LockView[];
}
