import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../tests/support/global-setup.js';
import { migrationsFolder } from './client.js';

// The migration that moves a bike's nickname, purchase price and purchase date to the ownership that wrote
// them, run on data written before it, on PGlite and (with DATABASE_URL) on PostgreSQL; and run twice.

const TAG_SUFFIX = '_ownership_private_fields';
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const target = journal.entries.findIndex((e) => e.tag.endsWith(TAG_SUFFIX));
const targetSql = () => readFileSync(path.join(migrationsFolder, `${journal.entries[target]?.tag}.sql`), 'utf8');

/** A copy of the migrations folder whose journal stops before the migration under test. */
function migrationsBefore(): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, target) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/**
 * Bikes as the old schema kept them: 1 registered with a nickname by A and handed to B (the values are A's);
 * 2 edited by B after the transfer (B's); 3 with a price from A's registration and a nickname from B's edit;
 * 4 never transferred, without events (seeded): the owner's.
 */
async function writeOldData(query: Query): Promise<void> {
  await query(`insert into party (id, kind) values ('${A}', 'person'), ('${B}', 'person')`);
  const bike = (n: number, columns: string) =>
    query(
      `insert into bike (id, nickname, normal_price_dkk, purchase_date) values ('10000000-0000-4000-8000-00000000000${n}', ${columns})`,
    );
  await bike(1, `'A''s name', 5000, '2020-01-01'`);
  await bike(2, `'B''s name', 7000, null`);
  await bike(3, `'B''s own name', 3000, null`);
  await bike(4, `'Solo', 999, '2021-02-03'`);
  const ownership = (id: string, n: number, party: string, started: string, ended: string | null) =>
    query(
      `insert into bike_ownership (id, bike_id, party_id, started_at, ended_at, end_reason) values ('${id}', '10000000-0000-4000-8000-00000000000${n}', '${party}', '${started}', ${ended ? `'${ended}', 'transferred'` : 'null, null'})`,
    );
  const own = (n: number, who: 'a' | 'b') => `20000000-0000-4000-8000-0000000000${who}${n}`;
  for (const n of [1, 2, 3]) {
    await ownership(own(n, 'a'), n, A, '2024-01-01', '2024-06-01');
    await ownership(own(n, 'b'), n, B, '2024-06-01', null);
  }
  await ownership(own(4, 'a'), 4, A, '2024-01-01', null);
  const event = (n: number, kind: string, who: 'a' | 'b', at: string, fields?: string[]) =>
    query(
      `insert into bike_event (bike_id, kind, ownership_id, created_at, data) values ('10000000-0000-4000-8000-00000000000${n}', '${kind}', '${own(n, who)}', '${at}', ${fields ? `'${JSON.stringify({ fields })}'` : 'null'})`,
    );
  for (const n of [1, 2, 3]) await event(n, 'registered', 'a', '2024-01-01');
  await event(1, 'updated', 'a', '2024-02-01', ['model']);
  await event(2, 'updated', 'a', '2024-02-01', ['nickname', 'normal_price_dkk']);
  await event(2, 'updated', 'b', '2024-07-01', ['nickname', 'normal_price_dkk']);
  await event(3, 'updated', 'b', '2024-07-01', ['nickname']);
}

async function expectMoved(query: Query): Promise<void> {
  const { rows } = await query(
    `select party_id, bike_id, nickname, normal_price_dkk, purchase_date from bike_ownership order by bike_id, started_at`,
  );
  const bike = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
  expect(rows).toEqual([
    { bike_id: bike(1), party_id: A, nickname: "A's name", normal_price_dkk: 5000, purchase_date: '2020-01-01' },
    { bike_id: bike(1), party_id: B, nickname: null, normal_price_dkk: null, purchase_date: null },
    { bike_id: bike(2), party_id: A, nickname: null, normal_price_dkk: null, purchase_date: null },
    { bike_id: bike(2), party_id: B, nickname: "B's name", normal_price_dkk: 7000, purchase_date: null },
    { bike_id: bike(3), party_id: A, nickname: null, normal_price_dkk: 3000, purchase_date: null },
    { bike_id: bike(3), party_id: B, nickname: "B's own name", normal_price_dkk: null, purchase_date: null },
    { bike_id: bike(4), party_id: A, nickname: 'Solo', normal_price_dkk: 999, purchase_date: '2021-02-03' },
  ]);
  const columns = await query(
    `select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'bike' and column_name in ('nickname', 'normal_price_dkk', 'purchase_date')`,
  );
  expect(columns.rows).toEqual([]);
}

/** Runs the migration's statements again, as drizzle does (split at its breakpoints). */
async function runAgain(query: Query): Promise<void> {
  for (const statement of targetSql().split('--> statement-breakpoint')) await query(statement);
}

describe('migration ownership_private_fields', () => {
  it('is in the journal', () => {
    expect(target).toBeGreaterThan(0);
  });

  describe('on PGlite', () => {
    let client: PGlite;
    // Migrating an empty database up to the one before takes a while: a set-up, not the test.
    beforeAll(async () => {
      const before = migrationsBefore();
      try {
        client = new PGlite({ extensions: { pg_trgm, fuzzystrmatch } });
        await migratePglite(drizzlePglite(client), { migrationsFolder: before.folder });
      } finally {
        before.remove();
      }
    });
    afterAll(() => client.close());

    it('moves each value to the ownership that wrote it, and can run again', async () => {
      const query: Query = (sql) => client.query(sql);
      await writeOldData(query);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await expectMoved(query);
      await runAgain(query);
      await expectMoved(query);
    });
  });

  describe.runIf(process.env.DATABASE_URL)('on PostgreSQL (DATABASE_URL)', () => {
    const url = process.env.DATABASE_URL ?? '';
    const name = `bike_test_migration_${process.pid}_${Date.now().toString(36)}`;
    let admin: pg.Client;
    let client: pg.Client;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      client = new pg.Client({ connectionString: withDatabase(url, name) });
      await client.connect();
      const before = migrationsBefore();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: before.folder });
      } finally {
        before.remove();
      }
    });
    afterAll(async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('moves each value to the ownership that wrote it, and can run again', async () => {
      const query: Query = (sql) => client.query(sql);
      await writeOldData(query);
      await migratePg(drizzlePg(client), { migrationsFolder });
      await expectMoved(query);
      await runAgain(query);
      await expectMoved(query);
    });
  });
});
