import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.js';
import { plateBatches, plates, vouchers } from '../db/schema.js';
import { vouchersCommand } from '../webshop/voucher-command.js';
import { platesCommand } from './plate-command.js';

// npm run plates / npm run vouchers on an embedded database in DATA_DIR.

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plates-cmd-'));
  const database = await openPglite(path.join(dir, 'pglite'));
  await database.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('npm run plates', () => {
  it('creates a batch and prints the IDs', async () => {
    const run = io();
    const code = await platesCommand(['create', '--count', '5', '--name', 'Forår', '--with-registration'], { DATA_DIR: dir }, run.io);
    expect(code, run.err.join('\n')).toBe(0);
    expect(run.out).toHaveLength(5);
    for (const id of run.out) expect(id).toMatch(/^[ACDEFGHJKLMNPRTUVWXY34679]{8}$/);
    const database = await openPglite(path.join(dir, 'pglite'));
    try {
      const rows = await database.db.select().from(plates);
      expect(rows.map((r) => r.id).sort()).toEqual([...run.out].sort());
      const [batch] = await database.db.select().from(plateBatches);
      expect(batch).toMatchObject({ name: 'Forår', includesRegistration: true, kind: 'standard' });
    } finally {
      await database.close();
    }
  });

  it('makes IDs that begin with the prefix asked for', async () => {
    const run = io();
    expect(await platesCommand(['create', '--count', '3', '--prefix', 'dk'], { DATA_DIR: dir }, run.io), run.err.join('\n')).toBe(0);
    expect(run.out).toHaveLength(3);
    for (const id of run.out) expect(id).toMatch(/^DK[ACDEFGHJKLMNPRTUVWXY34679]{8}$/);
  });

  it('refuses bad arguments with the usage, and an unknown insurer', async () => {
    for (const args of [
      [],
      ['create'],
      ['create', '--count', '0'],
      ['create', '--count', 'x'],
      ['make', '--count', '3'],
      ['create', '--count', '3', '--colour', 'red'],
      ['create', '--count', '3', '--prefix', 'OO'],
      ['create', '--count', '3', '--prefix', 'ACDEF'],
    ]) {
      const run = io();
      expect(await platesCommand(args, { DATA_DIR: dir }, run.io)).toBe(64);
      expect(run.err.join('\n')).toContain('Usage: npm run plates');
    }
    const run = io();
    expect(await platesCommand(['create', '--count', '2', '--insurance', 'nobody'], { DATA_DIR: dir }, run.io)).toBe(1);
    expect(run.err.join('\n')).toContain('no insurance company');
  });

  it('says so when there is no database', async () => {
    const run = io();
    expect(await platesCommand(['create', '--count', '2'], { DATA_DIR: path.join(dir, 'nothing') }, run.io)).toBe(1);
    expect(run.err.join('\n')).toContain('There is no database');
  });
});

describe('npm run vouchers', () => {
  it('creates a voucher once', async () => {
    const run = io();
    const args = ['create', '--code', 'spring2026', '--credits', '2', '--max', '100', '--expires', '2027-01-01'];
    expect(await vouchersCommand(args, { DATA_DIR: dir }, run.io), run.err.join('\n')).toBe(0);
    expect(run.out[0]).toContain('SPRING2026');
    const again = io();
    expect(await vouchersCommand(args, { DATA_DIR: dir }, again.io)).toBe(1);
    const database = await openPglite(path.join(dir, 'pglite'));
    try {
      expect(await database.db.select().from(vouchers)).toMatchObject([
        { code: 'SPRING2026', credits: 2, maxRedemptions: 100, expiresAt: new Date('2027-01-01T00:00:00Z') },
      ]);
    } finally {
      await database.close();
    }
  });

  it('refuses bad arguments with the usage', async () => {
    for (const args of [
      ['create'],
      ['create', '--code', 'X', '--credits', '0'],
      ['create', '--code', 'X', '--expires', 'soon'],
      ['create', '--code', 'X', '--plan', 'GOLD'],
    ]) {
      const run = io();
      expect(await vouchersCommand(args, { DATA_DIR: dir }, run.io)).toBe(64);
    }
  });
});
