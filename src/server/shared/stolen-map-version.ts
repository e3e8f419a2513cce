import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { stolenMapVersion } from '../db/schema.js';

// The set of stolen bikes changes only through these calls: every change (a report, a found bike, a stolen
// bike deleted) bumps the version in its own transaction, and each instance rebuilds its cached map data
// when the version it read differs from the one it built from. One primary-key read per map call.

/** Call inside the transaction that changes which bikes are stolen (or where). */
export async function bumpStolenMapVersion(tx: Db): Promise<void> {
  await tx
    .update(stolenMapVersion)
    .set({ version: sql`${stolenMapVersion.version} + 1` })
    .where(eq(stolenMapVersion.id, 1));
}

// Prepared: every map call reads it, so PostgreSQL plans it once per connection.
const versionQuery = preparedQuery((db) =>
  db.select({ version: stolenMapVersion.version }).from(stolenMapVersion).where(eq(stolenMapVersion.id, 1)).prepare('stolen_map_version'),
);

export async function readStolenMapVersion(db: Db): Promise<number> {
  const [row] = await versionQuery(db).execute();
  return row?.version ?? 0;
}
