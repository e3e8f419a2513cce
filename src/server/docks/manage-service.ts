import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type LockCommandFailure, type LockCommandKind, lockViewState } from '../../domain/docks.js';
import {
  type BackofficeDockInput,
  type DockChange,
  type DockInput,
  LOCK_HISTORY_PAGE_SIZE,
  type LockCommandPage,
  type LockEventPage,
  type LockWithSecret,
  type ManagedDock,
  type ManagedDockDetail,
  type ManagedLock,
} from '../../domain/docks-manage.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { docks, lockCommands, lockEvents, locks, organisationMembers, organisations } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';
import { LOCK_REVOKED_CHANNEL, newLockSecret } from './lock-secret.js';

// Managing docks and locks (issue 16). Two kinds of manager reach the same calls: staff (every dock; each change
// audited like other backoffice changes) and an organisation's admin acting as the organisation (its own docks
// only; another's dock is simply not found). A lock's device secret is answered once, only its hash is kept.

/** Who manages: staff, or the organisation the caller acts as (checked to be its admin by `organisationManager`). */
export type Manager = { kind: 'staff'; caller: Caller } | { kind: 'organisation'; caller: Caller; organisationPartyId: string };

/** The caller as the manager of their organisation's docks: acting as an organisation they are an admin of. */
export async function organisationManager(ctx: AppContext, caller: Caller): Promise<Manager> {
  if (caller.actingPartyId === caller.partyId) throw new AppError('organisation_admin_required');
  const [membership] = await ctx.db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationPartyId, caller.actingPartyId), eq(organisationMembers.identityPartyId, caller.partyId)));
  if (membership?.role !== 'admin') throw new AppError('organisation_admin_required');
  return { kind: 'organisation', caller, organisationPartyId: caller.actingPartyId };
}

/** A viewer id that is nobody's: the managers' view of a lock never says "occupied by me". */
const NOBODY = '00000000-0000-0000-0000-000000000000';

type LockRow = typeof locks.$inferSelect;
type DockRow = typeof docks.$inferSelect;

async function pendingCommands(db: Db, lockIds: string[]): Promise<Map<string, LockCommandKind>> {
  if (lockIds.length === 0) return new Map();
  const rows = await db
    .select({ lockId: lockCommands.lockId, kind: lockCommands.kind })
    .from(lockCommands)
    .where(and(inArray(lockCommands.lockId, lockIds), inArray(lockCommands.status, ['sent', 'received'])));
  return new Map(rows.map((r) => [r.lockId, r.kind]));
}

function toManagedLock(row: LockRow, pending: LockCommandKind | null, now: Date): ManagedLock {
  return {
    id: row.id,
    dock_id: row.dockId,
    label: row.label,
    state: lockViewState(
      {
        reportedState: row.reportedState,
        reportedAt: row.reportedAt,
        connected: row.connected,
        occupantPartyId: row.occupantPartyId,
        pendingCommand: pending,
      },
      NOBODY,
      now,
    ),
    reported_state: row.reportedState,
    connected: row.connected,
    last_reported_at: row.reportedAt?.toISOString() ?? null,
    holds_bike: row.occupantBikeId !== null,
    pending_command: pending,
    created_at: row.createdAt.toISOString(),
  };
}

async function locksOf(db: Db, dockIds: string[]): Promise<Map<string, ManagedLock[]>> {
  const byDock = new Map<string, ManagedLock[]>(dockIds.map((id) => [id, []]));
  if (dockIds.length === 0) return byDock;
  const rows = await db.select().from(locks).where(inArray(locks.dockId, dockIds)).orderBy(asc(locks.label));
  const pending = await pendingCommands(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  for (const row of rows) byDock.get(row.dockId)?.push(toManagedLock(row, pending.get(row.id) ?? null, now));
  return byDock;
}

function toManagedDock(row: DockRow, organisationName: string, dockLocks: ManagedLock[]): ManagedDock {
  return {
    id: row.id,
    owner_party_id: row.ownerPartyId,
    organisation_name: organisationName,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    access: row.access,
    published: row.published,
    lock_count: dockLocks.length,
    free_count: dockLocks.filter((l) => l.state === 'free').length,
    created_at: row.createdAt.toISOString(),
  };
}

const dockColumns = { dock: docks, organisationName: organisations.name };

/** The docks the manager manages, by name. */
export async function listManagedDocks(ctx: AppContext, manager: Manager): Promise<ManagedDock[]> {
  const rows = await ctx.db
    .select(dockColumns)
    .from(docks)
    .innerJoin(organisations, eq(organisations.partyId, docks.ownerPartyId))
    .where(manager.kind === 'organisation' ? eq(docks.ownerPartyId, manager.organisationPartyId) : undefined)
    .orderBy(asc(docks.name), asc(docks.createdAt));
  const byDock = await locksOf(
    ctx.db,
    rows.map((r) => r.dock.id),
  );
  return rows.map((r) => toManagedDock(r.dock, r.organisationName, byDock.get(r.dock.id) ?? []));
}

/** The dock, if the manager manages it; else dock_not_found (another organisation's dock is not told apart from none). */
async function managedDockRow(db: Db, manager: Manager, dockId: string): Promise<{ dock: DockRow; organisationName: string }> {
  if (!isUuid(dockId)) throw new AppError('dock_not_found');
  const [row] = await db
    .select(dockColumns)
    .from(docks)
    .innerJoin(organisations, eq(organisations.partyId, docks.ownerPartyId))
    .where(
      manager.kind === 'organisation'
        ? and(eq(docks.id, dockId), eq(docks.ownerPartyId, manager.organisationPartyId))
        : eq(docks.id, dockId),
    );
  if (!row) throw new AppError('dock_not_found');
  return row;
}

export async function readManagedDock(ctx: AppContext, manager: Manager, dockId: string): Promise<ManagedDockDetail> {
  const { dock, organisationName } = await managedDockRow(ctx.db, manager, dockId);
  const dockLocks = (await locksOf(ctx.db, [dock.id])).get(dock.id) ?? [];
  return { ...toManagedDock(dock, organisationName, dockLocks), locks: dockLocks };
}

const auditedDock = (row: DockRow) => ({
  owner_party_id: row.ownerPartyId,
  name: row.name,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  access: row.access,
  published: row.published,
});

/** Creates a dock: staff name its owner (an organisation), an organisation's admin creates one of their organisation. */
export async function createDock(ctx: AppContext, manager: Manager, input: DockInput | BackofficeDockInput): Promise<string> {
  const owner = manager.kind === 'organisation' ? manager.organisationPartyId : (input as BackofficeDockInput).owner_party_id;
  return ctx.db.transaction(async (tx) => {
    const [organisation] = await tx.select({ id: organisations.partyId }).from(organisations).where(eq(organisations.partyId, owner));
    if (!organisation) throw new AppError('organisation_not_found', 'owner_party_id');
    const [row] = await tx
      .insert(docks)
      .values({
        ownerPartyId: owner,
        name: input.name,
        address: input.address,
        latitude: input.latitude,
        longitude: input.longitude,
        access: input.access,
        published: input.published,
      })
      .returning();
    if (!row) throw new Error('dock insert returned nothing');
    if (manager.kind === 'staff')
      await auditStaffChange(tx, manager.caller, {
        action: 'dock.create',
        record: { type: 'dock', id: row.id },
        targetPartyId: owner,
        before: null,
        after: auditedDock(row),
      });
    return row.id;
  });
}

export async function changeDock(ctx: AppContext, manager: Manager, dockId: string, change: DockChange): Promise<void> {
  const fields = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(fields).length === 0) throw new AppError('no_changes');
  await ctx.db.transaction(async (tx) => {
    const { dock } = await managedDockRow(tx, manager, dockId);
    const [row] = await tx
      .update(docks)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(docks.id, dock.id))
      .returning();
    if (manager.kind === 'staff' && row)
      await auditStaffChange(tx, manager.caller, {
        action: 'dock.update',
        record: { type: 'dock', id: dock.id },
        targetPartyId: dock.ownerPartyId,
        before: auditedDock(dock),
        after: auditedDock(row),
      });
  });
}

async function managedLockRow(db: Db, manager: Manager, dockId: string, lockId: string): Promise<{ dock: DockRow; lock: LockRow }> {
  const { dock } = await managedDockRow(db, manager, dockId);
  if (!isUuid(lockId)) throw new AppError('lock_not_found');
  const [lock] = await db
    .select()
    .from(locks)
    .where(and(eq(locks.id, lockId), eq(locks.dockId, dock.id)));
  if (!lock) throw new AppError('lock_not_found');
  return { dock, lock };
}

async function tellDeviceHub(tx: Db, lockId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LOCK_REVOKED_CHANNEL}, ${lockId})`);
}

/** Adds a lock to the dock; the answer carries its device secret, this once. 422 lock_label_taken when the dock has that label. */
export async function addLock(ctx: AppContext, manager: Manager, dockId: string, label: string): Promise<LockWithSecret> {
  const { secret, secretHash } = newLockSecret();
  const row = await ctx.db
    .transaction(async (tx) => {
      const { dock } = await managedDockRow(tx, manager, dockId);
      const [taken] = await tx
        .select({ id: locks.id })
        .from(locks)
        .where(and(eq(locks.dockId, dock.id), sql`lower(${locks.label}) = lower(${label})`));
      if (taken) throw new AppError('lock_label_taken', 'label');
      const [created] = await tx.insert(locks).values({ dockId: dock.id, label, secretHash }).returning();
      if (!created) throw new Error('lock insert returned nothing');
      await tx.insert(lockEvents).values({ lockId: created.id, kind: 'added', partyId: manager.caller.partyId, detail: { label } });
      if (manager.kind === 'staff')
        await auditStaffChange(tx, manager.caller, {
          action: 'lock.create',
          record: { type: 'lock', id: created.id },
          targetPartyId: dock.ownerPartyId,
          before: null,
          after: { dock_id: dock.id, label },
        });
      return created;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('lock_label_taken', 'label');
      throw err;
    });
  return { lock: toManagedLock(row, null, new Date()), secret };
}

/** A new device secret: the old one stops working, and the device's open connection is closed (LOCK_REVOKED_CHANNEL). */
export async function rotateLockSecret(ctx: AppContext, manager: Manager, dockId: string, lockId: string): Promise<LockWithSecret> {
  const { secret, secretHash } = newLockSecret();
  const { row, pending } = await ctx.db.transaction(async (tx) => {
    const { dock, lock } = await managedLockRow(tx, manager, dockId, lockId);
    const [updated] = await tx.update(locks).set({ secretHash }).where(eq(locks.id, lock.id)).returning();
    if (!updated) throw new AppError('lock_not_found');
    await tx.insert(lockEvents).values({ lockId: lock.id, kind: 'secret_rotated', partyId: manager.caller.partyId, detail: {} });
    if (manager.kind === 'staff')
      await auditStaffChange(tx, manager.caller, {
        action: 'lock.rotate_secret',
        record: { type: 'lock', id: lock.id },
        targetPartyId: dock.ownerPartyId,
        before: null,
        after: null,
        data: { dock_id: dock.id, label: lock.label },
      });
    await tellDeviceHub(tx, lock.id);
    return { row: updated, pending: (await pendingCommands(tx, [lock.id])).get(lock.id) ?? null };
  });
  return { lock: toManagedLock(row, pending, new Date()), secret };
}

/** Removes a lock: refused (409 lock_holds_bike) while a bike is locked in it. */
export async function removeLock(ctx: AppContext, manager: Manager, dockId: string, lockId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { dock, lock } = await managedLockRow(tx, manager, dockId, lockId);
    const [current] = await tx.select().from(locks).where(eq(locks.id, lock.id)).for('update');
    if (!current) throw new AppError('lock_not_found');
    if (current.occupantBikeId !== null || current.occupantPartyId !== null) throw new AppError('lock_holds_bike');
    await tx.delete(locks).where(eq(locks.id, lock.id));
    if (manager.kind === 'staff')
      await auditStaffChange(tx, manager.caller, {
        action: 'lock.delete',
        record: { type: 'lock', id: lock.id },
        targetPartyId: dock.ownerPartyId,
        before: { dock_id: dock.id, label: lock.label },
        after: null,
      });
    await tellDeviceHub(tx, lock.id);
  });
}

/** The lock's history, newest first, a page at a time. */
export async function lockHistory(
  ctx: AppContext,
  manager: Manager,
  dockId: string,
  lockId: string,
  offset: number,
): Promise<LockEventPage> {
  const { lock } = await managedLockRow(ctx.db, manager, dockId, lockId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(lockEvents)
      .where(eq(lockEvents.lockId, lock.id))
      .orderBy(desc(lockEvents.at), desc(lockEvents.id))
      .limit(LOCK_HISTORY_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(lockEvents).where(eq(lockEvents.lockId, lock.id)),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, kind: r.kind, at: r.at.toISOString(), detail: (r.detail ?? {}) as Record<string, unknown> })),
    total: total?.n ?? 0,
    offset,
    page_size: LOCK_HISTORY_PAGE_SIZE,
  };
}

/** The lock's commands, newest first, a page at a time (who asked is not shown: the managers see what the lock did). */
export async function lockCommandHistory(
  ctx: AppContext,
  manager: Manager,
  dockId: string,
  lockId: string,
  offset: number,
): Promise<LockCommandPage> {
  const { lock } = await managedLockRow(ctx.db, manager, dockId, lockId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(lockCommands)
      .where(eq(lockCommands.lockId, lock.id))
      .orderBy(desc(lockCommands.createdAt), desc(lockCommands.id))
      .limit(LOCK_HISTORY_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(lockCommands).where(eq(lockCommands.lockId, lock.id)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      lock_id: r.lockId,
      kind: r.kind,
      status: r.status,
      failure: r.failure as LockCommandFailure | null,
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    offset,
    page_size: LOCK_HISTORY_PAGE_SIZE,
  };
}
