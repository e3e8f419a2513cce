// npm run lock:simulate -- --server http://localhost:3000 --lock <id> --secret <secret> [--fail lock|unlock|all]
//   [--slow <ms>] [--silent] [--state open|closed] [--heartbeat <ms>]
// npm run lock:simulate -- --server http://localhost:3000 --demo   (the demo dock's locks, seeded with known secrets)
//
// A simulated smart lock (src/server/docks/simulated-lock.ts) that connects to the server as a device. It prints
// "connected <lockId>" each time the server welcomes it. Lines on stdin steer it (for people and the Playwright
// journeys): `tamper`, `fail lock|unlock|all|none`, `fail-next`, `silent`, `resume`, `offline` (closes the
// connection and stays away), `online` (connects again), `open` / `close` (moves the bolt by hand), `quit`.
// SIGTERM and SIGINT close it cleanly.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { LockCommandKind, LockReportedState } from '../src/domain/docks.js';
import { DEMO_DOCK_LOCKS } from '../src/server/docks/lock-secret.js';
import { type SimulatedLock, type SimulatedLockOptions, startSimulatedLock } from '../src/server/docks/simulated-lock.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://localhost:3000' },
    lock: { type: 'string' },
    secret: { type: 'string' },
    demo: { type: 'boolean', default: false },
    fail: { type: 'string' },
    slow: { type: 'string' },
    silent: { type: 'boolean', default: false },
    state: { type: 'string', default: 'open' },
    heartbeat: { type: 'string' },
  },
});

const fail = parseFail(values.fail ?? 'none');
const state: LockReportedState = values.state === 'closed' ? 'closed' : 'open';
const targets = values.demo
  ? DEMO_DOCK_LOCKS.map((l) => ({ lockId: l.id as string, secret: l.secret as string }))
  : values.lock && values.secret
    ? [{ lockId: values.lock, secret: values.secret }]
    : null;
if (!targets || fail === undefined) {
  process.stderr.write(
    'usage: npm run lock:simulate -- --server <url> (--lock <id> --secret <secret> | --demo) [--fail lock|unlock|all] [--slow <ms>] [--silent]\n',
  );
  process.exit(2);
}

const start = (target: { lockId: string; secret: string }, bolt: LockReportedState): SimulatedLock => {
  const options: SimulatedLockOptions = {
    url: values.server,
    lockId: target.lockId,
    secret: target.secret,
    state: bolt,
    fail,
    silent: values.silent,
    log: (line) => process.stdout.write(`${line.startsWith('connected') ? `connected ${target.lockId}` : `${target.lockId} ${line}`}\n`),
  };
  if (values.slow) options.moveMs = Number(values.slow);
  if (values.heartbeat) options.heartbeatMs = Number(values.heartbeat);
  return startSimulatedLock(options);
};

let running: (SimulatedLock | null)[] = targets.map((t) => start(t, state));
/** Each bolt's state when it went offline, so it comes back as it was. */
let lastStates: LockReportedState[] = [];

const stopAll = async () => {
  await Promise.all(running.map((lock) => lock?.stop()));
};

createInterface({ input: process.stdin }).on('line', (raw) => {
  const [word, arg] = raw.trim().split(/\s+/);
  const each = (act: (lock: SimulatedLock) => void) => {
    for (const lock of running) if (lock) act(lock);
  };
  switch (word) {
    case 'tamper':
      return each((l) => l.tamper());
    case 'fail': {
      const value = parseFail(arg ?? '');
      if (value !== undefined) each((l) => l.setFail(value));
      return;
    }
    case 'fail-next':
      return each((l) => l.failNext());
    case 'silent':
      return each((l) => l.setSilent(true));
    case 'resume':
      return each((l) => l.setSilent(false));
    case 'open':
    case 'close':
      return each((l) => l.move(word === 'open' ? 'open' : 'closed'));
    case 'offline': {
      const stopping = running;
      lastStates = stopping.map((lock, i) => lock?.state ?? lastStates[i] ?? state);
      running = stopping.map(() => null);
      void Promise.all(stopping.map((lock) => lock?.stop())).then(() => process.stdout.write('offline\n'));
      return;
    }
    case 'online':
      running = running.map((lock, i) => lock ?? start(targets[i] as { lockId: string; secret: string }, lastStates[i] ?? state));
      return;
    case 'quit':
      void stopAll().then(() => process.exit(0));
      return;
    default:
      process.stderr.write(`unknown command: ${raw}\n`);
  }
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(0));
  });
}

function parseFail(value: string): LockCommandKind | 'all' | null | undefined {
  if (value === 'lock' || value === 'unlock' || value === 'all') return value;
  if (value === 'none' || value === '') return null;
  return undefined;
}
