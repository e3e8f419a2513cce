import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { storageTrash } from '../../db/schema.js';

// Files outlive their rows by a moment: a service deleting a picture, document, equipment or bike puts
// the storage keys into storage_trash in the same transaction as the delete, and the files are removed
// from storage after the commit (emptyTrash). A file is thus never deleted while a row still names it,
// and a storage failure leaves the key in the trash to be retried instead of an orphan nobody knows of.

/** Queues storage keys for removal, inside the caller's transaction. */
export async function trashKeys(tx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(storageTrash)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

/**
 * Every storage key of the bike's pictures (both sizes) and documents (also those of its equipment),
 * queued inside the caller's transaction, before the rows cascade away with the bike.
 */
export async function trashFilesOfBike(tx: Db, bikeId: string): Promise<void> {
  await tx.execute(sql`
    insert into storage_trash (storage_key)
    select storage_key from picture where bike_id = ${bikeId}
    union select thumbnail_key from picture where bike_id = ${bikeId}
    union select storage_key from document where bike_id = ${bikeId}
    on conflict do nothing`);
}

const BATCH = 200;

/**
 * Removes trashed files from storage, then their rows. Safe to call concurrently (also from several
 * instances): removing a missing file is not an error and the keys are never reused. A key whose file
 * cannot be removed stays for the next run.
 */
export async function emptyTrash(ctx: AppContext): Promise<void> {
  for (;;) {
    const rows = await ctx.db.select({ key: storageTrash.storageKey }).from(storageTrash).orderBy(storageTrash.createdAt).limit(BATCH);
    if (rows.length === 0) return;
    const removed: string[] = [];
    for (const { key } of rows) {
      try {
        await ctx.storage.delete(key);
        removed.push(key);
      } catch (err) {
        ctx.log.warn({ err, key }, 'could not remove a trashed file; will retry');
      }
    }
    if (removed.length > 0) await ctx.db.delete(storageTrash).where(inArray(storageTrash.storageKey, removed));
    if (removed.length < rows.length || rows.length < BATCH) return;
  }
}

/** Empties the trash after a commit without failing the request that filled it. */
export async function emptyTrashQuietly(ctx: AppContext): Promise<void> {
  await emptyTrash(ctx).catch((err) => ctx.log.warn({ err }, 'emptying the storage trash failed; will retry'));
}

/**
 * Empties the trash now and then every `everyMs` (what a crash between commit and removal left behind).
 * Returns the stop function (for onClose).
 */
export function startTrashTimer(ctx: AppContext, everyMs = 10 * 60_000): () => void {
  void emptyTrashQuietly(ctx);
  const timer = setInterval(() => void emptyTrashQuietly(ctx), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
