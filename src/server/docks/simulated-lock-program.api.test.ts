import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { locks } from '../db/schema.js';
import { dockOf, eventually, httpBase, lockOf, organisationOf } from './dock-test-factory.js';

// `npm run lock:simulate` as the journeys use it: a child process that prints "connected <lockId>" when welcomed and
// takes commands on stdin (here `close`, `offline`, `online`, `quit`).

describe('the simulated lock program', () => {
  let t: TestApp;
  let child: ChildProcessWithoutNullStreams | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    child?.kill('SIGTERM');
    await t.close();
  });

  it('connects, obeys stdin, goes offline and comes back', async () => {
    const dockId = await dockOf(t, await organisationOf(t, 'Program ApS'));
    const lock = await lockOf(t, dockId, 'P1');
    const base = await httpBase(t.app);
    const program = spawn(
      'npx',
      ['tsx', 'scripts/simulated-lock.ts', '--server', base, '--lock', lock.id, '--secret', lock.secret, '--heartbeat', '500'],
      {
        cwd: process.cwd(),
      },
    );
    child = program;
    const lines: string[] = [];
    createInterface({ input: program.stdout }).on('line', (line) => lines.push(line));
    const errors: string[] = [];
    program.stderr.on('data', (d) => errors.push(String(d)));
    const row = async () => (await t.database.db.select().from(locks).where(eq(locks.id, lock.id)))[0];

    // A cold start of tsx on a busy machine takes a while.
    await eventually(() => lines.includes(`connected ${lock.id}`), 45_000);
    expect(await row()).toMatchObject({ connected: true, reportedState: 'open' });
    program.stdin.write('close\n');
    await eventually(async () => (await row())?.reportedState === 'closed');
    program.stdin.write('offline\n');
    await eventually(async () => (await row())?.connected === false);
    program.stdin.write('online\n');
    await eventually(async () => (await row())?.connected === true);
    expect((await row())?.reportedState).toBe('closed');
    program.stdin.write('quit\n');
    const code = await new Promise<number | null>((resolve) => program.on('exit', resolve));
    expect(code, errors.join('')).toBe(0);
    child = undefined;
  }, 90_000);
});
