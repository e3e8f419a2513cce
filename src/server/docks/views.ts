import { and, asc, desc, eq, exists, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DockDetail, DockSummary, LockView } from '../../domain/docks.js';
import { LOCK_OFFLINE_AFTER_SECONDS, lockViewState } from '../../domain/docks.js';
import type { Language } from '../../domain/locale.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, docks, lockCommands, locks, organisationMembers, organisations } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { bikeLabel } from '../shared/bike-words.js';
import { toCommandView } from './lock-service.js';

// What a person sees of docks and locks (issue 16): the docks they may use — their organisation's (any role) and the
// public ones (access everyone) — and each lock by lockViewState. A dock they may not use is not found, and neither
// is anything in it.

type DockRow = typeof docks.$inferSelect;
type LockRow = typeof locks.$inferSelect;

/** The viewer: the person (their own party) and the language bike labels are written in. */
export interface Viewer {
  partyId: string;
  language: Language;
}

/** A finished command is still shown as the viewer's for this long (the page tells how it went). */
const MY_COMMAND_SHOWN_MS = LOCK_OFFLINE_AFTER_SECONDS * 1000;

/** Members of the owning organisation, anyone for a public dock, and whoever has a bike in one of its locks (a person
 * who left the organisation, or a dock made members-only, still gets their bike out). */
function usableBy(partyId: string) {
  return or(
    eq(docks.access, 'everyone'),
    exists(
      sql`(select 1 from ${organisationMembers} where ${organisationMembers.organisationPartyId} = ${docks.ownerPartyId} and ${organisationMembers.identityPartyId} = ${partyId})`,
    ),
    exists(sql`(select 1 from ${locks} where ${locks.dockId} = ${docks.id} and ${locks.occupantPartyId} = ${partyId})`),
  );
}

/** The dock, if this person may use it; else dock_not_found. */
export async function usableDock(db: Db, partyId: string, dockId: string): Promise<DockRow & { organisationName: string }> {
  const [row] = await db
    .select({ dock: docks, organisationName: organisations.name })
    .from(docks)
    .innerJoin(organisations, eq(organisations.partyId, docks.ownerPartyId))
    .where(and(eq(docks.id, dockId), usableBy(partyId)));
  if (!row) throw new AppError('dock_not_found');
  return { ...row.dock, organisationName: row.organisationName };
}

/** The lock of a dock this person may use; else dock_not_found / lock_not_found. */
export async function usableLock(db: Db, partyId: string, dockId: string, lockId: string): Promise<{ dock: DockRow; lock: LockRow }> {
  const dock = await usableDock(db, partyId, dockId);
  const [lock] = await db
    .select()
    .from(locks)
    .where(and(eq(locks.id, lockId), eq(locks.dockId, dockId)));
  if (!lock) throw new AppError('lock_not_found');
  return { dock, lock };
}

export async function listDocks(db: Db, partyId: string, now = new Date()): Promise<DockSummary[]> {
  const rows = await db
    .select({ dock: docks, organisationName: organisations.name })
    .from(docks)
    .innerJoin(organisations, eq(organisations.partyId, docks.ownerPartyId))
    .where(usableBy(partyId))
    .orderBy(asc(docks.name));
  if (rows.length === 0) return [];
  const lockRows = await db
    .select()
    .from(locks)
    .where(
      inArray(
        locks.dockId,
        rows.map((r) => r.dock.id),
      ),
    );
  const pending = await pendingKinds(
    db,
    lockRows.map((l) => l.id),
  );
  return rows.map(({ dock, organisationName }) => {
    const mine = lockRows.filter((l) => l.dockId === dock.id);
    return summary(
      dock,
      organisationName,
      mine.length,
      mine.filter((l) => viewState(l, pending.get(l.id) ?? null, partyId, now) === 'free').length,
    );
  });
}

export async function dockDetail(db: Db, viewer: Viewer, dockId: string, now = new Date()): Promise<DockDetail> {
  const dock = await usableDock(db, viewer.partyId, dockId);
  const lockRows = await db.select().from(locks).where(eq(locks.dockId, dockId)).orderBy(asc(locks.label));
  const views = await lockViews(db, viewer, lockRows, now);
  return {
    ...summary(dock, dock.organisationName, views.length, views.filter((v) => v.state === 'free').length),
    locks: views,
  };
}

/** The locks as this viewer sees them now. */
export async function lockViews(db: Db, viewer: Viewer, lockRows: LockRow[], now = new Date()): Promise<LockView[]> {
  if (lockRows.length === 0) return [];
  const ids = lockRows.map((l) => l.id);
  const pending = await pendingKinds(db, ids);
  const commands = await db
    .select()
    .from(lockCommands)
    .where(
      and(
        inArray(lockCommands.lockId, ids),
        eq(lockCommands.partyId, viewer.partyId),
        or(inArray(lockCommands.status, ['sent', 'received']), gte(lockCommands.finishedAt, new Date(now.getTime() - MY_COMMAND_SHOWN_MS))),
      ),
    )
    .orderBy(desc(lockCommands.createdAt));
  const myBikeIds = lockRows.filter((l) => l.occupantPartyId === viewer.partyId && l.occupantBikeId).map((l) => l.occupantBikeId as string);
  const labels = await bikeLabels(db, viewer, myBikeIds);
  return lockRows.map((lock) => {
    const command = commands.find((c) => c.lockId === lock.id);
    const mine = lock.occupantPartyId === viewer.partyId && lock.occupantBikeId !== null && lock.reportedState === 'closed';
    return {
      id: lock.id,
      dock_id: lock.dockId,
      label: lock.label,
      state: viewState(lock, pending.get(lock.id) ?? null, viewer.partyId, now),
      my_bike: mine && lock.occupantBikeId ? { id: lock.occupantBikeId, label: labels.get(lock.occupantBikeId) ?? '' } : null,
      last_reported_at: lock.reportedAt?.toISOString() ?? null,
      my_command: command ? toCommandView(command) : null,
    };
  });
}

/** The viewer's own bikes that may be locked in: owned now, not reported stolen, in no lock and in no waiting lock command. */
export async function lockableBikes(db: Db, viewer: Viewer): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .select({ bike: bikes, nickname: bikeOwnerships.nickname })
    .from(bikeOwnerships)
    .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(
      and(
        eq(bikeOwnerships.partyId, viewer.partyId),
        isNull(bikeOwnerships.endedAt),
        eq(bikes.reportedStolen, false),
        sql`not exists (select 1 from ${locks} where ${locks.occupantBikeId} = ${bikes.id})`,
        sql`not exists (select 1 from ${lockCommands} where ${lockCommands.bikeId} = ${bikes.id} and ${lockCommands.kind} = 'lock' and ${lockCommands.status} in ('sent', 'received'))`,
      ),
    )
    .orderBy(asc(bikeOwnerships.startedAt));
  return rows.map((r) => ({ id: r.bike.id, label: r.nickname ?? bikeLabel(viewer.language, r.bike) }));
}

async function bikeLabels(db: Db, viewer: Viewer, bikeIds: string[]): Promise<Map<string, string>> {
  if (bikeIds.length === 0) return new Map();
  const rows = await db
    .select({ bike: bikes, nickname: bikeOwnerships.nickname })
    .from(bikes)
    .leftJoin(
      bikeOwnerships,
      and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt), eq(bikeOwnerships.partyId, viewer.partyId)),
    )
    .where(inArray(bikes.id, bikeIds));
  return new Map(rows.map((r) => [r.bike.id, r.nickname ?? bikeLabel(viewer.language, r.bike)]));
}

async function pendingKinds(db: Db, lockIds: string[]): Promise<Map<string, 'lock' | 'unlock'>> {
  if (lockIds.length === 0) return new Map();
  const rows = await db
    .select({ lockId: lockCommands.lockId, kind: lockCommands.kind })
    .from(lockCommands)
    .where(and(inArray(lockCommands.lockId, lockIds), inArray(lockCommands.status, ['sent', 'received'])));
  return new Map(rows.map((r) => [r.lockId, r.kind]));
}

function viewState(lock: LockRow, pending: 'lock' | 'unlock' | null, viewerPartyId: string, now: Date) {
  return lockViewState(
    {
      reportedState: lock.reportedState,
      reportedAt: lock.reportedAt,
      connected: lock.connected,
      occupantPartyId: lock.occupantPartyId,
      pendingCommand: pending,
    },
    viewerPartyId,
    now,
  );
}

function summary(dock: DockRow, organisationName: string, lockCount: number, freeCount: number): DockSummary {
  return {
    id: dock.id,
    name: dock.name,
    address: dock.address,
    latitude: dock.latitude,
    longitude: dock.longitude,
    organisation_name: organisationName,
    access: dock.access,
    lock_count: lockCount,
    free_count: freeCount,
  };
}
