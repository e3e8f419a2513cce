// The backoffice's plates benchmark of `npm run bench` (issue 14: at 100 000 plates, a batch's plates by state and any
// plate by the beginning of its ID answer with p99 ≤ 50 ms on PostgreSQL). Called by scripts/bench.mjs (skipped with
// BENCH_PLATES=skip); also runs on its own:
//   node scripts/bench-plates.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 100 000 plates (one batch
// of 60 000 and 40 of 1 000; 5 % on bikes, 15 % given to organisations) and a staff member, starts the app, logs the
// staff member in, and measures with autocannon the batches page with its counts, the big batch's plates (first page,
// each state, a later page), any plate by the beginning of its ID, and one plate with its history.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL     admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                          the scratch database bike_bench_plates is created next to it and dropped at the end
//   BENCH_KEEP_DB=1        keep the loaded scratch database (to look at its plans)
//   BENCH_PLATES_COUNT     plates in all (default 100 000; the big batch holds 60 % of them)
//   BENCH_DURATION         seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_PLATES_CONNECTIONS  default 10 (staff, not the public)
//   BENCH_SERVER           source (src/server via tsx) or the path of a server build's main.js (default dist/server/main.js)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchSettings,
  cannonSignedIn,
  connect,
  freePort,
  logInForBench,
  ms,
  startBenchApp,
  stopServer,
  verdictOf,
} from './bench-support.mjs';

export const PLATES_P99_BUDGET_MS = 50;
const SCRATCH_DB = 'bike_bench_plates';
const BENCH_LOCK_KEY = 7_463_293;
const STAFF_EMAIL = 'plates-staff@bench.invalid';
const STAFF_PASSWORD = 'bench-plates-staff-2026';
const SMALL_BATCHES = 40;
const ORGANISATIONS = 20;
const ALPHABET = 'ACDEFGHJKLMNPRTUVWXY34679';

const log = (line) => process.stdout.write(`${line}\n`);

async function loadData(db, plates, passwordHash) {
  const started = performance.now();
  const step = async (label, sql, params = []) => {
    const t = performance.now();
    await db.query(sql, params);
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  const big = Math.round(plates * 0.6);
  const small = Math.max(1, Math.floor((plates - big) / SMALL_BATCHES));
  const onBikes = Math.round(plates * 0.05);
  await db.query('set synchronous_commit = off');
  await db.query('set session_replication_role = replica');
  await db.query('begin');
  await db.query('select setseed(0.14)');
  await step(
    'a staff member',
    `insert into party (id, kind) values (md5('plates-staff')::uuid, 'person');
     insert into identity (party_id, email, role, first_name, last_name, password_hash, email_verified_at)
       values (md5('plates-staff')::uuid, '${STAFF_EMAIL}', 'staff', 'Bench', 'Staff', '${passwordHash}', now())`,
  );
  await step(
    `${ORGANISATIONS} organisations`,
    `insert into party (id, kind) select md5('plates-org-' || o)::uuid, 'organisation' from generate_series(1, ${ORGANISATIONS}) o;
     insert into organisation (party_id, name, organisation_type)
       select md5('plates-org-' || o)::uuid, 'Bench Cykler ' || o, 'business' from generate_series(1, ${ORGANISATIONS}) o`,
  );
  await step(
    `${SMALL_BATCHES + 1} batches`,
    // Random (version 4) ids, as the app makes them: the API takes no other.
    `insert into plate_batch (id, name, kind, created_at)
       select gen_random_uuid(), 'Bench ' || b, 'standard', now() - (b || ' days')::interval
         from generate_series(0, ${SMALL_BATCHES}) b`,
  );
  // Random IDs of the plate alphabet, 8 characters, as createPlateBatch makes them; batch 0 is the big one.
  await step(
    `${plates.toLocaleString('en')} plates`,
    `insert into plate (id, batch_id, created_at)
       select s.id, b.id, now()
         from (select distinct on (id) n, id from (
           select n, (select string_agg(substr('${ALPHABET}', 1 + floor(random() * 25)::int, 1), '') from generate_series(1, 8) k where n > 0) as id
             from generate_series(1, ${plates}) n) r) s
         join plate_batch b on b.name = 'Bench ' || (case when s.n <= ${big} then 0 else 1 + (s.n - ${big} - 1) / ${small} % ${SMALL_BATCHES} end)
       on conflict do nothing`,
  );
  await step(
    `${onBikes.toLocaleString('en')} bikes with a plate each, 15 % of the plates given to organisations`,
    `insert into bike (id, frame_number, frame_number_normalised, brand_name, model, created_at, updated_at)
       select md5('plates-bike-' || n)::uuid, f, f, 'Bench', 'Model ' || (n % 37), now(), now()
         from (select n, 'WPLT' || lpad(n::text, 7, '0') || 'K' as f from generate_series(1, ${onBikes}) n) s;
     with numbered as (select id, row_number() over (order by md5(id)) as n from plate)
     update plate p set bike_id = md5('plates-bike-' || numbered.n)::uuid, assigned_at = now()
       from numbered where numbered.id = p.id and numbered.n <= ${onBikes};
     with numbered as (select id, row_number() over (order by md5(id || 'org')) as n from plate where bike_id is null)
     update plate p set organisation_party_id = md5('plates-org-' || (1 + numbered.n % ${ORGANISATIONS}))::uuid, organisation_assigned_at = now()
       from numbered where numbered.id = p.id and numbered.n <= ${Math.round(plates * 0.15)}`,
  );
  // The triggers were off for the load: each batch's plate_count as the trigger keeps it.
  await step('batch counts', 'update plate_batch b set plate_count = (select count(*) from plate p where p.batch_id = b.id)');
  await db.query('commit');
  await db.query('set session_replication_role = origin');
  await step('vacuum, analyze', 'vacuum (analyze) plate, plate_batch, bike, organisation, identity, plate_event, shipment');
  const { rows } = await db.query('select count(*)::int as n from plate');
  log(`  loaded ${rows[0].n.toLocaleString('en')} plates in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function cases({ bigBatch, middleId, sampleIds }) {
  const list = `/api/backoffice/plates?batch_id=${bigBatch}`;
  return [
    {
      label: 'batches, newest first, with their counts',
      paths: ['/api/backoffice/plates/batches', '/api/backoffice/plates/batches?offset=20'],
    },
    { label: "the big batch's plates, first page", paths: [list] },
    { label: "the big batch's plates of a state", paths: ['free', 'organisation', 'in_use', 'shipped'].map((s) => `${list}&state=${s}`) },
    { label: "the big batch's plates, a later page", paths: [`${list}&after=${middleId}`, `${list}&state=free&after=${middleId}`] },
    {
      label: 'any plate by the beginning of its ID',
      paths: sampleIds.flatMap((id) => [`/api/backoffice/plates?q=${id.slice(0, 2)}`, `/api/backoffice/plates?q=${id.slice(0, 4)}`]),
    },
    { label: "a batch's plates by the beginning of the ID", paths: sampleIds.map((id) => `${list}&q=${id.slice(0, 3)}`) },
    { label: 'one plate with its state and history', paths: sampleIds.map((id) => `/api/backoffice/plates/${id}`) },
  ];
}

function markdown(results, { plates, duration, connections, server, elapsed }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const lines = [
    `The backoffice's plates (GET /api/backoffice/plates/batches, /api/backoffice/plates?batch_id=&state=&q=&after=, /api/backoffice/plates/{id}) at ${plates.toLocaleString('en')} plates (a batch of 60 %, 40 small ones; 5 % on bikes, 15 % with organisations) on PostgreSQL, measured ${date} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server}, one instance; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up, signed in as staff. The last column is one connection for 3 s.`,
    '',
    '| case | requests/s | p50 | p99 | p99 budget | | one connection: p50 / p99 |',
    '|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ≤ ${PLATES_P99_BUDGET_MS} ms | ${verdictOf(r, PLATES_P99_BUDGET_MS)} | ${ms(r.one.p50)} / ${ms(r.one.p99)} |`,
    );
  }
  lines.push('', `The whole plates benchmark took ${Math.round(elapsed)} s (load, start, measure).`, '');
  return lines.join('\n');
}

/** Runs the plates benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export async function runPlatesBench(options = {}) {
  const started = performance.now();
  const { serverMain, fromSource, webDir, adminUrl } = benchSettings(options);
  const plates = Number(process.env.BENCH_PLATES_COUNT ?? 100_000);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_PLATES_CONNECTIONS ?? 10);
  const { default: pg } = await import('pg');

  let admin;
  try {
    admin = await connect(pg, adminUrl);
  } catch (error) {
    return { skipped: `no PostgreSQL at ${new URL(adminUrl).host} (${error instanceof Error ? error.message : error})` };
  }
  const { rows: locked } = await admin.query('select pg_try_advisory_lock($1) as ok', [BENCH_LOCK_KEY]);
  if (!locked[0].ok) {
    await admin.end();
    return { skipped: `another plates benchmark is running on ${new URL(adminUrl).host}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${SCRATCH_DB}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-plates-'));
  const children = [];
  try {
    await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
    await admin.query(`create database ${SCRATCH_DB}`);
    const port = await freePort();
    const appOptions = { serverMain, fromSource, webDir, url: url.toString(), port, dataDir };
    log(`Plates: migrating ${SCRATCH_DB} (the app migrates at start) …`);
    const migrating = await startBenchApp(appOptions);
    children.push(migrating);
    await stopServer(migrating);
    log(`Plates: loading ${plates.toLocaleString('en')} plates …`);
    const { hash } = await import('@node-rs/argon2');
    const db = await connect(pg, url.toString());
    let sample;
    try {
      await loadData(db, plates, await hash(STAFF_PASSWORD));
      const bigBatch = (await db.query(`select id from plate_batch where name = 'Bench 0'`)).rows[0].id;
      const { rows: middle } = await db.query(
        `select id from plate where batch_id = $1 order by id collate "C" offset (select count(*) / 2 from plate where batch_id = $1) limit 1`,
        [bigBatch],
      );
      const { rows: ids } = await db.query('select id from plate order by md5(id) limit 50');
      sample = { bigBatch, middleId: middle[0].id, sampleIds: ids.map((r) => r.id) };
    } finally {
      await db.end();
    }

    log('Plates: starting the app …');
    const app = await startBenchApp(appOptions);
    children.push(app);
    const base = `http://127.0.0.1:${port}`;
    const token = await logInForBench(base, STAFF_EMAIL, STAFF_PASSWORD);
    const { default: autocannon } = await import('autocannon');
    const results = [];
    for (const c of cases(sample)) {
      log(`Plates: ${c.label} …`);
      await cannonSignedIn(autocannon, base, token, c.paths, Math.min(3, duration), connections);
      const r = await cannonSignedIn(autocannon, base, token, c.paths, duration, connections);
      const one = await cannonSignedIn(autocannon, base, token, c.paths, Math.min(3, duration), 1);
      const result = {
        label: c.label,
        one: { p50: one.latency.p50, p99: one.latency.p99 },
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      };
      results.push(result);
      log(
        `  ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}: ${verdictOf(result, PLATES_P99_BUDGET_MS).replaceAll('**', '')}; one connection: p50 ${ms(one.latency.p50)}, p99 ${ms(one.latency.p99)}`,
      );
    }
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    return {
      results,
      overBudget: results.some((r) => verdictOf(r, PLATES_P99_BUDGET_MS).includes('OVER BUDGET')),
      markdown: markdown(results, { plates, duration, connections, server, elapsed: (performance.now() - started) / 1000 }),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1') log(`Plates: kept the database ${SCRATCH_DB} (BENCH_KEEP_DB=1)`);
    else {
      await admin
        .query(`drop database if exists ${SCRATCH_DB} with (force)`)
        .catch((error) => log(`Plates: could not drop ${SCRATCH_DB}: ${error}`));
    }
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runPlatesBench()
    .then((outcome) => {
      if (outcome.skipped) log(`Plates benchmark skipped: ${outcome.skipped}`);
      else {
        log(`\n${outcome.markdown}`);
        if (outcome.overBudget) log(`OVER BUDGET: a case's p99 is above ${PLATES_P99_BUDGET_MS} ms (see above).`);
      }
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
