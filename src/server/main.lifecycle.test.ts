import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../tests/support/mail.js';

// The real server as a process: durability of PGlite across a crash, graceful shutdown, the data-dir
// lock, and configuration errors. Always embedded (PGlite), whatever DATABASE_URL the test run has.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');

interface Server {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything written so far, stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

function start(env: Record<string, string>, port = 0): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      WEB_DIR: path.join(os.tmpdir(), 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts the server on the data dir and waits until /api/health answers. */
async function startReady(dataDir: string): Promise<Server> {
  const server = start({ DATA_DIR: dataDir }, await freePort());
  let exit: { code: number | null } | null = null;
  void server.exited.then((e) => {
    exit = e;
  });
  await waitFor(
    async () => {
      if (exit) throw new Error(`server exited (${exit.code}) before it was ready:\n${server.output()}`);
      try {
        const res = await fetch(`${server.url}/api/health`);
        return res.ok;
      } catch {
        return false;
      }
    },
    // Generous: the first start on a new data dir runs initdb, slow on a busy machine.
    60_000,
    'the server to answer /api/health',
  );
  return server;
}

async function call(server: Server, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const account = (name: string) => ({ email: `${name}-${Date.now()}@example.dk`, password: 'a durable password', chosen_region: 'dk' });
const logIn = (server: Server, a: { email: string; password: string }) =>
  call(server, 'POST', '/api/identities/authentications', { email: a.email, password: a.password });

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-lifecycle-'));
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(started.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process on its PGlite data dir', { timeout: 120_000 }, () => {
  const first = account('crash');
  const graceful = account('graceful');
  let running: Server;

  it('loses no acknowledged write when killed with SIGKILL', async () => {
    const server = await startReady(dataDir);
    const signup = await call(server, 'POST', '/api/identities/', first);
    expect(signup.status).toBe(201);
    const token = String(signup.body.authentication_token);
    expect((await call(server, 'PUT', '/api/identities/me', { first_name: 'Durable' }, token)).status).toBe(200);

    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');

    running = await startReady(dataDir);
    const login = await logIn(running, first);
    expect(login.status).toBe(200);
    const me = await call(running, 'GET', '/api/identities/me', undefined, String(login.body.authentication_token));
    expect(me.body).toMatchObject({ email: first.email, first_name: 'Durable' });
    // The secrets kept in the data dir survived too: the token from before the crash still works.
    expect((await call(running, 'GET', '/api/identities/me', undefined, token)).status).toBe(200);
  });

  it('refuses a second process on the same data dir with a clear message', async () => {
    const second = start({ DATA_DIR: dataDir }, await freePort());
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory is in use by process ${running.child.pid}`);
    expect(second.output()).toMatch(/DATABASE_URL/);
    // The first one is unharmed.
    expect((await logIn(running, first)).status).toBe(200);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = running;
    // A sign-up whose body is still arriving when the signal comes: certainly in flight.
    const body = JSON.stringify(graceful);
    const response = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/identities/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      void (async () => {
        await waitFor(() => /"url":"\/api\/identities\/"[^\n]*"msg":"incoming request"/.test(server.output()), 10_000, 'the request');
        server.child.kill('SIGTERM');
        await waitFor(() => server.output().includes('shutting down'), 10_000, 'the shutdown to begin');
        req.end(body.slice(10));
      })().catch(reject);
    });

    const answer = await response;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).authentication_token).toEqual(expect.any(String));
    // The connection is not kept alive, so the shutdown need not wait for the client to hang up.
    expect(answer.connection).toBe('close');
    const { code } = await server.exited;
    expect(code).toBe(0);
    const log = server.output();
    expect(log.lastIndexOf('request completed')).toBeGreaterThan(log.indexOf('shutting down'));
    expect(log).toContain('"msg":"stopped"');
    // A clean stop releases the lock.
    expect(existsSync(`${path.join(dataDir, 'pglite')}.lock`)).toBe(false);

    const again = await startReady(dataDir);
    expect((await logIn(again, graceful)).status).toBe(200);
    expect((await logIn(again, first)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});

describe('configuration errors', { timeout: 60_000 }, () => {
  it('stop the process with a message naming each wrong variable', async () => {
    const server = start({
      DATA_DIR: path.join(os.tmpdir(), 'bike-lifecycle-config'),
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
    });
    const { code } = await server.exited;
    // EX_CONFIG: the process manager can tell a configuration error from a crash.
    expect(code).toBe(78);
    const output = server.output();
    expect(output).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(output).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    // It never got as far as listening.
    expect(output).not.toContain('ready on');
  });
});
