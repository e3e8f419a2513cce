import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client.js';
// Builds the database from the migrations once; each test file then gets a fresh copy of it.
export default async function setup(project) {
    const url = process.env.DATABASE_URL;
    if (url) {
        const template = `bike_test_template_${process.pid}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop database if exists ${template}`);
        await admin.query(`create database ${template}`);
        const database = await openPostgres(withDatabase(url, template), { poolSize: 1 });
        await database.close();
        project.provide('postgresTemplate', template);
        return async () => {
            await admin.query(`drop database if exists ${template}`);
            await admin.end();
        };
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bike-test-'));
    const database = await openPglite(undefined);
    const dump = await database.client.dumpDataDir('none');
    await database.close();
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDump', file);
    return () => rmSync(dir, { recursive: true, force: true });
}
export function withDatabase(url, database) {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
}
//# sourceMappingURL=global-setup.js.map