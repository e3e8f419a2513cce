// The search benchmark of `npm run bench` (design.md: frame-number / plate lookup at 1 M bikes, 50
// connections, PostgreSQL, p99 ≤ 20 ms). Called by scripts/bench.mjs; also runs on its own:
//   node scripts/bench-search.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 1 M bikes with
// set-based SQL (bikes with frame numbers and plates, current ownerships on a few thousand people), starts
// the app and measures with autocannon, 50 connections:
//   bare Fastify      one route answering a small JSON, in a child process of its own (the baseline)
//   frame number      GET /api/search/bikes?q=<frame number>, rotating through 10 000 existing ones
//   plate ID          GET /api/search/bikes?q=<plate ID>, idem
//   did you mean      GET /api/search/bikes?q=<frame number with one wrong letter>: no exact match, the
//                     trigram search for close ones (not a lookup of the budget, shown beside them)
//   sticker scan      GET /api/stickers/<plate ID>, idem
// Each case runs again with one connection (the time one request takes when none waits in line).
// Only one run at a time per PostgreSQL (an advisory lock); a second one is skipped with a message.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL   admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                        the scratch database bike_bench_search is created next to it and dropped at the end
//   BENCH_KEEP_DB=1      keep the loaded scratch database (a later run reuses it when it is complete)
//   BENCH_BIKES          number of bikes (default 1 000 000)
//   BENCH_DURATION       seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_CONNECTIONS    default 50
//   BENCH_SINGLE=0       no second pass with one connection (its 5 s a case)
//   BENCH_SERVER         source (src/server via tsx) or the path of a server build's main.js (default dist/server/main.js)
//   BENCH_SEARCH_PORT, BENCH_BASELINE_PORT   fixed ports (default: free ones)
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchSettings, connect, freePort, get, spawnServer, startBaseline, stopServer } from './bench-support.mjs';

export const P99_BUDGET_MS = 20;
const SCRATCH_DB = 'bike_bench_search';
/** Bumped whenever the generated data changes, so that an older kept database is loaded again. */
const DATA_VERSION = 2;
const SAMPLE_SIZE = 10_000;
/** Advisory lock taken on the admin connection for the whole run (any fixed number). */
const BENCH_LOCK_KEY = 7_463_290;
const PERSONS = 5_000;
/** Plates of the bench batch that are on no bike (scans of unregistered plates). */
const FREE_PLATES = 20_000;
// Letters that no frame-number normalisation maps to something else (no O/0, I/1, S/5, Z/2, B/8, G/6, Q, L).
const SAFE_LETTERS = 'ACDEFHJKMNPRTUVX';
const BRAND_PREFIXES = ['CK', 'MX', 'PN', 'TR', 'AV', 'HE', 'KJ', 'DU', 'REX', 'NK'];
const BRAND_NAMES = ['Christiania', 'Mustang', 'Pelago', 'Trek', 'Avenue', 'Hercules', 'Kildemoes', 'Duo', 'Raleigh', 'Nishiki'];
const PLATE_ALPHABET = 'ACDEFGHJKLMNPQRTUVWXY34679';
const PLATE_LENGTH = 8;
/** Plate n gets the ID of (n·A + C) mod 26^8 written in PLATE_ALPHABET: a bijection, since A is prime to 26. */
const PLATE_A = 2_654_435_761n;
const PLATE_C = 1_234_567n;

const log = (line) => process.stdout.write(`${line}\n`);

function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The plate number x of plate n (see PLATE_A), and its ID written in PLATE_ALPHABET, as SQL. */
const plateNumberSql = (n) => `(${n}::bigint * ${PLATE_A} + ${PLATE_C}) % ${26n ** BigInt(PLATE_LENGTH)}`;
function plateIdSql(x) {
  const parts = [];
  for (let i = PLATE_LENGTH - 1; i >= 0; i--) parts.push(`substr('${PLATE_ALPHABET}', ((${x} / ${26n ** BigInt(i)}) % 26)::int + 1, 1)`);
  return parts.join(' || ');
}

export function plateIdOf(n) {
  let x = (BigInt(n) * PLATE_A + PLATE_C) % 26n ** BigInt(PLATE_LENGTH);
  let id = '';
  for (let i = 0; i < PLATE_LENGTH; i++) {
    id = PLATE_ALPHABET[Number(x % 26n)] + id;
    x /= 26n;
  }
  return id;
}

/**
 * The frame number of bike n in the Danish form: W, the maker's letters, a serial, the year letter,
 * e.g. WCK0012345H. Already normal (upper case, no separators, no look-alike letters).
 */
function frameNumberSql(n) {
  const prefixes = `ARRAY[${BRAND_PREFIXES.map((p) => `'${p}'`).join(',')}]`;
  return `'W' || (${prefixes})[1 + ${n} % ${BRAND_PREFIXES.length}] || lpad(${n}::text, 7, '0') || substr('${SAFE_LETTERS}', 1 + (${n} / 7) % ${SAFE_LETTERS.length}, 1)`;
}

export function frameNumberOf(n) {
  return `W${BRAND_PREFIXES[n % BRAND_PREFIXES.length]}${String(n).padStart(7, '0')}${SAFE_LETTERS[Math.floor(n / 7) % SAFE_LETTERS.length]}`;
}

/** PostgreSQL's md5(text)::uuid. */
const md5Uuid = (text) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** One wrong character: the year letter becomes W, which no generated frame number ends with. */
const typo = (frame) => `${frame.slice(0, -1)}W`;

/** Every 10th bike (n ≡ 5) is not searchable, every 100th is reported stolen; the samples are searchable ones. */
const isSearchable = (n) => n % 10 !== 5;

const marker = (bikes) => `bike-bench-search data v${DATA_VERSION}: ${bikes} bikes loaded`;

/** The loaded database is complete when its comment says so (written last, after ANALYZE). */
async function loadedState(admin, bikes) {
  const { rows } = await admin.query(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [
    SCRATCH_DB,
  ]);
  if (rows.length === 0) return 'absent';
  return rows[0].comment === marker(bikes) ? 'complete' : 'incomplete';
}

/** Indexes of these tables that are not behind a constraint: dropped during the load, built again after. */
async function secondaryIndexes(db, tables) {
  const { rows } = await db.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

async function loadData(db, bikes) {
  const started = performance.now();
  const step = async (label, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await db.query(`set maintenance_work_mem = '512MB'`);
  await db.query(`set synchronous_commit = off`);
  await db.query(`set max_parallel_maintenance_workers = 2`);
  // Foreign keys are satisfied by construction; skipping their triggers makes the load several times faster.
  await db.query(`set session_replication_role = replica`);
  const tables = ['party', 'identity', 'bike', 'bike_ownership', 'plate_batch', 'plate'];
  const indexes = await secondaryIndexes(db, tables);
  await db.query('begin');
  for (const index of indexes) await db.query(`drop index ${index.name}`);
  await step(
    `${PERSONS} people`,
    `insert into party (id, kind, created_at)
       select md5('bench-party-' || p)::uuid, 'person', now() - interval '3 years'
         from generate_series(1, ${PERSONS}) p`,
  );
  await step(
    `${PERSONS} identities`,
    `insert into identity (party_id, email, role, first_name, last_name, email_verified_at, verified_on, signed_up_at)
       select md5('bench-party-' || p)::uuid, 'bench-' || p || '@bench.invalid', 'private', 'Bench', 'Owner ' || p,
              now() - interval '3 years', case when p % 2 = 0 then now() - interval '2 years' end, now() - interval '3 years'
         from generate_series(1, ${PERSONS}) p`,
  );
  await step(
    `${bikes.toLocaleString('en')} bikes`,
    `insert into bike (id, frame_number, frame_number_normalised, nickname, brand_name, model, type_id, color_id, category_id,
                       is_electric, production_year, purchase_date, searchable, reported_stolen, created_at, updated_at)
       select md5('bench-bike-' || n)::uuid, f, f, null,
              (array[${BRAND_NAMES.map((b) => `'${b}'`).join(',')}])[1 + n % ${BRAND_NAMES.length}],
              'Model ' || (n % 37), (array['female','male','unisex'])[1 + n % 3],
              (array['black','gray','blue','green','white','red','orange','yellow','brown','purple','multi','pink'])[1 + n % 12],
              (array['city','mountainTour','road','racer','cargo','hybrid','cruiser','folding','bmx'])[1 + n % 9],
              n % 4 = 0, 2010 + n % 16, null, n % 10 <> 5, n % 100 = 0,
              now() - (n % 3000) * interval '1 day', now() - (n % 3000) * interval '1 day'
         from (select n, ${frameNumberSql('n')} as f from generate_series(1, ${bikes}) n) s`,
  );
  await step(
    `${bikes.toLocaleString('en')} current ownerships`,
    `insert into bike_ownership (id, bike_id, party_id, started_at)
       select md5('bench-ownership-' || n)::uuid, md5('bench-bike-' || n)::uuid, md5('bench-party-' || (1 + n % ${PERSONS}))::uuid,
              now() - (n % 3000) * interval '1 day'
         from generate_series(1, ${bikes}) n`,
  );
  await step(
    'a plate batch',
    `insert into plate_batch (id, name, kind, includes_registration) values (md5('bench-batch')::uuid, 'Benchmark', 'standard', false)`,
  );
  await step(
    `${(bikes + FREE_PLATES).toLocaleString('en')} plates (${FREE_PLATES.toLocaleString('en')} on no bike)`,
    `insert into plate (id, batch_id, bike_id, assigned_at)
       select ${plateIdSql('x')}, md5('bench-batch')::uuid,
              case when n <= ${bikes} then md5('bench-bike-' || n)::uuid end,
              case when n <= ${bikes} then now() - (n % 3000) * interval '1 day' end
         from (select n, ${plateNumberSql('n')} as x from generate_series(1, ${bikes + FREE_PLATES}) n offset 0) s`,
  );
  for (const index of indexes) await step(`index ${index.name}`, index.def);
  await db.query('commit');
  await db.query(`set session_replication_role = origin`);
  // As autovacuum would have long since: statistics, and visibility maps for index-only scans.
  await step('vacuum, analyze', `vacuum (analyze) party, identity, bike, bike_ownership, plate_batch, plate`);
  log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// --- servers -----------------------------------------------------------------------------------

function serverCommand(serverMain, fromSource) {
  return fromSource ? ['node', ['--import', 'tsx', 'src/server/main.ts']] : ['node', [serverMain]];
}

function startApp({ serverMain, fromSource, webDir, url, port, dataDir }) {
  const [command, args] = serverCommand(serverMain, fromSource);
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
      // The public lookups are rate-limited per client address. The benchmark plays many clients behind a
      // proxy on this machine: every request names another client in X-Forwarded-For, as a load balancer
      // would, so the limits (and their bookkeeping) apply as in production without throttling the run.
      TRUST_PROXY: '127.0.0.1',
    },
    '/api/health',
    port,
  );
}

// --- measuring ---------------------------------------------------------------------------------

/** Client addresses 10.0.0.1 …: one a request, never again in a run. */
let client = 0;
const nextClient = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function cannon(autocannon, base, paths, duration, connections) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[i++ % paths.length];
          request.headers = { ...request.headers, 'x-forwarded-for': nextClient() };
          return request;
        },
      },
    ],
  });
  return result;
}

/**
 * With the connections of the budget (each asks again as soon as it has its answer, so p50 ≈
 * connections / throughput by Little's law), then with one connection (the time one request takes
 * when nothing waits in line). autocannon's fixed-rate mode sends each second's requests in a burst,
 * so it would not show that.
 */
async function measure(autocannon, base, paths, { duration, connections, single }) {
  await cannon(autocannon, base, paths, Math.min(3, duration), connections); // warm-up, not counted
  const load = os.loadavg()[0];
  const r = await cannon(autocannon, base, paths, duration, connections);
  const one = single ? await cannon(autocannon, base, paths, Math.min(5, duration), 1) : null;
  return {
    one: one && { rps: one.requests.average, p50: one.latency.p50, p99: one.latency.p99, non2xx: one.non2xx },
    load: Math.max(load, os.loadavg()[0]),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Checks that a few lookups find what they should, before measuring them; returns what is wrong, or null. */
async function checkAnswers(base, sample) {
  const problems = [];
  for (const s of sample.slice(0, 5)) {
    const byFrame = await get(`${base}/api/search/bikes?q=${encodeURIComponent(s.frame)}`, 30_000);
    if (byFrame.status !== 200) problems.push(`search ${s.frame}: HTTP ${byFrame.status} ${byFrame.body.slice(0, 200)}`);
    else if (!JSON.parse(byFrame.body).exact?.some((b) => b.frame_number === s.frame))
      problems.push(`search ${s.frame}: not among the exact matches`);
    const byPlate = await get(`${base}/api/search/bikes?q=${encodeURIComponent(s.plate)}`);
    if (byPlate.status !== 200) problems.push(`search ${s.plate}: HTTP ${byPlate.status} ${byPlate.body.slice(0, 200)}`);
    else if (!JSON.parse(byPlate.body).exact?.some((b) => b.bikekey_id === s.plate))
      problems.push(`search ${s.plate}: not among the exact matches`);
    const sticker = await get(`${base}/api/stickers/${encodeURIComponent(s.plate)}`);
    if (sticker.status !== 200) problems.push(`sticker ${s.plate}: HTTP ${sticker.status} ${sticker.body.slice(0, 200)}`);
    else if (JSON.parse(sticker.body).status !== 'registered') problems.push(`sticker ${s.plate}: not registered`);
    if (problems.length >= 5) break;
  }
  return problems;
}

/** The frame-number normalisation of the app, to make sure the generated numbers are already normal. */
async function loadNormalise(fromSource, serverMain) {
  const built = path.join(path.dirname(path.resolve(serverMain)), '..', 'domain', 'bikes', 'frame-number.js');
  if (!fromSource && existsSync(built)) return (await import(pathToFileURL(built).href)).normaliseFrameNumber;
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('../src/domain/bikes/frame-number.ts', import.meta.url)).normaliseFrameNumber;
}

function sampleNumbers(bikes, count) {
  // A fixed pseudo-random sequence (LCG), so that every run asks the same questions.
  let seed = 42;
  const numbers = [];
  while (numbers.length < Math.min(count, bikes)) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const n = 1 + (seed % bikes);
    if (isSearchable(n)) numbers.push(n);
  }
  return numbers;
}

/**
 * ok, or OVER BUDGET; a request that timed out (autocannon gives up after 10 s) counts as over budget,
 * since the latency percentiles only know the answered ones. Non-2xx answers make the figures meaningless.
 */
function verdictOf(r) {
  if (r.total === 0) return '**OVER BUDGET** (no answer within the run)';
  if (r.errors > 0) return `**OVER BUDGET** (${r.errors} requests timed out or failed)`;
  if (r.non2xx > 0) return `not valid: ${r.non2xx} of ${r.total} answers were not 2xx`;
  if (r.baseline) return 'baseline';
  if (r.outsideBudget) return `${r.p99 <= P99_BUDGET_MS ? 'within' : 'over'} ${P99_BUDGET_MS} ms (not a budget)`;
  return r.p99 <= P99_BUDGET_MS ? 'ok' : '**OVER BUDGET**';
}

/** autocannon measures whole milliseconds. */
const ms = (value) => (value < 1 ? '< 1 ms' : `${Math.round(value)} ms`);

function markdown(results, { bikes, duration, connections, server, elapsed }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const lines = [
    `Search at ${bikes.toLocaleString('en')} bikes on PostgreSQL, measured ${date} UTC by \`npm run bench\` on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server}, one instance; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up, from the same machine. Each case rotates through ${SAMPLE_SIZE.toLocaleString('en')} different existing frame numbers or plate IDs, each request from another client address (X-Forwarded-For through a trusted proxy, so the per-client rate limits apply but do not throttle). The budget is read with ${connections} connections, each asking again as soon as it has its answer; the last column is one connection for 5 s: how long one request takes when none waits in line.`,
    '',
    `| lookup | requests/s | p50 | p99 | p99 budget | | one connection: p50 / p99 |`,
    '|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`| ${r.label} | – | – | – | | not measured: ${r.skipped} | |`);
      continue;
    }
    const notes = [];
    if (r.load > os.cpus().length) notes.push(`machine busy (load ${r.load.toFixed(1)})`);
    const verdict = verdictOf(r);
    lines.push(
      `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.baseline || r.outsideBudget ? '' : `≤ ${P99_BUDGET_MS} ms`} | ${[verdict, ...notes].join('; ')} | ${r.one ? `${ms(r.one.p50)} / ${ms(r.one.p99)}${r.one.non2xx ? ` (${r.one.non2xx} non-2xx)` : ''}` : '–'} |`,
    );
  }
  lines.push('', `The whole search benchmark took ${Math.round(elapsed)} s (load, start, measure).`, '');
  return lines.join('\n');
}

/**
 * Runs the search benchmark. Resolves with { skipped } when there is no PostgreSQL, else with
 * { markdown, results, overBudget }.
 */
export async function runSearchBench(options = {}) {
  const started = performance.now();
  const { serverMain, fromSource, webDir, adminUrl } = benchSettings(options);
  const bikes = Number(process.env.BENCH_BIKES ?? 1_000_000);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const single = process.env.BENCH_SINGLE !== '0';
  const keep = process.env.BENCH_KEEP_DB === '1';
  const { default: pg } = await import('pg');

  let admin;
  try {
    admin = await connect(pg, adminUrl);
  } catch (error) {
    return {
      skipped: `no PostgreSQL at ${new URL(adminUrl).host} (${error instanceof Error ? error.message : error}); set BENCH_DATABASE_URL to an admin URL to measure search at ${bikes.toLocaleString('en')} bikes`,
    };
  }
  // One run at a time on a PostgreSQL: the lock is held by this connection, so it goes with the process.
  const { rows: locked } = await admin.query('select pg_try_advisory_lock($1) as ok', [BENCH_LOCK_KEY]);
  if (!locked[0].ok) {
    await admin.end();
    return { skipped: `another search benchmark is running on ${new URL(adminUrl).host} (it holds the scratch database ${SCRATCH_DB})` };
  }
  const url = databaseUrl(adminUrl, SCRATCH_DB);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-search-'));
  const children = [];
  // Interrupted (Ctrl-C, a timeout): the servers go too. The database is left incomplete, and the next
  // run loads it again.
  const interrupted = (signal) => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const state = await loadedState(admin, bikes);
    if (state === 'complete') log(`Search: reusing the loaded database ${SCRATCH_DB} …`);
    else {
      if (state === 'incomplete') await admin.query(`drop database ${SCRATCH_DB} with (force)`);
      await admin.query(`create database ${SCRATCH_DB}`);
    }
    const appPort = Number(process.env.BENCH_SEARCH_PORT ?? 0) || (await freePort());
    const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 0) || (await freePort());
    const appOptions = { serverMain, fromSource, webDir, url, port: appPort, dataDir };

    if (state !== 'complete') {
      log(`Search: migrating ${SCRATCH_DB} (the app migrates at start) …`);
      const migrating = await startApp(appOptions);
      children.push(migrating);
      await stopServer(migrating);
      log(`Search: loading ${bikes.toLocaleString('en')} bikes …`);
      const db = await connect(pg, url);
      try {
        await loadData(db, bikes);
      } finally {
        await db.end();
      }
      await admin.query(`comment on database ${SCRATCH_DB} is '${marker(bikes)}'`);
    }

    const normalise = await loadNormalise(fromSource, serverMain).catch(() => null);
    const sample = sampleNumbers(bikes, SAMPLE_SIZE).map((n) => ({ n, frame: frameNumberOf(n), plate: plateIdOf(n) }));
    const notNormal = normalise ? sample.filter((s) => normalise(s.frame) !== s.frame) : [];
    if (notNormal.length > 0) {
      log(
        `Search: WARNING ${notNormal.length} generated frame numbers are not in normal form (e.g. ${notNormal[0].frame} → ${normalise(notNormal[0].frame)}): the exact path is not what is measured`,
      );
    }
    // The generated values must be what the database holds (the SQL and JavaScript forms agree).
    const db = await connect(pg, url);
    try {
      const { rows } = await db.query(
        `select b.frame_number, b.frame_number_normalised, p.id as plate from bike b join plate p on p.bike_id = b.id where b.id = any($1::uuid[])`,
        [sample.slice(0, 50).map((s) => md5Uuid(`bench-bike-${s.n}`))],
      );
      const byFrame = new Map(rows.map((r) => [r.frame_number, r]));
      const wrong = sample.slice(0, 50).filter((s) => byFrame.get(s.frame)?.plate !== s.plate);
      if (rows.length !== 50 || wrong.length > 0) throw new Error('the sampled frame numbers and plates are not in the database');
    } finally {
      await db.end();
    }

    log('Search: starting the app and the bare Fastify baseline …');
    const app = await startApp(appOptions);
    children.push(app);
    const baseline = await startBaseline(baselinePort);
    children.push(baseline);
    const base = `http://127.0.0.1:${appPort}`;
    const baselineBase = `http://127.0.0.1:${baselinePort}`;
    const { default: autocannon } = await import('autocannon');

    const cases = [
      { label: 'bare Fastify route (baseline)', base: baselineBase, baseline: true, paths: sample.map((s) => `/bare?q=${s.frame}`) },
      {
        label: 'search by frame number `GET /api/search/bikes?q=`',
        base,
        probe: `/api/search/bikes?q=${sample[0].frame}`,
        paths: sample.map((s) => `/api/search/bikes?q=${encodeURIComponent(s.frame)}`),
      },
      {
        label: 'search by plate ID `GET /api/search/bikes?q=`',
        base,
        probe: `/api/search/bikes?q=${sample[0].plate}`,
        paths: sample.map((s) => `/api/search/bikes?q=${encodeURIComponent(s.plate)}`),
      },
      {
        // Not a lookup of the budget but the other half of the search: a frame number with one wrong
        // character finds nothing exactly, so the answer is the similar ones ("did you mean").
        label: 'search, no exact match: frame number with a typo (did you mean)',
        base,
        probe: `/api/search/bikes?q=${typo(sample[0].frame)}`,
        paths: sample.map((s) => `/api/search/bikes?q=${encodeURIComponent(typo(s.frame))}`),
        outsideBudget: true,
      },
      {
        label: 'sticker scan `GET /api/stickers/{plate}`',
        base,
        probe: `/api/stickers/${sample[0].plate}`,
        paths: sample.map((s) => `/api/stickers/${encodeURIComponent(s.plate)}`),
      },
    ];
    const problems = await checkAnswers(base, sample).catch((error) => [String(error)]);
    if (problems.length > 0) log(`Search: some answers are not as expected:\n  ${problems.join('\n  ')}`);

    const results = [];
    for (const c of cases) {
      if (c.probe) {
        // A slow previous case may leave requests queued in the app: the probe waits for them.
        const probe = await get(`${c.base}${c.probe}`, 60_000).catch(() => ({ status: 0 }));
        if (probe.status !== 200) {
          log(`Search: ${c.label} answers HTTP ${probe.status}: not measured`);
          results.push({ label: c.label, skipped: `the route answers HTTP ${probe.status}` });
          continue;
        }
      }
      log(`Search: ${c.label} …`);
      const r = await measure(autocannon, c.base, c.paths, { duration, connections, single });
      results.push({ label: c.label, baseline: c.baseline, outsideBudget: c.outsideBudget, ...r });
      log(
        `  ${Math.round(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}: ${verdictOf(r).replaceAll('**', '')}${r.one ? `; one connection: p50 ${ms(r.one.p50)}, p99 ${ms(r.one.p99)}` : ''}`,
      );
    }
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    const overBudget = results.some((r) => !r.skipped && verdictOf(r).includes('OVER BUDGET'));
    return {
      results,
      overBudget,
      markdown: markdown(results, { bikes, duration, connections, server, elapsed: (performance.now() - started) / 1000 }),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) {
      await admin
        .query(`drop database if exists ${SCRATCH_DB} with (force)`)
        .catch((error) => log(`Search: could not drop ${SCRATCH_DB}: ${error}`));
    } else log(`Search: kept the database ${SCRATCH_DB} (BENCH_KEEP_DB=1)`);
    await admin.end();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runSearchBench()
    .then((outcome) => {
      if (outcome.skipped) log(`Search benchmark skipped: ${outcome.skipped}`);
      else {
        log(`\n${outcome.markdown}`);
        if (outcome.overBudget) log(`OVER BUDGET: a lookup's p99 is above ${P99_BUDGET_MS} ms (see above).`);
      }
    })
    .catch((error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    });
}
