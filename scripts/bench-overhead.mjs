// The request-overhead benchmark of `npm run bench`: what every request pays before a route's own work.
// Called by scripts/bench.mjs; also runs on its own after a build:
//   node scripts/bench-overhead.mjs
// In one run, on one machine, autocannon with 20 connections for 10 s a case (after a 3 s warm-up) against:
//   bare Fastify      one route answering a small JSON, in a child process of its own (the baseline)
//   /api/health       the built server on embedded PGlite (fresh data dir, demo data)
//   static file       /manifest.webmanifest from the web build
//   public search     GET /api/search/bikes?q=<a demo bike's frame number or plate>, on PGlite
// Goals: /api/health and the static file at least half the bare route's requests/s in the same run (the rest
// is what every request pays), the search at least 2,500 requests/s. The search's per-client rate limit is set
// out of reach (SEARCH_RATE_LIMIT_PER_MINUTE), so it is counted but does not throttle the run.
// Each case also reports the server process's CPU time a request (from /proc), which moves far less with the
// machine's other work than requests/s do. It is a benchmark, not a test: a goal missed is printed as BELOW GOAL,
// the exit code stays 0.
// Settings:
//   BENCH_OVERHEAD_DURATION     seconds per case (default 10)
//   BENCH_OVERHEAD_CONNECTIONS  default 20
//   BENCH_SERVER, WEB_DIR       which server and web build (bench-support.mjs)
//   BENCH_OVERHEAD_PORT, BENCH_BASELINE_PORT   fixed ports (default: free ones)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSettings, freePort, get, ms, spawnServer, startBaseline, stopServer } from './bench-support.mjs';

export const SEARCH_GOAL_RPS = 2_500;
/** /api/health and a static file: at least this share of the bare route's requests/s. */
export const SHARE_OF_BARE_GOAL = 0.5;
/** What the demo data holds (src/server/seed/demo-bikes.ts): frame numbers as typed, and plate IDs. */
const DEMO_SEARCHES = ['WBK 482913 S', 'WSP 004217 U', 'WTU 778812 P', 'DEMOBIKE1', 'DEMOBIKE2'];

const log = (line) => process.stdout.write(`${line}\n`);

/**
 * autocannon cycles through the paths on each connection; the requests are fixed (no per-request callback),
 * so that the load generator, which shares the machine, spends as little as it can on each request.
 */
async function cannon(autocannon, base, paths, duration, connections) {
  return autocannon({
    url: base,
    connections,
    duration,
    requests: paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } })),
  });
}

/**
 * The CPU time (user + system, ms) a process has used, from /proc (Linux; null elsewhere). Unlike requests/s it
 * hardly moves with what else runs on the machine, so it compares runs.
 */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!pid || !existsSync(file)) return null;
  // After the command name (which may hold spaces: skipped up to its ')'), utime and stime are fields 14 and 15,
  // in clock ticks (100 a second on Linux).
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function measure(autocannon, base, paths, { duration, connections, pid }) {
  await cannon(autocannon, base, paths, Math.min(3, duration), connections); // warm-up, not counted
  const cpuBefore = cpuMs(pid);
  const r = await cannon(autocannon, base, paths, duration, connections);
  const cpuAfter = cpuMs(pid);
  return {
    cpuPerRequestUs:
      cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : null,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function startApp({ serverMain, fromSource, webDir, port, dataDir }) {
  const [command, args] = fromSource ? ['node', ['--import', 'tsx', 'src/server/main.ts']] : ['node', [serverMain]];
  return spawnServer(
    command,
    args,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // One client asks everything: the search's rate limit is kept (its bookkeeping runs) but set out of reach.
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    '/api/health',
    port,
  );
}

const cpuText = (r) => (r.cpuPerRequestUs === null ? '–' : `${Math.round(r.cpuPerRequestUs)} µs`);
const rate = (value) => Math.round(value).toLocaleString('en');

function verdictOf(r, bare) {
  if (r.skipped) return `not measured: ${r.skipped}`;
  if (r.total === 0) return '**BELOW GOAL** (no answer within the run)';
  if (r.errors > 0) return `**BELOW GOAL** (${r.errors} requests timed out or failed)`;
  if (r.non2xx > 0) return `not valid: ${r.non2xx} of ${r.total} answers were not 2xx`;
  if (r.goal === 'baseline') return 'baseline';
  const limit = r.goal === 'share' ? SHARE_OF_BARE_GOAL * bare.rps : SEARCH_GOAL_RPS;
  return r.rps >= limit ? 'ok' : '**BELOW GOAL**';
}

function goalText(r, bare) {
  if (r.goal === 'baseline') return '';
  if (r.goal === 'search') return `≥ ${rate(SEARCH_GOAL_RPS)}/s`;
  return `≥ ${SHARE_OF_BARE_GOAL * 100} % of bare (${rate(SHARE_OF_BARE_GOAL * (bare?.rps ?? 0))}/s)`;
}

function markdown(results, { duration, connections, server, elapsed }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const bare = results.find((r) => r.goal === 'baseline');
  const lines = [
    `Measured ${date} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server} on embedded PGlite (fresh data dir, demo data), load average ${os.loadavg()[0].toFixed(1)} at the end; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up, from the same machine, in one run. The search rotates through the demo bikes' frame numbers and plates (exact matches), its rate limit counted but set out of reach. Requests/s move with whatever else runs on the machine (autocannon shares it); the server's CPU time a request (user + system, from /proc, over the measured run) moves much less and compares runs.`,
    '',
    '| case | requests/s | share of bare | p50 | p99 | server CPU a request | goal | |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`| ${r.label} | – | – | – | – | – | ${goalText(r, bare)} | not measured: ${r.skipped} |`);
      continue;
    }
    const share = bare && !bare.skipped && bare.rps > 0 ? `${Math.round((100 * r.rps) / bare.rps)} %` : '–';
    lines.push(
      `| ${r.label} | ${rate(r.rps)} | ${share} | ${ms(r.p50)} | ${ms(r.p99)} | ${cpuText(r)} | ${goalText(r, bare)} | ${verdictOf(r, bare)} |`,
    );
  }
  lines.push('', `The whole overhead benchmark took ${Math.round(elapsed)} s.`, '');
  return lines.join('\n');
}

/** Runs the overhead benchmark; resolves with { markdown, results, belowGoal }. */
export async function runOverheadBench(options = {}) {
  const started = performance.now();
  const { serverMain, fromSource, webDir } = benchSettings(options);
  const duration = Number(process.env.BENCH_OVERHEAD_DURATION ?? 10);
  const connections = Number(process.env.BENCH_OVERHEAD_CONNECTIONS ?? 20);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-overhead-'));
  const children = [];
  try {
    const appPort = Number(process.env.BENCH_OVERHEAD_PORT ?? 0) || (await freePort());
    const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 0) || (await freePort());
    log('Overhead: starting the bare Fastify baseline and the app on PGlite …');
    const baseline = await startBaseline(baselinePort);
    children.push(baseline);
    const app = await startApp({ serverMain, fromSource, webDir, port: appPort, dataDir });
    children.push(app);
    const base = `http://127.0.0.1:${appPort}`;
    const { default: autocannon } = await import('autocannon');
    const cases = [
      {
        label: 'bare Fastify route (baseline)',
        base: `http://127.0.0.1:${baselinePort}`,
        pid: baseline.pid,
        paths: ['/bare?q=WBK482913S'],
        goal: 'baseline',
      },
      { label: '`GET /api/health`', base, pid: app.pid, paths: ['/api/health'], goal: 'share' },
      { label: 'static file `GET /manifest.webmanifest`', base, pid: app.pid, paths: ['/manifest.webmanifest'], goal: 'share' },
      {
        label: 'public search on PGlite `GET /api/search/bikes?q=`',
        base,
        pid: app.pid,
        paths: DEMO_SEARCHES.map((q) => `/api/search/bikes?q=${encodeURIComponent(q)}`),
        goal: 'search',
      },
    ];
    const results = [];
    for (const c of cases) {
      // Each path must answer 200 (and a search must find its bike) before it is measured.
      const problems = [];
      for (const p of c.paths) {
        const answer = await get(`${c.base}${p}`, 30_000).catch((error) => ({ status: 0, body: String(error) }));
        if (answer.status !== 200) problems.push(`${p} answers HTTP ${answer.status}`);
        else if (c.goal === 'search' && JSON.parse(answer.body).exact?.length !== 1) problems.push(`${p} finds no exact match`);
      }
      if (problems.length > 0) {
        log(`Overhead: ${c.label}: ${problems.join('; ')}: not measured`);
        results.push({ label: c.label, goal: c.goal, skipped: problems.join('; ') });
        continue;
      }
      log(`Overhead: ${c.label} …`);
      const r = { label: c.label, goal: c.goal, ...(await measure(autocannon, c.base, c.paths, { duration, connections, pid: c.pid })) };
      results.push(r);
      log(`  ${rate(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, server CPU ${cpuText(r)} a request`);
    }
    const bare = results.find((r) => r.goal === 'baseline');
    const belowGoal = results.some((r) => verdictOf(r, bare).includes('BELOW GOAL'));
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    return {
      results,
      belowGoal,
      markdown: markdown(results, { duration, connections, server, elapsed: (performance.now() - started) / 1000 }),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runOverheadBench()
    .then((outcome) => {
      log(`\n${outcome.markdown}`);
      if (outcome.belowGoal) log('BELOW GOAL: see the table above.');
    })
    .catch((error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    });
}
