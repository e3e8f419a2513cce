import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../tests/support/global-setup.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { auditLog, identities, parties } from '../db/schema.js';
import { roleCommand } from './role-command.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

async function addPerson(db: Database['db'], email: string) {
  const [party] = await db.insert(parties).values({ kind: 'person' }).returning();
  if (!party) throw new Error('no party');
  await db.insert(identities).values({ partyId: party.id, email });
  return party.id;
}

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
}

describe('npm run role -- <email> <role> (embedded database)', () => {
  let dir: string;
  let partyId: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bike-role-'));
    const database = await openPglite(path.join(dir, 'pglite'));
    partyId = await addPerson(database.db, 'Rolle@Example.dk');
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets the role and writes an audit entry with no actor (the command line)', async () => {
    const { lines, io } = capture();
    expect(await roleCommand(['rolle@example.dk', 'admin'], { DATA_DIR: dir }, io)).toBe(0);
    expect(lines.out).toEqual(['Rolle@Example.dk is now admin (was private).']);
    // Again: nothing changes, nothing is logged.
    expect(await roleCommand(['rolle@example.dk', 'admin'], { DATA_DIR: dir }, io)).toBe(0);
    expect(lines.out[1]).toBe('Rolle@Example.dk is already admin.');
    const database = await openPglite(path.join(dir, 'pglite'));
    try {
      const [identity] = await database.db.select().from(identities).where(eq(identities.partyId, partyId));
      expect(identity?.role).toBe('admin');
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.targetPartyId, partyId));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorPartyId: null,
        action: 'identity.role',
        data: { from: 'private', to: 'admin', via: 'command' },
      });
    } finally {
      await database.close();
    }
  });

  it('says how to use it, and names an unknown email or a missing database', async () => {
    const { lines, io } = capture();
    expect(await roleCommand(['rolle@example.dk', 'king'], { DATA_DIR: dir }, io)).toBe(64);
    expect(lines.err[0]).toMatch(/^Usage: npm run role -- <email> <role>/);
    expect(await roleCommand([], { DATA_DIR: dir }, io)).toBe(64);
    expect(await roleCommand(['nobody@example.dk', 'staff'], { DATA_DIR: dir }, io)).toBe(1);
    expect(lines.err.at(-1)).toBe('There is no user with the email nobody@example.dk.');
    expect(await roleCommand(['rolle@example.dk', 'staff'], { DATA_DIR: path.join(dir, 'empty') }, io)).toBe(1);
    expect(lines.err.at(-1)).toMatch(/^There is no database in /);
  });

  it('runs as a command, and refuses while a server holds the embedded database', async () => {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
    const ok = await run(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', 'rolle@example.dk', 'revisor'], { cwd: root, env });
    expect(ok.stdout.trim()).toBe('Rolle@Example.dk is now revisor (was admin).');

    const held = await openPglite(path.join(dir, 'pglite'));
    try {
      const refused = await run(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', 'rolle@example.dk', 'staff'], {
        cwd: root,
        env,
      }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(`in use by process ${process.pid}`);
      const [identity] = await held.db.select().from(identities).where(eq(identities.partyId, partyId));
      expect(identity?.role).toBe('revisor');
    } finally {
      await held.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('npm run role on PostgreSQL (DATABASE_URL)', () => {
  const url = process.env.DATABASE_URL ?? '';
  const name = `bike_test_role_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('sets the role in the database DATABASE_URL names', async () => {
    const database = await openPostgres(withDatabase(url, name), { migrate: false, poolSize: 1 });
    try {
      const partyId = await addPerson(database.db, 'pg-rolle@example.dk');
      const { lines, io } = capture();
      expect(await roleCommand(['pg-rolle@example.dk', 'staff'], { DATABASE_URL: withDatabase(url, name) }, io)).toBe(0);
      expect(lines.out).toEqual(['pg-rolle@example.dk is now staff (was private).']);
      const [identity] = await database.db.select().from(identities).where(eq(identities.partyId, partyId));
      expect(identity?.role).toBe('staff');
    } finally {
      await database.close();
    }
  });
});

describe('PUT /api/backoffice/identities/{partyId}/role (admin)', () => {
  let t: TestApp;
  let adminUser: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    adminUser = await signUpUser(t.app);
    await t.database.db.update(identities).set({ role: 'admin' }).where(eq(identities.partyId, adminUser.partyId));
  });
  afterAll(() => t.close());

  const put = (token: string, partyId: string, role: string) =>
    t.app.inject(authed(token, { method: 'PUT', url: `/api/backoffice/identities/${partyId}/role`, payload: { role } }));

  it('lets an admin set a role, logged with the admin as actor; the new role counts at once', async () => {
    const user = await signUpUser(t.app);
    expect((await t.app.inject(authed(user.token, { method: 'GET', url: '/api/backoffice/identities' }))).statusCode).toBe(403);
    const res = await put(adminUser.token, user.partyId, 'revisor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ party_id: user.partyId, role: 'revisor' });
    expect((await t.app.inject(authed(user.token, { method: 'GET', url: '/api/backoffice/identities' }))).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetPartyId, user.partyId));
    expect(entry).toMatchObject({
      actorPartyId: adminUser.partyId,
      action: 'identity.role',
      recordType: 'identity',
      recordId: user.partyId,
      before: { role: 'private' },
      after: { role: 'revisor' },
      data: { from: 'private', to: 'revisor', via: 'backoffice' },
    });
  });

  it("refuses an admin's own role, an unknown role or person, and everyone but admins", async () => {
    const user = await signUpUser(t.app);
    expect((await put(adminUser.token, adminUser.partyId, 'private')).statusCode).toBe(403);
    expect((await put(adminUser.token, user.partyId, 'king')).statusCode).toBe(422);
    expect((await put(adminUser.token, '00000000-0000-4000-8000-000000000000', 'staff')).statusCode).toBe(404);
    const staffUser = await signUpUser(t.app);
    await t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staffUser.partyId));
    expect((await put(staffUser.token, user.partyId, 'staff')).statusCode).toBe(403);
    expect((await put(user.token, user.partyId, 'admin')).statusCode).toBe(403);
  });
});
