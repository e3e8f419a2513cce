// Helpers shared by the benchmarks (search, map, overhead, claims, plates, orders): a free port, a plain
// GET, a PostgreSQL connection, starting and stopping a server for a run, the bare Fastify baseline (this
// file run with --baseline-server), and runListBench, the whole of a signed-in list benchmark.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
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

/**
 * A benchmark's admin connection, holding its advisory lock (`lockKey`: one run of it at a time on the PostgreSQL):
 * { admin }, or { skipped } saying why not.
 */
export async function lockedAdmin(pg, adminUrl, lockKey, what) {
  const host = new URL(adminUrl).host;
  let admin;
  try {
    admin = await connect(pg, adminUrl);
  } catch (error) {
    return { skipped: `no PostgreSQL at ${host} (${error instanceof Error ? error.message : error})` };
  }
  const { rows } = await admin.query('select pg_try_advisory_lock($1) as ok', [lockKey]);
  if (rows[0].ok) return { admin };
  await admin.end();
  return { skipped: `another ${what} benchmark is running on ${host}` };
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

// ---- The signed-in list benchmarks (bench-claims.mjs, bench-plates.mjs, bench-orders.mjs): each says its data and its
// cases, runListBench does the rest ----

/** The app on a scratch PostgreSQL database, from source (tsx) or a build, without demo data. */
function startBenchApp({ serverMain, fromSource, webDir, url, port, dataDir }) {
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
async function logInForBench(base, email, password) {
  const response = await fetch(`${base}/api/identities/authentications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`log-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()).authentication_token;
}

/** GETs of `paths` in turn with the bearer token, `connections` at once for `duration` seconds. */
function cannonSignedIn(autocannon, base, token, paths, duration, connections) {
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

const log = (line) => process.stdout.write(`${line}\n`);

/** Runs one SQL step of a load, printing its label and how long it took. */
export async function loadStep(db, label, sql, params = []) {
  const started = performance.now();
  await db.query(sql, params);
  log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** Every list benchmark's budget: p99 ≤ 50 ms (design.md). */
export const LIST_P99_BUDGET_MS = 50;

/**
 * One signed-in list benchmark named `name`: a scratch database bike_bench_<name> next to BENCH_DATABASE_URL (one run
 * at a time, by the advisory lock `lockKey`), migrated by the app, filled by `load(db, passwordHash)` (in one transaction, triggers
 * off; it answers what `cases` needs), vacuumed, the app started on it and `user` ({ email, password }) logged in;
 * then each case (`{ label, paths }`, the paths taken in turn) is warmed up for 3 s, measured for BENCH_DURATION s
 * (default 10) with BENCH_<NAME>_CONNECTIONS (default 10), and for 3 s with one connection. Answers { skipped } when there is no PostgreSQL, else
 * { results, overBudget, markdown }: `title(run)` is the paragraph above the table. BENCH_KEEP_DB=1 keeps the database.
 */
export async function runListBench(spec, options = {}) {
  const { name, lockKey, user, load, cases, title } = spec;
  const { email, password } = user;
  const scratchDb = `bike_bench_${name.toLowerCase()}`;
  const connections = Number(process.env[`BENCH_${name.toUpperCase()}_CONNECTIONS`] ?? 10);
  const budgetMs = LIST_P99_BUDGET_MS;
  const started = performance.now();
  const { serverMain, fromSource, webDir, adminUrl } = benchSettings(options);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const { default: pg } = await import('pg');
  const { admin, skipped } = await lockedAdmin(pg, adminUrl, lockKey, name.toLowerCase());
  if (skipped) return { skipped };
  const url = new URL(adminUrl);
  url.pathname = `/${scratchDb}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bike-bench-${name.toLowerCase()}-`));
  const children = [];
  try {
    await admin.query(`drop database if exists ${scratchDb} with (force)`);
    await admin.query(`create database ${scratchDb}`);
    const port = await freePort();
    const appOptions = { serverMain, fromSource, webDir, url: url.toString(), port, dataDir };
    log(`${name}: migrating ${scratchDb} (the app migrates at start) …`);
    const migrating = await startBenchApp(appOptions);
    children.push(migrating);
    await stopServer(migrating);
    log(`${name}: loading …`);
    const { hash } = await import('@node-rs/argon2');
    const db = await connect(pg, url.toString());
    let sample;
    try {
      const loadStarted = performance.now();
      const passwordHash = await hash(password);
      // A bulk load: without triggers and foreign-key checks (the load keeps what triggers would), in one transaction.
      await db.query('set synchronous_commit = off');
      await db.query('set session_replication_role = replica');
      await db.query('begin');
      sample = await load(db, passwordHash);
      await db.query('commit');
      await db.query('set session_replication_role = origin');
      await loadStep(db, 'vacuum, analyze', 'vacuum (analyze)');
      log(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    } finally {
      await db.end();
    }

    log(`${name}: starting the app …`);
    const app = await startBenchApp(appOptions);
    children.push(app);
    const base = `http://127.0.0.1:${port}`;
    const token = await logInForBench(base, email, password);
    const { default: autocannon } = await import('autocannon');
    const results = [];
    for (const c of cases(sample)) {
      log(`${name}: ${c.label} …`);
      await cannonSignedIn(autocannon, base, token, c.paths, Math.min(3, duration), connections);
      const load = os.loadavg()[0];
      const r = await cannonSignedIn(autocannon, base, token, c.paths, duration, connections);
      const one = await cannonSignedIn(autocannon, base, token, c.paths, Math.min(3, duration), 1);
      const result = {
        label: c.label,
        load: Math.max(load, os.loadavg()[0]),
        one: { p50: one.latency.p50, p99: one.latency.p99 },
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx + one.non2xx,
        errors: r.errors + r.timeouts,
      };
      results.push(result);
      log(
        `  ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}: ${verdictOf(result, budgetMs).replaceAll('**', '')}; one connection: p50 ${ms(one.latency.p50)}, p99 ${ms(one.latency.p99)}`,
      );
    }
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
    const lines = [
      `${title(sample)}, measured ${date} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server}, one instance; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up. The last columns are the one-minute load average during the case and one connection for 3 s.`,
      '',
      '| case | requests/s | p50 | p99 | p99 budget | | load | one connection: p50 / p99 |',
      '|---|---:|---:|---:|---:|---|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ≤ ${budgetMs} ms | ${verdictOf(r, budgetMs)} | ${r.load.toFixed(1)} | ${ms(r.one.p50)} / ${ms(r.one.p99)} |`,
      ),
      '',
      `The whole ${name.toLowerCase()} benchmark took ${Math.round((performance.now() - started) / 1000)} s (load, start, measure).`,
      '',
    ];
    return {
      results,
      overBudget: results.some((r) => verdictOf(r, budgetMs).includes('OVER BUDGET')),
      markdown: lines.join('\n'),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1') log(`${name}: kept the database ${scratchDb} (BENCH_KEEP_DB=1)`);
    else {
      await admin
        .query(`drop database if exists ${scratchDb} with (force)`)
        .catch((error) => log(`${name}: could not drop ${scratchDb}: ${error}`));
    }
    await admin.end();
  }
}

/** A list benchmark run on its own (`node scripts/bench-….mjs`): prints its table, or why it was skipped. */
export function runListBenchAsScript(moduleUrl, run) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  run()
    .then((outcome) => {
      if (outcome.skipped) log(`Benchmark skipped: ${outcome.skipped}`);
      else {
        log(`\n${outcome.markdown}`);
        if (outcome.overBudget) log(`OVER BUDGET: a case's p99 is above ${LIST_P99_BUDGET_MS} ms (see above).`);
      }
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
