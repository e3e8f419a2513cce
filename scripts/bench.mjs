// npm run bench: measures the budgets of design.md that can be measured on one machine, prints them and
// writes them to bench-results.md. Exits non-zero when a budget is exceeded.
//   cold start   spawn → /api/health answering, on an existing data dir (median of 3)
//   JS per page  gzip bytes of every script a public page loads in Chromium until the network is idle; what it
//                loads after its first render (from its 'after-first-render' performance mark on) is listed apart
// Settings: WEB_DIR (another web build), BENCH_SERVER=source (run src/server with tsx) or =<path to main.js>,
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_OUT (default bench-results.md), BENCH_VERBOSE=1 (list
// each page's files).
//   search       frame-number and plate lookups at 1 M bikes on PostgreSQL (scripts/bench-search.mjs, which
//                lists its own settings); skipped with a message when no PostgreSQL answers at
//                BENCH_DATABASE_URL, or when BENCH_SEARCH=skip (only the budgets above). Over budget it prints
//                OVER BUDGET but does not change the exit code.
//   map          the stolen-bike map's clusters, list and page at 100 000 stolen bikes on PostgreSQL
//                (scripts/bench-map.mjs, which lists its own settings); skipped like search, or with
//                BENCH_MAP=skip. Over budget (p99 > 50 ms) it prints OVER BUDGET; the exit code stays.
//   claims       an insurer's claim list at 10 000 claims on PostgreSQL (scripts/bench-claims.mjs, which lists its
//                own settings); skipped like search, or with BENCH_CLAIMS=skip. Over budget (p99 > 50 ms) it prints
//                OVER BUDGET; the exit code stays.
//   plates       the backoffice's plates at 100 000 plates on PostgreSQL (scripts/bench-plates.mjs, which lists its
//                own settings); skipped like search, or with BENCH_PLATES=skip. Over budget (p99 > 50 ms) it prints
//                OVER BUDGET; the exit code stays.
//   orders       the backoffice's order and shipment lists at 100 000 orders on PostgreSQL (scripts/bench-orders.mjs,
//                which lists its own settings); skipped like search, or with BENCH_ORDERS=skip. Over budget (p99 > 50 ms)
//                it prints OVER BUDGET; the exit code stays.
//   overhead     what every request pays: a bare Fastify route, /api/health, a static file and the public search
//                on PGlite, 20 connections for 10 s each in one run (scripts/bench-overhead.mjs, which lists its own
//                settings); BENCH_OVERHEAD=skip skips it. A goal missed prints BELOW GOAL; the exit code stays.
//   lighthouse   Lighthouse mobile performance of /, /search and /stolen-bike-map on the same server, median of
//                3 runs (scripts/bench-lighthouse.mjs, which lists its own settings); BENCH_LIGHTHOUSE=skip
//                skips it. Under 95 it prints OVER BUDGET; the exit code stays (a simulated score drifts).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { runClaimsBench } from './bench-claims.mjs';
import { runLighthouseBench } from './bench-lighthouse.mjs';
import { runMapBench } from './bench-map.mjs';
import { runOrdersBench } from './bench-orders.mjs';
import { runOverheadBench } from './bench-overhead.mjs';
import { runPlatesBench } from './bench-plates.mjs';
import { runSearchBench } from './bench-search.mjs';
import { benchSettings, CHROMIUM_ARGS } from './bench-support.mjs';

const JS_BUDGET_BYTES = 120_000; // 120 kB, kB as Vite counts them (1000 bytes)
// The performance mark a page sets when it starts loading what comes after its first render (src/web/stolen-map).
const AFTER_FIRST_RENDER = 'after-first-render';
const COLD_START_BUDGET_MS = 3_000;
const COLD_START_RUNS = 3;
const REQUIRED_PAGES = ['/', '/login', '/signup', '/forgot-password', '/verify-email', '/404'];
// The other public pages of spec §2 without parameters: measured when the app has them (not the 404 page).
const OTHER_PUBLIC_PAGES = [
  '/signup/newsletter',
  '/signup/newsletter-sleek',
  '/forgot-passw-check-mail',
  '/reset-password',
  '/reset-password-succes',
  '/search',
  '/org-bike-search',
  '/stolen-bike-map',
  '/webshop',
  '/our-mission',
  '/advisory-board',
  '/go-to-webshop',
  '/find-distributor',
  '/hvordan',
  '/privacy',
  '/forsikringsfordel',
  '/survey',
  '/support/chat',
  '/successfully-deleted',
  '/signup/from-scan',
  '/sticker-id/insurance-plate',
  '/sticker-id/no-registration',
  // A scanned plate: the demo owner's registered bike, and a free plate (demo data).
  '/sticker-id/DEMOBIKE1',
  '/sticker-id/01/05790000000000/21/DEMO0019',
];

// BENCH_SERVER: 'source', or the path of another server build's main.js; by default dist/server/main.js.
const { serverMain, fromSource, webDir } = benchSettings();
const outFile = process.env.BENCH_OUT ?? 'bench-results.md';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.setTimeout(2_000, () => request.destroy(new Error('timeout')));
  });
}

/** Starts the server and resolves with the time from spawn until /api/health answers 200. */
async function startServer(dataDir, port) {
  const [command, args] = fromSource ? ['node', ['--import', 'tsx', 'src/server/main.ts']] : ['node', [serverMain]];
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  while (performance.now() - started < 60_000) {
    if (exited) throw new Error(`server exited before answering:\n${output}`);
    try {
      const health = await get(`http://127.0.0.1:${port}/api/health`);
      if (health.status === 200) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not answer within 60 s:\n${output}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => (bytes / 1000).toFixed(1);

async function measureColdStart(dataDir, port) {
  // The first start creates the data dir (database, migrations, secrets, demo data); it is not measured.
  await stopServer((await startServer(dataDir, port)).child);
  const runs = [];
  for (let i = 0; i < COLD_START_RUNS; i++) {
    const { child, ms } = await startServer(dataDir, port);
    runs.push(ms);
    await stopServer(child);
  }
  return { runs, median: median(runs) };
}

/** Gzip size of a file as the server sends it to a client that accepts only gzip (the budget's unit). */
async function gzipSize(url) {
  const response = await get(url, { 'accept-encoding': 'gzip' });
  return { bytes: response.body.length, gzip: response.headers['content-encoding'] === 'gzip' };
}

async function measurePage(browser, base, page) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'da-DK' });
  const tab = await context.newPage();
  const scripts = [];
  tab.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) scripts.push(response);
  });
  await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
  // A page that loads more once it has rendered (the stolen-bike map: Leaflet, the outline, the clusters) marks
  // the moment with performance.mark(AFTER_FIRST_RENDER); what it asks for from then on is counted apart.
  const later = new Set(
    await tab.evaluate((name) => {
      const mark = performance.getEntriesByName(name, 'mark')[0];
      if (!mark) return [];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= mark.startTime)
        .map((entry) => entry.name);
    }, AFTER_FIRST_RENDER),
  );
  const heading =
    (
      await tab
        .locator('h1')
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => null)
    )?.trim() ?? '';
  const finalPath = new URL(tab.url()).pathname;
  const first = { files: 0, gzipBytes: 0, transferred: 0 };
  const all = { files: 0, gzipBytes: 0, transferred: 0 };
  const uncompressed = [];
  const files = [];
  const encodings = new Set();
  for (const response of scripts) {
    await response.finished();
    encodings.add(response.headers()['content-encoding'] ?? 'none');
    const transferred = (await response.request().sizes()).responseBodySize;
    const size = await gzipSize(response.url());
    const isLater = later.has(response.url());
    for (const sum of isLater ? [all] : [first, all]) {
      sum.files += 1;
      sum.gzipBytes += size.bytes;
      sum.transferred += transferred;
    }
    files.push({ path: new URL(response.url()).pathname, bytes: size.bytes, later: isLater });
    if (!size.gzip) uncompressed.push(new URL(response.url()).pathname);
  }
  await context.close();
  if (process.env.BENCH_VERBOSE) {
    const line = (f) => `  ${kb(f.bytes).padStart(6)} kB  ${f.path}${f.later ? '  (after first render)' : ''}`;
    process.stdout.write(`${page}\n${files.map(line).join('\n')}\n`);
  }
  return {
    page,
    finalPath,
    heading,
    ...first,
    // Only for a page that loads more after its first render: everything it loaded (not in the budget).
    withLater: later.size > 0 ? all : null,
    uncompressed,
    encodings: [...encodings],
  };
}

async function measurePages(base) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const notFound = await measurePage(browser, base, '/404');
    const results = [];
    for (const page of REQUIRED_PAGES) results.push(page === '/404' ? notFound : await measurePage(browser, base, page));
    for (const page of OTHER_PUBLIC_PAGES) {
      const result = await measurePage(browser, base, page);
      // Every path answers the app shell: a page the app lacks shows the 404 page or sends the visitor to
      // /login (§2 access redirects), and is left out.
      if (result.heading !== notFound.heading && result.finalPath === page) results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

function report({ coldStart, pages, version }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
  const coldOk = coldStart.median <= COLD_START_BUDGET_MS;
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${date} UTC by \`npm run bench\` on ${os.cpus().length} × ${cpu}, Node ${process.version}, build ${version}, server ${server}, embedded PGlite.`,
    '',
    '| budget | measured | limit | |',
    '|---|---|---|---|',
    `| cold start on an existing data dir (spawn → /api/health, median of ${COLD_START_RUNS}) | ${Math.round(coldStart.median)} ms (${coldStart.runs.map(Math.round).join(', ')}) | ≤ ${COLD_START_BUDGET_MS} ms | ${coldOk ? 'ok' : '**over**'} |`,
    `| JS on first load of a public page, gzip (largest) | ${kb(Math.max(...pages.map((p) => p.gzipBytes)))} kB | ≤ ${kb(JS_BUDGET_BYTES)} kB | ${pages.every((p) => p.gzipBytes <= JS_BUDGET_BYTES) ? 'ok' : '**over**'} |`,
    '',
    `JavaScript loaded by each public page in Chromium (fresh context, no service worker) until the network is idle; what a page loads after its first render (from its \`${AFTER_FIRST_RENDER}\` mark on: the stolen-bike map's Leaflet, outline and map code) is left out of its first load and listed apart.`,
    `gzip: the bytes the server sends for those files to a client accepting only gzip (the budget's unit); as sent: the body bytes Chromium received (encoding: ${[...new Set(pages.flatMap((p) => p.encodings))].join(', ')}; chunked). 1 kB = 1000 bytes.`,
    '',
    '| page | JS files | gzip | as sent | budget | |',
    '|---|---:|---:|---:|---:|---|',
    ...pages.flatMap((p) => [
      `| ${p.page}${p.finalPath === p.page ? '' : ` (→ ${p.finalPath})`} | ${p.files} | ${kb(p.gzipBytes)} kB | ${kb(p.transferred)} kB | ${kb(JS_BUDGET_BYTES)} kB | ${p.gzipBytes <= JS_BUDGET_BYTES ? 'ok' : '**over**'} |`,
      ...(p.withLater
        ? [
            `| ${p.page} with what loads after its first render | ${p.withLater.files} | ${kb(p.withLater.gzipBytes)} kB | ${kb(p.withLater.transferred)} kB | — | |`,
          ]
        : []),
    ]),
    '',
  ];
  const uncompressed = [...new Set(pages.flatMap((p) => p.uncompressed))];
  if (uncompressed.length > 0) lines.push(`Sent without gzip: ${uncompressed.join(', ')}`, '');
  return { markdown: lines.join('\n'), ok: coldOk && pages.every((p) => p.gzipBytes <= JS_BUDGET_BYTES) };
}

/** The Lighthouse section of the results; like search and map, it never changes the exit code. */
async function measureLighthouse(baseUrl) {
  if (process.env.BENCH_LIGHTHOUSE === 'skip') return 'Not measured (BENCH_LIGHTHOUSE=skip).\n';
  try {
    const outcome = await runLighthouseBench({ baseUrl });
    if (outcome.overBudget) process.stdout.write('Lighthouse: OVER BUDGET (a page scores under 95, see the table)\n');
    return outcome.markdown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Lighthouse benchmark failed: ${message}`);
    return `Not measured: the Lighthouse benchmark failed (${message.split('\n')[0]}).\n`;
  }
}

/** The request-overhead section of the results; like search, it never changes the exit code. */
async function measureOverhead() {
  if (process.env.BENCH_OVERHEAD === 'skip') return 'Not measured (BENCH_OVERHEAD=skip).\n';
  try {
    const outcome = await runOverheadBench({ serverMain, fromSource, webDir });
    if (outcome.belowGoal) process.stdout.write('Request overhead: BELOW GOAL (see the table)\n');
    return outcome.markdown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Request-overhead benchmark failed: ${message}`);
    return `Not measured: the request-overhead benchmark failed (${message.split('\n')[0]}).\n`;
  }
}

/**
 * One PostgreSQL benchmark's section of the results (search, map, claims, plates, orders): skipped with
 * BENCH_<NAME>=skip or when no PostgreSQL answers; over budget it says so. A benchmark, so it never changes the exit code.
 */
async function measureOnPostgres(name, run, budgetMs) {
  const title = name[0].toUpperCase() + name.slice(1);
  if (process.env[`BENCH_${name.toUpperCase()}`] === 'skip') return `Not measured (BENCH_${name.toUpperCase()}=skip).\n`;
  try {
    const outcome = await run({ serverMain, fromSource, webDir });
    if (outcome.skipped) {
      process.stdout.write(`${title} benchmark skipped: ${outcome.skipped}\n`);
      return `Not measured: ${outcome.skipped}.\n`;
    }
    if (outcome.overBudget) process.stdout.write(`${title}: OVER BUDGET (p99 above ${budgetMs} ms, see the table)\n`);
    return outcome.markdown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${title} benchmark failed: ${message}`);
    return `Not measured: the ${name} benchmark failed (${message.split('\n')[0]}).\n`;
  }
}

async function main() {
  if (!existsSync(path.join(webDir, 'index.html'))) throw new Error(`no web build in ${webDir}: run npm run build (or set WEB_DIR)`);
  const version = JSON.parse(readFileSync(path.join(webDir, 'build.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-'));
  try {
    const port = await freePort();
    process.stdout.write(`Cold start (${fromSource ? 'source' : 'dist'} server, data in ${dataDir}) …\n`);
    const coldStart = await measureColdStart(dataDir, port);
    const { child } = await startServer(dataDir, port);
    let pages;
    let lighthouse;
    try {
      process.stdout.write('JavaScript per public page …\n');
      pages = await measurePages(`http://127.0.0.1:${port}`);
      process.stdout.write('Lighthouse (mobile) on /, /search, /stolen-bike-map …\n');
      lighthouse = await measureLighthouse(`http://127.0.0.1:${port}`);
    } finally {
      await stopServer(child);
    }
    const { markdown: budgets, ok } = report({ coldStart, pages, version });
    process.stdout.write('Request overhead: bare Fastify, /api/health, a static file, search on PGlite …\n');
    const overhead = await measureOverhead();
    process.stdout.write('Search at 1 M bikes on PostgreSQL …\n');
    const search = await measureOnPostgres('search', runSearchBench, 20);
    process.stdout.write('Stolen-bike map at 100 000 stolen bikes on PostgreSQL …\n');
    const map = await measureOnPostgres('map', runMapBench, 50);
    process.stdout.write("An insurer's claims at 10 000 claims on PostgreSQL …\n");
    const claims = await measureOnPostgres('claims', runClaimsBench, 50);
    process.stdout.write("The backoffice's plates at 100 000 plates on PostgreSQL …\n");
    const plates = await measureOnPostgres('plates', runPlatesBench, 50);
    process.stdout.write("The backoffice's orders at 100 000 orders on PostgreSQL …\n");
    const ordersSection = await measureOnPostgres('orders', runOrdersBench, 50);
    const markdown = `${budgets}\n## Lighthouse\n\n${lighthouse}\n## Request overhead\n\n${overhead}\n## Search\n\n${search}\n## Stolen-bike map\n\n${map}\n## Insurance claims\n\n${claims}\n## Backoffice plates\n\n${plates}\n## Backoffice orders\n\n${ordersSection}`;
    process.stdout.write(`\n${markdown}\n`);
    writeFileSync(outFile, markdown);
    process.stdout.write(`Written to ${outFile}\n`);
    if (!ok) {
      console.error('A budget is exceeded (see above).');
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
