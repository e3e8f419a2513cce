import {
  LOCK_COMMAND_TIMEOUT_SECONDS,
  LOCK_OFFLINE_AFTER_SECONDS,
  type LockCommandFailure,
  type LockCommandKind,
  type LockCommandStatus,
  type LockReportedState,
} from './docks.js';

// The one lock state machine (issue 16), pure: given what the server knows of a lock, its command in progress and
// one thing that happened, it answers the lock's new facts, the command's new status and the history to write. The
// service (server/docks/lock-service.ts) reads the row under a lock, asks here, and writes what comes back.
//
// Rules:
// - A command is `sent` when written (and pushed), `received` when the device acknowledges its id, `done` only when
//   the device reports the state it asked (lock → closed, unlock → open), `failed` with `device_error` when the
//   device says it could not, `timeout` when its deadline passes first, `offline` when the device disconnects or goes
//   silent past LOCK_OFFLINE_AFTER_SECONDS before it is done. A finished command never changes again.
// - A state report always updates the reported state, also after its command failed. A late `closed` after a lock
//   command that timed out records that command's person and bike as the occupant (the bike is in the lock, and
//   only its owner may take it out again); a `closed` with no such command leaves the occupant unknown. An `open`
//   report clears the occupant.
// - Reports carry the device's sequence number, counted from its hello (seq 0) in each connection; one not newer
//   than the last applied is ignored (out of order).
// - One command at a time per lock; lock needs the lock free (reported open, online, nothing pending), unlock needs
//   the caller to be the occupant.

export const LOCK_DESIRED: Record<LockCommandKind, LockReportedState> = { lock: 'closed', unlock: 'open' };

/** A lock's stored facts (the `lock` row). */
export interface MachineLock {
  reportedState: LockReportedState | null;
  reportedAt: Date | null;
  reportedSeq: number | null;
  connected: boolean;
  desiredState: LockReportedState | null;
  occupantPartyId: string | null;
  occupantBikeId: string | null;
}

/** A command still waiting for the lock (status sent or received). */
export interface MachineCommand {
  id: string;
  kind: LockCommandKind;
  status: 'sent' | 'received';
  partyId: string | null;
  bikeId: string | null;
  deadlineAt: Date;
}

/** A lock command that failed by timeout, the newest of the lock: who a late `closed` report is for. */
export interface TimedOutLock {
  partyId: string | null;
  bikeId: string | null;
}

export type LockInput =
  | { type: 'request'; id: string; kind: LockCommandKind; partyId: string; bikeId: string | null }
  | { type: 'hello'; state: LockReportedState }
  | { type: 'state'; seq: number; state: LockReportedState; timedOutLock?: TimedOutLock | null }
  | { type: 'ack'; commandId: string }
  | { type: 'result'; commandId: string; ok: boolean; error?: string }
  | { type: 'heartbeat'; seq: number }
  | { type: 'disconnected' }
  | { type: 'tick' }
  | { type: 'tamper' };

/** What to write to the command's row. */
export interface CommandChange {
  id: string;
  status: LockCommandStatus;
  failure: LockCommandFailure | null;
  receivedAt?: Date;
  finishedAt?: Date;
}

export interface LockHistoryEvent {
  kind: 'connected' | 'disconnected' | 'silent' | 'state' | 'command' | 'alarm' | 'report_ignored';
  partyId: string | null;
  detail: Record<string, unknown>;
}

export type LockRefusal = 'lock_busy' | 'lock_offline' | 'lock_occupied' | 'lock_not_yours';

export interface Transition {
  lock: MachineLock;
  /** The command still waiting afterwards (a new one after a request). */
  pending: MachineCommand | null;
  /** The change to the (pending) command's row, if any. */
  command: CommandChange | null;
  /** A new command to insert (request). */
  created: MachineCommand | null;
  events: LockHistoryEvent[];
  /** A tamper alarm for the occupant of the lock. */
  alarm: { partyId: string; bikeId: string | null } | null;
  /** Why a request was refused (nothing else changes then). */
  refused: LockRefusal | null;
  /** Whether anything a person sees may have changed (the live channel is told). */
  changed: boolean;
}

/** Whether the lock counts as online at `now`: connected, and heard from within LOCK_OFFLINE_AFTER_SECONDS. */
export function lockOnline(lock: Pick<MachineLock, 'connected' | 'reportedAt'>, now: Date): boolean {
  return lock.connected && lock.reportedAt !== null && now.getTime() - lock.reportedAt.getTime() <= LOCK_OFFLINE_AFTER_SECONDS * 1000;
}

export function step(lock: MachineLock, pending: MachineCommand | null, input: LockInput, now: Date): Transition {
  const out: Transition = {
    lock: { ...lock },
    pending,
    command: null,
    created: null,
    events: [],
    alarm: null,
    refused: null,
    changed: false,
  };
  const finish = (status: 'done' | 'failed', failure: LockCommandFailure | null) => {
    if (!out.pending) return;
    const command = out.pending;
    out.command = { id: command.id, status, failure, finishedAt: now };
    out.events.push({ kind: 'command', partyId: command.partyId, detail: { command_id: command.id, kind: command.kind, status, failure } });
    out.pending = null;
    out.changed = true;
  };
  const applyState = (state: LockReportedState, timedOutLock: TimedOutLock | null) => {
    const before = out.lock.reportedState;
    out.lock.reportedState = state;
    if (before !== state) {
      out.events.push({ kind: 'state', partyId: null, detail: { from: before, to: state } });
      out.changed = true;
    }
    const command = out.pending;
    if (state === 'open') {
      out.lock.occupantPartyId = null;
      out.lock.occupantBikeId = null;
    } else if (command?.kind === 'lock') {
      out.lock.occupantPartyId = command.partyId;
      out.lock.occupantBikeId = command.bikeId;
    } else if (before !== 'closed' && !command) {
      // Closed with no command waiting: the person of a lock command that timed out just before, or nobody known.
      out.lock.occupantPartyId = timedOutLock?.partyId ?? null;
      out.lock.occupantBikeId = timedOutLock?.bikeId ?? null;
    }
    if (command && LOCK_DESIRED[command.kind] === state) finish('done', null);
  };

  // A deadline passed before this word from the device: the command failed by then, whatever the word says.
  let justTimedOut: TimedOutLock | null = null;
  if (input.type !== 'request' && out.pending && out.pending.deadlineAt.getTime() <= now.getTime()) {
    if (out.pending.kind === 'lock') justTimedOut = { partyId: out.pending.partyId, bikeId: out.pending.bikeId };
    finish('failed', 'timeout');
  }

  switch (input.type) {
    case 'request': {
      if (out.pending) return { ...out, refused: 'lock_busy' };
      if (!lockOnline(lock, now)) return { ...out, refused: 'lock_offline' };
      if (input.kind === 'lock' && lock.reportedState !== 'open') return { ...out, refused: 'lock_occupied' };
      if (input.kind === 'unlock' && (lock.reportedState !== 'closed' || lock.occupantPartyId !== input.partyId))
        return { ...out, refused: 'lock_not_yours' };
      const created: MachineCommand = {
        id: input.id,
        kind: input.kind,
        status: 'sent',
        partyId: input.partyId,
        bikeId: input.bikeId,
        deadlineAt: new Date(now.getTime() + LOCK_COMMAND_TIMEOUT_SECONDS * 1000),
      };
      out.created = created;
      out.pending = created;
      out.lock.desiredState = LOCK_DESIRED[input.kind];
      out.events.push({ kind: 'command', partyId: input.partyId, detail: { command_id: input.id, kind: input.kind, status: 'sent' } });
      out.changed = true;
      return out;
    }
    case 'hello': {
      // A new connection: its sequence numbers start again.
      if (!lock.connected) out.events.push({ kind: 'connected', partyId: null, detail: { state: input.state } });
      out.lock.connected = true;
      out.lock.reportedAt = now;
      out.lock.reportedSeq = 0;
      out.changed = true;
      applyState(input.state, null);
      return out;
    }
    case 'state': {
      out.lock.reportedAt = now;
      out.changed = true;
      if (lock.reportedSeq !== null && input.seq <= lock.reportedSeq) {
        out.events.push({
          kind: 'report_ignored',
          partyId: null,
          detail: { seq: input.seq, last_seq: lock.reportedSeq, state: input.state },
        });
        return out;
      }
      out.lock.reportedSeq = input.seq;
      applyState(input.state, justTimedOut ?? input.timedOutLock ?? null);
      return out;
    }
    case 'heartbeat': {
      out.lock.reportedAt = now;
      out.changed = true;
      return out;
    }
    case 'ack': {
      out.lock.reportedAt = now;
      out.changed = true;
      if (out.pending?.id === input.commandId && out.pending.status === 'sent') {
        out.pending = { ...out.pending, status: 'received' };
        out.command = { id: input.commandId, status: 'received', failure: null, receivedAt: now };
        out.events.push({
          kind: 'command',
          partyId: out.pending.partyId,
          detail: { command_id: input.commandId, kind: out.pending.kind, status: 'received' },
        });
      }
      return out;
    }
    case 'result': {
      out.lock.reportedAt = now;
      out.changed = true;
      // A success is not "done": that waits for the state report. A failure ends the command.
      if (out.pending?.id === input.commandId && !input.ok) {
        const kind = out.pending.kind;
        finish('failed', 'device_error');
        const last = out.events.at(-1);
        if (last) last.detail = { ...last.detail, kind, error: input.error ?? null };
      }
      return out;
    }
    case 'disconnected': {
      if (lock.connected) {
        out.events.push({ kind: 'disconnected', partyId: null, detail: {} });
        out.changed = true;
      }
      out.lock.connected = false;
      out.lock.reportedSeq = null;
      finish('failed', 'offline');
      return out;
    }
    case 'tick': {
      if (lock.connected && !lockOnline(lock, now)) {
        // Silent too long: offline, as if the connection had closed.
        out.events.push({ kind: 'silent', partyId: null, detail: { reported_at: lock.reportedAt?.toISOString() ?? null } });
        out.lock.connected = false;
        out.lock.reportedSeq = null;
        out.changed = true;
        finish('failed', 'offline');
      }
      return out;
    }
    case 'tamper': {
      out.lock.reportedAt = now;
      out.changed = true;
      out.events.push({
        kind: 'alarm',
        partyId: lock.occupantPartyId,
        detail: { kind: 'tamper', bike_id: lock.occupantBikeId, state: lock.reportedState },
      });
      if (lock.reportedState === 'closed' && lock.occupantPartyId)
        out.alarm = { partyId: lock.occupantPartyId, bikeId: lock.occupantBikeId };
      return out;
    }
  }
}
