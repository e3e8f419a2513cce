// The backoffice's orders benchmark of `npm run bench` (issue 14: the staff's order and shipment lists at 100 000 orders,
// PostgreSQL, p99 ≤ 50 ms). Called by scripts/bench.mjs (skipped with BENCH_ORDERS=skip); also runs on its own:
//   node scripts/bench-orders.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 100 000 webshop orders of
// 5 000 buyers (registrations and plates, in every status, over two years, with their lines, receipts and plate
// shipments in every state) and one staff member, starts the app, logs the staff member in, and measures with
// autocannon the orders' first page, a status, oldest first, a buyer's email, an order number, a deep page, and the
// plate shipments to send (nearest lapse first) and sent.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL     admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                          the scratch database bike_bench_orders is created next to it and dropped at the end
//   BENCH_KEEP_DB=1        keep the loaded scratch database (to look at its plans)
//   BENCH_ORDERS_COUNT     orders (default 100 000)
//   BENCH_DURATION         seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_ORDERS_CONNECTIONS  default 10 (staff at work, not the public)
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

export const ORDERS_P99_BUDGET_MS = 50;
const SCRATCH_DB = 'bike_bench_orders';
const BENCH_LOCK_KEY = 7_463_293;
const BUYERS = 5_000;
const STAFF_EMAIL = 'orders-staff@bench.invalid';
const STAFF_PASSWORD = 'bench-orders-staff-2026';
const STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'];

const log = (line) => process.stdout.write(`${line}\n`);

async function loadData(db, count, passwordHash) {
  const started = performance.now();
  const step = async (label, sql, params = []) => {
    const t = performance.now();
    await db.query(sql, params);
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await db.query('set synchronous_commit = off');
  await db.query('set session_replication_role = replica');
  await db.query('begin');
  await db.query('select setseed(0.14)');
  await step(
    'a staff member',
    `insert into party (id, kind) values (md5('orders-staff')::uuid, 'person');
     insert into identity (party_id, email, role, first_name, last_name, password_hash, email_verified_at)
       values (md5('orders-staff')::uuid, '${STAFF_EMAIL}', 'staff', 'Bench', 'Staff', '${passwordHash}', now())`,
  );
  await step(
    `${BUYERS} buyers`,
    `insert into party (id, kind) select md5('orders-party-' || p)::uuid, 'person' from generate_series(1, ${BUYERS}) p;
     insert into identity (party_id, email, role, first_name, last_name, street, zip_code, city)
       select md5('orders-party-' || p)::uuid, 'buyer-' || p || '@bench.invalid', 'private',
              (array['Anna','Bo','Karen','Ole','Mette','Lars','Ingrid','Jonas'])[1 + p % 8], 'Buyer' || p,
              'Nørregade ' || p, '1165', 'København K'
         from generate_series(1, ${BUYERS}) p`,
  );
  // Most orders are paid; among the paid plate orders most are sent or delivered, about 1 in 50 waits to be sent.
  await step(
    `${count.toLocaleString('en')} orders`,
    `insert into webshop_order (id, party_id, placed_by_party_id, family, status, kind, region, currency, gross_ore, vat_ore,
                                net_ore, provider_payment_intent_id, capture_method, paid_at, captured_at, fulfilled_at,
                                refunded_at, created_at, updated_at)
       select md5('orders-order-' || n)::uuid, buyer, buyer, case when plates then 'plates' else 'registration' end, status,
              'one_time', 'dk', 'DKK', amount, amount / 5, amount - amount / 5, 'pi_bench_' || n,
              case when plates then 'manual' else 'automatic' end,
              case when status in ('paid', 'refunded') then created end,
              case when status in ('paid', 'refunded') and (not plates or n % 50 <> 0) then created + interval '2 days' end,
              case when status in ('paid', 'refunded') then created end,
              case when status = 'refunded' then created + interval '5 days' end, created, created
         from (select n, md5('orders-party-' || (1 + n % ${BUYERS}))::uuid as buyer, n % 3 = 0 as plates,
                      case when n % 50 = 0 then 'paid' else (array['paid','paid','paid','paid','paid','paid','refunded','cancelled','pending','failed'])[1 + n % 10] end as status,
                      case when n % 3 = 0 then 10000 * (1 + n % 3) else 14900 end as amount,
                      now() - random() * interval '730 days' as created
                 from generate_series(1, ${count}) n) s`,
  );
  await step(
    'their lines',
    `insert into webshop_order_line (id, order_id, position, product_code, quantity, unit_amount_ore, vat_rate_percent, gross_ore, vat_ore, net_ore)
       select md5('orders-line-' || o.id)::uuid, o.id, 0, case when o.family = 'plates' then 'extra_plate' else 'registration' end,
              case when o.family = 'plates' then o.gross_ore / 10000 else 1 end,
              case when o.family = 'plates' then 10000 else 14900 end, 25, o.gross_ore, o.vat_ore, o.net_ore
         from webshop_order o`,
  );
  await step(
    'receipts of the paid',
    `insert into receipt (series, number, party_id, order_id, currency, gross_ore, vat_ore, net_ore, seller, buyer, lines, issued_at)
       select 'dk', row_number() over (order by o.paid_at, o.id), o.party_id, o.id, 'DKK', o.gross_ore, o.vat_ore, o.net_ore,
              '{"name":"Bench","vatId":"DK12345678"}'::jsonb, '{"name":"Buyer"}'::jsonb, '[]'::jsonb, o.paid_at
         from webshop_order o where o.paid_at is not null;
     update receipt_series set next_number = (select count(*) + 1 from receipt) where series = 'dk'`,
  );
  await step(
    'plate shipments in every state',
    `insert into shipment (order_line_id, party_id, status, address, plate_ids, shipped_at, delivered_at, authorised_at, created_at)
       select l.id, o.party_id,
              case when o.status = 'refunded' then 'cancelled' when o.captured_at is null then 'ordered'
                   when random() < 0.5 then 'shipped' else 'delivered' end,
              '{"name":"Buyer","address":"Nørregade 1","postalCode":"1165","city":"København K","country":"DK"}'::jsonb,
              case when o.captured_at is null or o.status = 'refunded' then '{}'::text[] else array['BENCH' || substr(o.id::text, 1, 8)] end,
              case when o.captured_at is not null and o.status <> 'refunded' then o.captured_at end,
              null, case when o.status = 'paid' and o.captured_at is null then o.paid_at end, o.paid_at
         from webshop_order o join webshop_order_line l on l.order_id = o.id
        where o.family = 'plates' and o.paid_at is not null;
     update shipment set delivered_at = shipped_at + interval '3 days' where status = 'delivered'`,
  );
  await db.query('commit');
  await db.query('set session_replication_role = origin');
  await step('vacuum, analyze', 'vacuum (analyze) identity, webshop_order, webshop_order_line, receipt, shipment');
  log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function cases() {
  const orders = '/api/backoffice/orders';
  const shipments = '/api/backoffice/shipments';
  return [
    { label: 'orders: first page, every order', paths: [orders] },
    { label: 'orders: first page of a status', paths: STATUSES.map((s) => `${orders}?status=${s}`) },
    { label: 'orders: oldest first', paths: [`${orders}?sort=oldest`, `${orders}?status=paid&sort=oldest`] },
    {
      label: "orders: a buyer's email",
      paths: Array.from({ length: 50 }, (_, k) => `${orders}?q=buyer-${1 + k * 97}%40bench.invalid`),
    },
    {
      label: 'orders: an order number',
      paths: Array.from({ length: 50 }, (_, k) => `${orders}?q=DK-${String(1 + k * 1234).padStart(6, '0')}`),
    },
    { label: 'orders: a deep page (offset 5 000)', paths: [`${orders}?offset=5000`, `${orders}?status=paid&offset=4975`] },
    { label: 'shipments: to ship, nearest lapse first', paths: [`${shipments}?status=to_ship`, `${shipments}?status=to_ship&offset=25`] },
    { label: 'shipments: sent, newest first', paths: [`${shipments}?status=shipped`, `${shipments}?status=delivered`] },
  ];
}

function markdown(results, { count, duration, connections, server, elapsed }) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const lines = [
    `The backoffice's order and shipment lists (GET /api/backoffice/orders and /api/backoffice/shipments, 25 a page with the total) at ${count.toLocaleString('en')} orders on PostgreSQL, measured ${date} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, server ${server}, one instance; autocannon with ${connections} connections, ${duration} s a case after a 3 s warm-up, signed in as staff.`,
    '',
    '| case | requests/s | p50 | p99 | p99 budget | |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ≤ ${ORDERS_P99_BUDGET_MS} ms | ${verdictOf(r, ORDERS_P99_BUDGET_MS)} |`,
    );
  }
  lines.push('', `The whole orders benchmark took ${Math.round(elapsed)} s (load, start, measure).`, '');
  return lines.join('\n');
}

/** Runs the orders benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export async function runOrdersBench(options = {}) {
  const started = performance.now();
  const { serverMain, fromSource, webDir, adminUrl } = benchSettings(options);
  const count = Number(process.env.BENCH_ORDERS_COUNT ?? 100_000);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_ORDERS_CONNECTIONS ?? 10);
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
    return { skipped: `another orders benchmark is running on ${new URL(adminUrl).host}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${SCRATCH_DB}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bike-bench-orders-'));
  const children = [];
  try {
    await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
    await admin.query(`create database ${SCRATCH_DB}`);
    const port = await freePort();
    const appOptions = { serverMain, fromSource, webDir, url: url.toString(), port, dataDir };
    log(`Orders: migrating ${SCRATCH_DB} (the app migrates at start) …`);
    const migrating = await startBenchApp(appOptions);
    children.push(migrating);
    await stopServer(migrating);
    log(`Orders: loading ${count.toLocaleString('en')} orders …`);
    const { hash } = await import('@node-rs/argon2');
    const db = await connect(pg, url.toString());
    try {
      await loadData(db, count, await hash(STAFF_PASSWORD));
    } finally {
      await db.end();
    }

    log('Orders: starting the app …');
    const app = await startBenchApp(appOptions);
    children.push(app);
    const base = `http://127.0.0.1:${port}`;
    const token = await logInForBench(base, STAFF_EMAIL, STAFF_PASSWORD);
    const { default: autocannon } = await import('autocannon');
    const results = [];
    for (const c of cases()) {
      log(`Orders: ${c.label} …`);
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
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      };
      results.push(result);
      log(
        `  ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}: ${verdictOf(result, ORDERS_P99_BUDGET_MS).replaceAll('**', '')}; one connection: p50 ${ms(one.latency.p50)}, p99 ${ms(one.latency.p99)}`,
      );
    }
    const server = fromSource ? 'src/server/main.ts via tsx' : `node ${serverMain}`;
    return {
      results,
      overBudget: results.some((r) => verdictOf(r, ORDERS_P99_BUDGET_MS).includes('OVER BUDGET')),
      markdown: markdown(results, { count, duration, connections, server, elapsed: (performance.now() - started) / 1000 }),
    };
  } finally {
    for (const child of children) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1') log(`Orders: kept the database ${SCRATCH_DB} (BENCH_KEEP_DB=1)`);
    else {
      await admin
        .query(`drop database if exists ${SCRATCH_DB} with (force)`)
        .catch((error) => log(`Orders: could not drop ${SCRATCH_DB}: ${error}`));
    }
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runOrdersBench()
    .then((outcome) => {
      if (outcome.skipped) log(`Orders benchmark skipped: ${outcome.skipped}`);
      else {
        log(`\n${outcome.markdown}`);
        if (outcome.overBudget) log(`OVER BUDGET: a case's p99 is above ${ORDERS_P99_BUDGET_MS} ms (see above).`);
      }
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
