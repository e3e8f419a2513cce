import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { LockCommandView } from '../../domain/docks.js';
import {
  type LockInput,
  type MachineCommand,
  type MachineLock,
  step,
  type TimedOutLock,
  type Transition,
} from '../../domain/lock-machine.js';
import type { Db } from '../db/client.js';
import { dockAlarms, lockCommands, lockEvents, locks } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// The lock state machine's side with I/O (issue 16): reads a lock's row under a row lock, asks domain/lock-machine.ts
// what happens, writes the answer (lock row, command row, history, alarm) in the same transaction, and tells every
// instance at commit: LOCK_EVENTS_CHANNEL for browsers (live.ts), LOCK_COMMANDS_CHANNEL for the instance that holds
// the device's socket (device-hub.ts). The row lock serialises everything that happens to one lock across instances.

export const LOCK_EVENTS_CHANNEL = 'lock_events';
export const LOCK_COMMANDS_CHANNEL = 'lock_commands';

/** What goes through LOCK_EVENTS_CHANNEL: ids only; listeners read the rest. */
export interface LockEventNotice {
  lock_id: string;
  dock_id: string;
  command_id: string | null;
  alarm_id: string | null;
}

/** What goes through LOCK_COMMANDS_CHANNEL: the command for the device. */
export interface LockCommandNotice {
  lock_id: string;
  command_id: string;
  kind: 'lock' | 'unlock';
}

type LockRow = typeof locks.$inferSelect;
type CommandRow = typeof lockCommands.$inferSelect;

/** A lock command that timed out this recently is who a late `closed` report is for. */
const LATE_CLOSED_WITHIN_MS = 5 * 60_000;

export interface Applied {
  transition: Transition;
  lock: LockRow;
  /** The command written or changed, after the change. */
  command: CommandRow | null;
  alarmId: string | null;
}

export interface ApplyOptions {
  /** A device's connection: its words count only while it is the lock's current one (hello makes it so). */
  connectionId?: string;
  now?: Date;
}

/**
 * Applies one input to a lock, or returns null when the lock is gone or the input comes from a connection that no
 * longer holds it. A request refused by the machine throws its AppError.
 */
export async function applyToLock(db: Db, lockId: string, input: LockInput, options: ApplyOptions = {}): Promise<Applied | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(locks).where(eq(locks.id, lockId)).for('update');
    if (!row) return null;
    const fromDevice = options.connectionId !== undefined;
    if (fromDevice && input.type !== 'hello' && row.connectionId !== options.connectionId) return null;
    const [pendingRow] = await tx
      .select()
      .from(lockCommands)
      .where(and(eq(lockCommands.lockId, lockId), inArray(lockCommands.status, ['sent', 'received'])));
    const pending = pendingRow ? toMachineCommand(pendingRow) : null;
    let machineInput = input;
    if (input.type === 'state' && input.state === 'closed' && !pending && row.reportedState !== 'closed') {
      machineInput = { ...input, timedOutLock: await recentTimedOutLock(tx, lockId, now) };
    }
    const transition = step(toMachineLock(row), pending, machineInput, now);
    if (transition.refused) throw new AppError(transition.refused);

    const lockChanges: Partial<LockRow> = { ...transition.lock };
    if (input.type === 'hello') lockChanges.connectionId = options.connectionId ?? null;
    if (input.type === 'disconnected' || (input.type === 'tick' && !transition.lock.connected)) lockChanges.connectionId = null;
    const [lock] = await tx.update(locks).set(lockChanges).where(eq(locks.id, lockId)).returning();
    if (!lock) return null;

    let command: CommandRow | null = null;
    if (transition.created) {
      const created = transition.created;
      const inserted = await tx
        .insert(lockCommands)
        .values({
          id: created.id,
          lockId,
          kind: created.kind,
          partyId: created.partyId,
          bikeId: created.bikeId,
          status: 'sent',
          createdAt: now,
          deadlineAt: created.deadlineAt,
        })
        .onConflictDoNothing()
        .returning();
      // The partial unique index holds one waiting command per lock, also against a request on another instance.
      if (!inserted[0]) throw new AppError('lock_busy');
      command = inserted[0];
    } else if (transition.command) {
      const change = transition.command;
      // Conditional: only a command still waiting changes, so two instances never both finish one.
      const [updated] = await tx
        .update(lockCommands)
        .set({
          status: change.status,
          failure: change.failure,
          ...(change.receivedAt ? { receivedAt: change.receivedAt } : {}),
          ...(change.finishedAt ? { finishedAt: change.finishedAt } : {}),
        })
        .where(and(eq(lockCommands.id, change.id), inArray(lockCommands.status, ['sent', 'received'])))
        .returning();
      command = updated ?? null;
    }

    if (transition.events.length > 0) {
      await tx
        .insert(lockEvents)
        .values(transition.events.map((e) => ({ lockId, kind: e.kind, partyId: e.partyId, detail: e.detail, at: now })));
    }
    let alarmId: string | null = null;
    if (transition.alarm) {
      const [alarm] = await tx
        .insert(dockAlarms)
        .values({ lockId, partyId: transition.alarm.partyId, bikeId: transition.alarm.bikeId, raisedAt: now })
        .returning({ id: dockAlarms.id });
      alarmId = alarm?.id ?? null;
    }
    if (transition.changed || command || alarmId) {
      const notice: LockEventNotice = { lock_id: lockId, dock_id: lock.dockId, command_id: command?.id ?? null, alarm_id: alarmId };
      await tx.execute(sql`select pg_notify(${LOCK_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
    }
    if (transition.created) {
      const notice: LockCommandNotice = { lock_id: lockId, command_id: transition.created.id, kind: transition.created.kind };
      await tx.execute(sql`select pg_notify(${LOCK_COMMANDS_CHANNEL}, ${JSON.stringify(notice)})`);
    }
    return { transition, lock, command, alarmId };
  });
}

/**
 * The deadlines (run by every instance's timer, deadlines.ts): commands past their deadline fail with `timeout`, and
 * locks connected but silent past LOCK_OFFLINE_AFTER_SECONDS go offline (their command fails with `offline`). Each
 * goes through applyToLock, whose row lock and conditional command update make one instance do it, once.
 */
export async function expireDue(db: Db, offlineAfterSeconds: number, now = new Date()): Promise<number> {
  const silentSince = new Date(now.getTime() - offlineAfterSeconds * 1000);
  const due = await db
    .selectDistinct({ lockId: locks.id })
    .from(locks)
    .leftJoin(lockCommands, and(eq(lockCommands.lockId, locks.id), inArray(lockCommands.status, ['sent', 'received'])))
    .where(
      or(
        and(isNotNull(lockCommands.id), lte(lockCommands.deadlineAt, now)),
        and(eq(locks.connected, true), or(sql`${locks.reportedAt} is null`, lte(locks.reportedAt, silentSince))),
      ),
    );
  let changed = 0;
  for (const { lockId } of due) {
    const applied = await applyToLock(db, lockId, { type: 'tick' }, { now });
    if (applied?.transition.changed) changed += 1;
  }
  return changed;
}

async function recentTimedOutLock(tx: Db, lockId: string, now: Date): Promise<TimedOutLock | null> {
  const [last] = await tx.select().from(lockCommands).where(eq(lockCommands.lockId, lockId)).orderBy(desc(lockCommands.createdAt)).limit(1);
  if (last?.kind !== 'lock' || last.status !== 'failed' || last.failure !== 'timeout' || !last.finishedAt) return null;
  if (now.getTime() - last.finishedAt.getTime() > LATE_CLOSED_WITHIN_MS) return null;
  return { partyId: last.partyId, bikeId: last.bikeId };
}

function toMachineLock(row: LockRow): MachineLock {
  return {
    reportedState: row.reportedState,
    reportedAt: row.reportedAt,
    reportedSeq: row.reportedSeq,
    connected: row.connected,
    desiredState: row.desiredState,
    occupantPartyId: row.occupantPartyId,
    occupantBikeId: row.occupantBikeId,
  };
}

function toMachineCommand(row: CommandRow): MachineCommand {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'received' ? 'received' : 'sent',
    partyId: row.partyId,
    bikeId: row.bikeId,
    deadlineAt: row.deadlineAt,
  };
}

export function toCommandView(row: CommandRow): LockCommandView {
  return {
    id: row.id,
    lock_id: row.lockId,
    kind: row.kind,
    status: row.status,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
