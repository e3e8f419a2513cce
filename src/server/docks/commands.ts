import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LockCommandView } from '../../domain/docks.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, lockCommands, locks } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { applyToLock, toCommandView } from './lock-service.js';
import { usableLock } from './views.js';

// A person's lock and unlock (issue 16): checked here (the dock is theirs to use, the bike is theirs and in no other
// lock), then handed to the state machine, which refuses a busy, offline, occupied or someone else's lock.

export type CommandRequest = { kind: 'lock'; bike_id: string } | { kind: 'unlock' };

export async function requestCommand(
  db: Db,
  partyId: string,
  dockId: string,
  lockId: string,
  body: CommandRequest,
): Promise<LockCommandView> {
  await usableLock(db, partyId, dockId, lockId);
  let bikeId: string | null = null;
  if (body.kind === 'lock') {
    bikeId = body.bike_id;
    const [owned] = await db
      .select({ id: bikeOwnerships.bikeId, stolen: bikes.reportedStolen })
      .from(bikeOwnerships)
      .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
      .where(and(eq(bikeOwnerships.bikeId, bikeId), eq(bikeOwnerships.partyId, partyId), isNull(bikeOwnerships.endedAt)));
    if (!owned) throw new AppError('bike_not_found');
    // As the lock page offers: a bike reported stolen is found first.
    if (owned.stolen) throw new AppError('bike_stolen_locked');
    const [docked] = await db.select({ id: locks.id }).from(locks).where(eq(locks.occupantBikeId, bikeId));
    const [waiting] = await db
      .select({ id: lockCommands.id })
      .from(lockCommands)
      .where(and(eq(lockCommands.bikeId, bikeId), eq(lockCommands.kind, 'lock'), inArray(lockCommands.status, ['sent', 'received'])));
    if (docked || waiting) throw new AppError('bike_already_docked');
  }
  const applied = await applyToLock(db, lockId, { type: 'request', id: randomUUID(), kind: body.kind, partyId, bikeId });
  if (!applied?.command) throw new AppError('lock_not_found');
  return toCommandView(applied.command);
}

/** One of the caller's own commands on a lock of a dock they may use; anyone else's is not found. */
export async function commandOf(db: Db, partyId: string, dockId: string, lockId: string, commandId: string): Promise<LockCommandView> {
  await usableLock(db, partyId, dockId, lockId);
  const [row] = await db
    .select()
    .from(lockCommands)
    .where(and(eq(lockCommands.id, commandId), eq(lockCommands.lockId, lockId), eq(lockCommands.partyId, partyId)));
  if (!row) throw new AppError('lock_command_not_found');
  return toCommandView(row);
}
