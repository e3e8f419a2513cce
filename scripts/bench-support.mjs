// Helpers shared by the benchmarks (search, map, overhead, claims, plates, orders): a free port, a plain
// GET, a PostgreSQL connection, starting and stopping a server for a run, and the bare Fastify baseline (this
// file run with --baseline-server).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chromium's flags on these machines (design.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function get(url, timeout = 5_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.setTimeout(timeout, () => request.destroy(new Error('timeout')));
  });
}

export async function connect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  await client.connect();
  return client;
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Which server and web build a benchmark runs (BENCH_SERVER, WEB_DIR), unless the caller passes them, and the
 * PostgreSQL admin URL (BENCH_DATABASE_URL) for the scratch databases.
 */
export function benchSettings(options = {}) {
  const serverMain =
    options.serverMain ??
    (process.env.BENCH_SERVER && process.env.BENCH_SERVER !== 'source' ? process.env.BENCH_SERVER : 'dist/server/main.js');
  return {
    serverMain,
    fromSource: options.fromSource ?? (process.env.BENCH_SERVER === 'source' || !existsSync(path.resolve(root, serverMain))),
    webDir: options.webDir ?? (process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web')),
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

/** Spawns a server and resolves with its child process once `healthPath` answers 200 (within 120 s). */
export function spawnServer(command, args, env, healthPath, port) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return (async () => {
    const started = performance.now();
    while (performance.now() - started < 120_000) {
      if (exited) throw new Error(`server exited before answering:\n${output}`);
      try {
        if ((await get(`http://127.0.0.1:${port}${healthPath}`)).status === 200) return child;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGTERM');
    throw new Error(`server did not answer within 120 s:\n${output}`);
  })();
}

/**
 * The baseline the app is compared with: a bare Fastify app with one route (`GET /bare?q=`) answering a small
 * JSON, in a child process of its own (this file run with --baseline-server).
 */
export function startBaseline(port) {
  return spawnServer('node', [fileURLToPath(import.meta.url), '--baseline-server'], { PORT: String(port) }, '/bare?q=x', port);
}

async function serveBaseline() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/bare', async (request) => ({ query: request.query.q ?? '', exact: [], similar: [] }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--baseline-server')) {
  serveBaseline().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

// ---- What the signed-in list benchmarks share (bench-claims.mjs, bench-plates.mjs, bench-orders.mjs) ----

/** The app on a scratch PostgreSQL database, from source (tsx) or a build, without demo data. */
export function startBenchApp({ serverMain, fromSource, webDir, url, port, dataDir }) {
  const [command, args] = fromSource ? ['node', ['--import', 'tsx', 'src/server/main.ts']] : ['node', [serverMain]];
  return spawnServer(
    command,
    args,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ...(webDir && existsSync(webDir) ? { WEB_DIR: webDir } : {}),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    '/api/health',
    port,
  );
}

/** Logs a benchmark's user in: their token. */
export async function logInForBench(base, email, password) {
  const response = await fetch(`${base}/api/identities/authentications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`log-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()).authentication_token;
}

/** GETs of `paths` in turn with the bearer token, `connections` at once for `duration` seconds. */
export function cannonSignedIn(autocannon, base, token, paths, duration, connections) {
  let i = 0;
  return autocannon({
    url: base,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[i++ % paths.length];
          return request;
        },
      },
    ],
  });
}

/** A case's verdict against its p99 budget: ok, over budget (also when nothing or errors came back), or not valid. */
export function verdictOf(r, budgetMs) {
  if (r.total === 0) return '**OVER BUDGET** (no answer within the run)';
  if (r.errors > 0) return `**OVER BUDGET** (${r.errors} requests timed out or failed)`;
  if (r.non2xx > 0) return `not valid: ${r.non2xx} of ${r.total} answers were not 2xx`;
  return r.p99 <= budgetMs ? 'ok' : '**OVER BUDGET**';
}

export const ms = (value) => (value < 1 ? '< 1 ms' : `${Math.round(value)} ms`);
