import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { type Database, openPglite, openPostgres } from '../../src/server/db/client.js';
import { identities } from '../../src/server/db/schema.js';
import { withDatabase } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database: a copy of the migrated one, on PGlite or (with DATABASE_URL) PostgreSQL. */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bike_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), { migrate: false, poolSize: 4 });
    return {
      database,
      async drop() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const database = await openPglite(undefined, { loadDataDir: dump, migrate: false });
  return { database, drop: () => database.close() };
}

/** Another connection pool to an existing PostgreSQL database (several API instances on one database). */
async function sharedDatabase(url: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const database = await openPostgres(url, { migrate: false, poolSize: 4 });
  return { database, drop: () => database.close() };
}

/** The whole app on a fresh database, for app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    /** A second instance on the database of another test app (PostgreSQL): closing it leaves the database to its owner. */
    databaseUrl?: string;
    /** A web build to serve (default: none, the API only). */
    webDir?: string;
  } = {},
): Promise<TestApp> {
  const { database, drop } = options.databaseUrl ? await sharedDatabase(options.databaseUrl) : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'bike-test-secrets'),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    webDir: options.webDir ?? path.join(os.tmpdir(), 'no-web-build'),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;
/** A unique email for each call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@example.dk`;
}

export interface SignedUpUser {
  email: string;
  password: string;
  token: string;
  partyId: string;
}

/** Signs a new user up through the API. */
export async function signUpUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<SignedUpUser> {
  const email = (overrides.email as string) ?? uniqueEmail();
  const password = (overrides.password as string) ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/identities/',
    payload: { email, password, chosen_region: 'dk', chosen_language: 'da', ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const token = response.json().authentication_token as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return { email, password, token, partyId: claims.party_id };
}

export function authed(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}

/** A new user with an identity role (§6: staff, revisor, admin …); the role is read on every request, so the token stays good. */
export async function signUpWithRole(t: TestApp, role: 'private' | 'business' | 'staff' | 'revisor' | 'admin'): Promise<SignedUpUser> {
  const user = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role }).where(eq(identities.partyId, user.partyId));
  return user;
}
