// The stolen-bike map benchmark of `npm run bench` (issue 6: clusters and the list at 100 000 stolen bikes,
// PostgreSQL, p99 ≤ 50 ms). Called by scripts/bench.mjs (skipped with BENCH_MAP=skip); also runs on its own:
//   node scripts/bench-map.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 100 000 stolen
// bikes with set-based SQL (people, bikes, current ownerships, theft reports around Danish and Norwegian
// towns, noted over the last 18 months), starts the app, asks every case once (the in-memory index is
// built by the first call), and measures with autocannon:
//   clusters at zoom 5 over Denmark and Norway, zoom 8 around Copenhagen, zoom 12 in Copenhagen, each
//   without and with filters (the box pans a little from request to request); the list's first page
//   (everywhere, and in Copenhagen with a filter); a stolen bike's page.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL   admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                        the scratch database bike_bench_map is created next to it and dropped at the end
//   BENCH_KEEP_DB=1      keep the loaded scratch database (a later run reuses it when it is complete)
//   BENCH_MAP_BIKES      number of stolen bikes (default 100 000)
//   BENCH_DURATION       seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_MAP_CONNECTIONS  default 20 (a map is used by people, not by scripts hammering it: 20 at once per instance)
//   BENCH_SINGLE=0       no second pass with one connection (its 3 s a case)
//   BENCH_SERVER         source (src/server via tsx) or the path of a server build's main.js (default dist/server/main.js)
//   BENCH_MAP_PORT       fixed port of the app (default: a free one)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSettings, connect, freePort, get, lockedAdmin, ms, stopServer, verdictOf } from './bench-support.mjs';

export const MAP_P99_BUDGET_MS = 50;
const SCRATCH_DB = 'bike_bench_map';
/** Bumped whenever the generated data changes, so that an older kept database is loaded again. */
const DATA_VERSION = 1;
const BENCH_LOCK_KEY = 7_463_291;
const PERSONS = 5_000;
/** Towns (latitude, longitude, area, a street) and how many shares of the stolen bikes each gets. */
const TOWNS = [
  [55.6867, 12.5585, '2200 København N', 'Nørrebrogade', 12],
  [55.6709, 12.5552, '1620 København V', 'Vesterbrogade', 8],
  [55.7009, 12.5779, '2100 København Ø', 'Østerbrogade', 6],
  [55.6786, 12.5316, '2000 Frederiksberg', 'Gammel Kongevej', 5],
  [56.1572, 10.2107, '8000 Aarhus C', 'Søndergade', 8],
  [55.3959, 10.3883, '5000 Odense C', 'Vestergade', 5],
  [57.0488, 9.9217, '9000 Aalborg', 'Boulevarden', 4],
  [55.4765, 8.4594, '6700 Esbjerg', 'Kongensgade', 2],
  [55.6415, 12.0803, '4000 Roskilde', 'Algade', 2],
  [55.7093, 9.5357, '7100 Vejle', 'Nørregade', 2],
  [55.8607, 9.8503, '8700 Horsens', 'Søndergade', 1],
  [55.4904, 9.4722, '6000 Kolding', 'Jernbanegade', 2],
  [59.9139, 10.7522, '0159 Oslo', 'Karl Johans gate', 10],
  [60.3913, 5.3221, '5003 Bergen', 'Bryggen', 4],
  [63.4305, 10.3951, '7011 Trondheim', 'Munkegata', 3],
  [58.97, 5.7331, '4006 Stavanger', 'Kirkegata', 2],
  [58.1467, 7.9956, '4611 Kristiansand', 'Markens gate', 1],
  [69.6492, 18.9553, '9008 Tromsø', 'Storgata', 1],
  [59.744, 10.2045, '3015 Drammen', 'Bragernes torg', 1],
  [59.2181, 10.9298, '1606 Fredrikstad', 'Nygaardsgata', 1],
];
const CATEGORIES = ['city', 'mountainTour', 'road', 'racer', 'cargo', 'hybrid', 'cruiser', 'folding', 'bmx'];
const COLORS = ['black', 'gray', 'blue', 'green', 'white', 'red', 'orange', 'yellow', 'brown', 'purple', 'multi', 'pink'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => process.stdout.write(`${line}\n`);
const sqlList = (values) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',');

const marker = (bikes) => `bike-bench-map data v${DATA_VERSION}: ${bikes} stolen bikes loaded`;

async function loadedState(admin, bikes) {
  const { rows } = await admin.query(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [
    SCRATCH_DB,
  ]);
  if (rows.length === 0) return 'absent';
  return rows[0].comment === marker(bikes) ? 'complete' : 'incomplete';
}

async function loadData(db, bikes) {
  const started = performance.now();
  const step = async (label, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await db.query(`set synchronous_commit = off`);
  // Foreign keys are satisfied by construction; skipping their triggers makes the load faster.
  await db.query(`set session_replication_role = replica`);
  await db.query('begin');
  // The same numbers on every run: random() after setseed.
  await db.query('select setseed(0.42)');
  await step(
    `${PERSONS} people`,
    `insert into party (id, kind, created_at)
       select md5('map-party-' || p)::uuid, 'person', now() - interval '3 years' from generate_series(1, ${PERSONS}) p`,
  );
  await step(
    `${PERSONS} identities`,
    `insert into identity (party_id, email, role, first_name, last_name)
       select md5('map-party-' || p)::uuid, 'map-' || p || '@bench.invalid', 'private', 'Bench', 'Owner ' || p
         from generate_series(1, ${PERSONS}) p`,
  );
  await step(
    `${bikes.toLocaleString('en')} stolen bikes`,
    `insert into bike (id, frame_number, frame_number_normalised, brand_name, model, color_id, category_id, is_electric,
                       searchable, reported_stolen, created_at, updated_at)
       select md5('map-bike-' || n)::uuid, f, f, 'Bench', 'Model ' || (n % 37),
              (array[${sqlList(COLORS)}])[1 + n % ${COLORS.length}], (array[${sqlList(CATEGORIES)}])[1 + n % ${CATEGORIES.length}],
              n % 4 = 0, true, true, now() - interval '2 years', now() - interval '2 years'
         from (select n, 'WMAP' || lpad(n::text, 7, '0') || 'K' as f from generate_series(1, ${bikes}) n) s`,
  );
  await step(
    `${bikes.toLocaleString('en')} current ownerships`,
    `insert into bike_ownership (id, bike_id, party_id, started_at)
       select md5('map-ownership-' || n)::uuid, md5('map-bike-' || n)::uuid, md5('map-party-' || (1 + n % ${PERSONS}))::uuid,
              now() - interval '2 years'
         from generate_series(1, ${bikes}) n`,
  );
  // Each bike goes to a town by the towns' shares, a few km around its centre.
  const shares = TOWNS.flatMap((town, i) => Array.from({ length: town[4] }, () => i + 1));
  const towns = TOWNS.map(([lat, lng, area, street], i) => `(${i + 1}, ${lat}::float8, ${lng}::float8, ${sqlList([area, street])})`).join(
    ',',
  );
  await step(
    `${bikes.toLocaleString('en')} theft reports`,
    `with town(i, lat, lng, area, street) as (values ${towns}),
          placed as (
            select n, t.area, t.street, t.lat + (random() - 0.5) * 0.12 as lat, t.lng + (random() - 0.5) * 0.2 as lng,
                   now() - random() * interval '548 days' as noted
              from generate_series(1, ${bikes}) n
              join town t on t.i = (array[${shares.join(',')}])[1 + n % ${shares.length}]),
          celled as (
            select *, floor(lat / 0.009) as r, (floor(lat / 0.009) + 0.5) * 0.009 as clat from placed),
          stepped as (select *, 0.009 / greatest(0.05, cos(radians(clat))) as lstep from celled)
     insert into theft_report (bike_id, ownership_id, reporter_party_id, first_name, last_name, email, street_address, city,
                               zip_code, mobile, cpr_encrypted, frame_number, bike_category, is_electric, bike_color, lock_status,
                               time_last_seen, noted_time, place, latitude, longitude, location_id, public_latitude,
                               public_longitude, region, is_culprit_known, is_culprit_recognizable, has_witness, is_insured,
                               bike_price, police_report_requested, created_at)
       select md5('map-bike-' || n)::uuid, md5('map-ownership-' || n)::uuid, md5('map-party-' || (1 + n % ${PERSONS}))::uuid,
              'Bench', 'Owner', 'map@bench.invalid', street || ' ' || (1 + n % 120), substr(area, 6), substr(area, 1, 4),
              '+45 20000000', 'not-a-real-cpr', 'WMAP' || lpad(n::text, 7, '0') || 'K',
              (array[${sqlList(CATEGORIES)}])[1 + n % ${CATEGORIES.length}], n % 4 = 0,
              (array[${sqlList(COLORS)}])[1 + n % ${COLORS.length}], 'locked',
              noted - interval '5 hours', noted, street || ' ' || (1 + n % 120) || ', ' || area, lat, lng,
              r::bigint || ':' || floor(lng / lstep)::bigint, round(clat::numeric, 5)::float8,
              round(((floor(lng / lstep) + 0.5) * lstep)::numeric, 5)::float8,
              case when lat < 57.85 then 'dk' else 'no' end, false, false, false, false, 5000, true, noted
         from stepped`,
  );
  await step('the map version', `update stolen_map_version set version = version + 1 where id = 1`);
  await db.query('commit');
  await db.query(`set session_replication_role = origin`);
  await step('vacuum, analyze', `vacuum (analyze) party, identity, bike, bike_ownership, theft_report`);
  log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// --- the app -----------------------------------------------------------------------------------

function startApp({ serverMain, fromSource, webDir, url, port, dataDir }) {
  const [command, args] = fromSource ? ['node', ['--import', 'tsx', 'src/server/main.ts']] : ['node', [serverMain]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ...(webDir && existsSync(webDir) ? { WEB_DIR: webDir } : {}),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // Many clients behind a proxy on this machine (X-Forwarded-For), so the per-client rate limits apply
      // as in production without throttling the run.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return (async () => {
    const started = performance.now();
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`server exited before answering:\n${output}`);
      try {
        if ((await get(`http://127.0.0.1:${port}/api/health`)).status === 200) return child;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGTERM');
    throw new Error(`server did not answer within 120 s:\n${output}`);
  })();
}

// --- measuring ---------------------------------------------------------------------------------

let client = 0;
const nextClient = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

function cannon(autocannon, base, paths, duration, connections) {
  let i = 0;
  return autocannon({
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
}

/** A box of the given size around a centre, panned a little from request to request (200 boxes). */
function pannedBoxes(lat, lng, widthDeg, heightDeg, zoom, filters = '') {
  return Array.from({ length: 200 }, (_, k) => {
    const dLng = Math.sin(k) * widthDeg * 0.1;
    const dLat = Math.cos(k * 1.3) * heightDeg * 0.1;
    const box = [lng + dLng - widthDeg / 2, lat + dLat - heightDeg / 2, lng + dLng + widthDeg / 2, lat + dLat + heightDeg / 2];
    const [west, south, east, north] = box.map((v) => v.toFixed(4));
    return `/api/stolen-bike-map/clusters?west=${west}&south=${south}&east=${east}&north=${north}&zoom=${zoom}${filters}`;
  });
}

function markdown(results, { bikes, duration, connections, server, elapsed }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const lines = [
    `The stolen-bike map at ${bikes.toLocaleString('en')} stolen bikes on PostgreSQL, measured ${date} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server}, one instance; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up (the in-memory index of each filter combination is built by a call before), every request from another client address. Cluster boxes pan a little from request to request. The last column is one connection for 3 s.`,
    '',
    '| case | requests/s | p50 | p99 | p99 budget | | one connection: p50 / p99 |',
    '|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`| ${r.label} | – | – | – | | not measured: ${r.skipped} | |`);
      continue;
    }
    const notes = r.load > os.cpus().length ? [`machine busy (load ${r.load.toFixed(1)})`] : [];
    lines.push(
      `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ≤ ${MAP_P99_BUDGET_MS} ms | ${[verdictOf(r, MAP_P99_BUDGET_MS), ...notes].join('; ')} | ${r.one ? `${ms(r.one.p50)} / ${ms(r.one.p99)}` : '–'} |`,
    );
  }
  lines.push('', `The whole map benchmark took ${Math.round(elapsed)} s (load, start, measure).`, '');
  return lines.join('\n');
}

function cases(sampleBikeIds) {
  const nordic = '&period=all';
  return [
    { label: 'clusters, zoom 5, Denmark and Norway', paths: pannedBoxes(62, 15, 30, 18, 5, nordic) },
    { label: 'clusters, zoom 5, filtered (year, city bikes)', paths: pannedBoxes(62, 15, 30, 18, 5, '&period=year&category=city') },
    { label: 'clusters, zoom 8, around Copenhagen', paths: pannedBoxes(55.68, 12.57, 7, 2.5, 8) },
    { label: 'clusters, zoom 8, filtered (month, electric)', paths: pannedBoxes(55.68, 12.57, 7, 2.5, 8, '&period=month&electric=true') },
    { label: 'clusters, zoom 12, in Copenhagen', paths: pannedBoxes(55.68, 12.57, 0.44, 0.15, 12) },
    {
      label: 'clusters, zoom 12, filtered (Denmark, cargo)',
      paths: pannedBoxes(55.68, 12.57, 0.44, 0.15, 12, '&region=dk&category=cargo'),
    },
    { label: 'list, first page, everywhere', paths: ['/api/stolen-bike-map/list', '/api/stolen-bike-map/list?period=all&region=all'] },
    {
      label: 'list, first page, Copenhagen box, this month',
      paths: pannedBoxes(55.68, 12.57, 0.44, 0.15, 12, '&period=month').map((p) =>
        p.replace('/clusters?', '/list?').replace(/&zoom=\d+/, ''),
      ),
    },
    { label: "a stolen bike's page", paths: sampleBikeIds.map((id) => `/api/stolen-bike-map/${id}`) },
  ];
}

/** Runs the map benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export async function runMapBench(options = {}) {
  const started = performance.now();
  const { serverMain, fromSource, webDir, adminUrl } = benchSettings(options);
  const bikes = Number(process.env.BENCH_MAP_BIKES ?? 100_000);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_MAP_CONNECTIONS ?? 20);
  const single = process.env.BENCH_SINGLE !== '0';
  const keep = process.env.BENCH_KEEP_DB === '1';
  const { default: pg } = await import('pg');

  const { admin, skipped } = await lockedAdmin(pg, adminUrl, BENCH_LOCK_KEY, 'map');
  if (skipped) return { skipped };
  const url = new URL(adminUrl);
  url.pathname = `/${SCRATCH_DB}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-map-'));
  const children = [];
  const interrupted = (signal) => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const state = await loadedState(admin, bikes);
    if (state === 'complete') log(`Map: reusing the loaded database ${SCRATCH_DB} …`);
    else {
      if (state === 'incomplete') await admin.query(`drop database ${SCRATCH_DB} with (force)`);
      await admin.query(`create database ${SCRATCH_DB}`);
    }
    const port = Number(process.env.BENCH_MAP_PORT ?? 0) || (await freePort());
    const appOptions = { serverMain, fromSource, webDir, url: url.toString(), port, dataDir };
    if (state !== 'complete') {
      log(`Map: migrating ${SCRATCH_DB} (the app migrates at start) …`);
      const migrating = await startApp(appOptions);
      children.push(migrating);
      await stopServer(migrating);
      log(`Map: loading ${bikes.toLocaleString('en')} stolen bikes …`);
      const db = await connect(pg, url.toString());
      try {
        await loadData(db, bikes);
      } finally {
        await db.end();
      }
      await admin.query(`comment on database ${SCRATCH_DB} is '${marker(bikes)}'`);
    }

    log('Map: starting the app …');
    const app = await startApp(appOptions);
    children.push(app);
    const base = `http://127.0.0.1:${port}`;
    const { default: autocannon } = await import('autocannon');
    const sampleBikeIds = [];
    {
      const db = await connect(pg, url.toString());
      const { rows } = await db.query(`select bike_id from theft_report order by md5(bike_id::text) limit 1000`);
      sampleBikeIds.push(...rows.map((r) => r.bike_id));
      await db.end();
    }
    const results = [];
    for (const c of cases(sampleBikeIds)) {
      // The first call builds the index of the case's filters (or loads the points): not measured.
      const t = performance.now();
      const first = await get(`${base}${c.paths[0]}`, 120_000).catch((error) => ({ status: 0, body: String(error) }));
      if (first.status !== 200) {
        log(`Map: ${c.label} answers HTTP ${first.status}: not measured (${first.body.slice(0, 200)})`);
        results.push({ label: c.label, skipped: `the route answers HTTP ${first.status}` });
        continue;
      }
      log(`Map: ${c.label} (first call ${Math.round(performance.now() - t)} ms) …`);
      await cannon(autocannon, base, c.paths, Math.min(3, duration), connections);
      const load = os.loadavg()[0];
      const r = await cannon(autocannon, base, c.paths, duration, connections);
      const one = single ? await cannon(autocannon, base, c.paths, Math.min(3, duration), 1) : null;
      const result = {
        label: c.label,
        load: Math.max(load, os.loadavg()[0]),
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        one: one && { p50: one.latency.p50, p99: one.latency.p99 },
      };
      results.push(result);
      log(
        `  ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}: ${verdictOf(result, MAP_P99_BUDGET_MS).replaceAll('**', '')}${one ? `; one connection: p50 ${ms(one.latency.p50)}, p99 ${ms(one.latency.p99)}` : ''}`,
      );
    }
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    return {
      results,
      overBudget: results.some((r) => !r.skipped && verdictOf(r, MAP_P99_BUDGET_MS).includes('OVER BUDGET')),
      markdown: markdown(results, { bikes, duration, connections, server, elapsed: (performance.now() - started) / 1000 }),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) {
      await admin
        .query(`drop database if exists ${SCRATCH_DB} with (force)`)
        .catch((error) => log(`Map: could not drop ${SCRATCH_DB}: ${error}`));
    } else log(`Map: kept the database ${SCRATCH_DB} (BENCH_KEEP_DB=1)`);
    await admin.end();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMapBench()
    .then((outcome) => {
      if (outcome.skipped) log(`Map benchmark skipped: ${outcome.skipped}`);
      else {
        log(`\n${outcome.markdown}`);
        if (outcome.overBudget) log(`OVER BUDGET: a case's p99 is above ${MAP_P99_BUDGET_MS} ms (see above).`);
      }
    })
    .catch((error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    });
}
