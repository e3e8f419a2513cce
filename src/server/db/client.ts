import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runPreparedOnPglite } from './prepared.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection URL, for a dedicated LISTEN connection (chats/listener.ts). */
  url?: string;
  /** PGlite: the client itself (one process; its listen() delivers NOTIFY). */
  client?: PGlite;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: serialises migrations when several instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_463_021;

export async function openPostgres(url: string, options: { migrate?: boolean; poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle connection that breaks (a server restart, a failover, an administrator) is dropped by the
  // pool and replaced when next needed; without this listener its error would crash the process.
  pool.on('error', () => {});
  // pool.end() does not wait for the connections to be closed; close() below does.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(lock), { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lock.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    url,
    async close() {
      const closed = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
      await pool.end();
      await Promise.all(closed);
    },
  };
}

/**
 * Opens PGlite in dataDir (or in memory when dataDir is undefined). PGlite serves one process only,
 * so a lock file keeps a second process out with a clear message instead of a corrupted data dir.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob | File; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`));
  }
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm, fuzzystrmatch } });
  // pg_trgm finds close frame numbers and plate IDs (search's "did you mean"), fuzzystrmatch ranks them.
  await client.waitReady;
  // The budget's lookups (preparedQuery) as named statements, planned once (db/prepared.ts).
  runPreparedOnPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    client,
    kind: 'pglite',
    async close() {
      if (!client.closed) {
        // Flush to disk so that every acknowledged write survives the process.
        if (dataDir) await client.query('CHECKPOINT');
        await client.close();
      }
      releaseLock();
    },
  };
}

function takeLock(lockFile: string): () => void {
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data directory is in use by process ${pid}. PGlite serves one process only: stop it, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  }
  const fd = openSync(lockFile, 'w');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
