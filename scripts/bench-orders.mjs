// The backoffice's orders benchmark of `npm run bench` (issue 14: the staff's order and shipment lists at 100 000 orders,
// PostgreSQL, p99 ≤ 50 ms). Called by scripts/bench.mjs (skipped with BENCH_ORDERS=skip); also runs on its own:
//   node scripts/bench-orders.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 100 000 webshop orders of
// 5 000 buyers (registrations and plates, in every status, over two years, with their lines, receipts and plate
// shipments in every state) and one staff member, starts the app, logs the staff member in, and measures with
// autocannon the orders' first page, a status, oldest first, a buyer's email, an order number, a deep page (by the
// cursor of the 5 000th order), and the plate shipments to send (nearest lapse first) and sent, each a page by cursor too.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL     admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                          the scratch database bike_bench_orders is created next to it and dropped at the end
//   BENCH_KEEP_DB=1        keep the loaded scratch database (to look at its plans)
//   BENCH_ORDERS_COUNT     orders (default 100 000)
//   BENCH_DURATION         seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_ORDERS_CONNECTIONS  default 10 (staff at work, not the public)
//   BENCH_SERVER           source (src/server via tsx) or the path of a server build's main.js (default dist/server/main.js)
import { loadStep, runListBench, runListBenchAsScript } from './bench-support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS_COUNT ?? 100_000);
const BUYERS = 5_000;
const STAFF = { email: 'orders-staff@bench.invalid', password: 'bench-orders-staff-2026' };
const STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'];

/** The orders, and the cursors of the deep pages the cases ask for (as the lists' next_cursor would name them). */
async function loadData(db, passwordHash) {
  const step = (label, sql) => loadStep(db, label, sql);
  await db.query('select setseed(0.14)');
  await step(
    'a staff member',
    `insert into party (id, kind) values (md5('orders-staff')::uuid, 'person');
     insert into identity (party_id, email, role, first_name, last_name, password_hash, email_verified_at)
       values (md5('orders-staff')::uuid, '${STAFF.email}', 'staff', 'Bench', 'Staff', '${passwordHash}', now())`,
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
    `${ORDERS.toLocaleString('en')} orders`,
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
                 from generate_series(1, ${ORDERS}) n) s`,
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
  return {
    every: await cursorAfter(
      db,
      'orders:newest',
      'select created_at::text as t, id::text from webshop_order order by created_at desc, id desc offset 4999 limit 1',
    ),
    paid: await cursorAfter(
      db,
      'orders:newest',
      "select created_at::text as t, id::text from webshop_order where status = 'paid' order by created_at desc, id desc offset 4974 limit 1",
    ),
    toShip: await cursorAfter(
      db,
      'shipments:to_ship',
      "select coalesce(authorised_at, 'infinity')::text as t, created_at::text as c, id::text from shipment where status = 'ordered' order by 1, 2, 3 offset 24 limit 1",
    ),
    shipped: await cursorAfter(
      db,
      'shipments:sent',
      "select shipped_at::text as t, id::text from shipment where status = 'shipped' order by 1 desc, 2 desc offset 999 limit 1",
    ),
  };
}

/** A next-page cursor after the row `sql` finds, in the form the app's keyset pages write (src/server/shared/keyset.ts). */
async function cursorAfter(db, list, sql) {
  const { rows } = await db.query(sql);
  const key = Object.values(rows[0] ?? {});
  return Buffer.from(JSON.stringify({ l: list, b: 0, k: key, p: 5000 })).toString('base64url');
}

function cases(cursors) {
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
    {
      label: 'orders: a deep page (after the 5 000th, by cursor)',
      paths: [`${orders}?cursor=${cursors.every}`, `${orders}?status=paid&cursor=${cursors.paid}`],
    },
    {
      label: 'shipments: to ship, nearest lapse first',
      paths: [`${shipments}?status=to_ship`, `${shipments}?status=to_ship&cursor=${cursors.toShip}`],
    },
    {
      label: 'shipments: sent, newest first',
      paths: [`${shipments}?status=shipped`, `${shipments}?status=delivered`, `${shipments}?status=shipped&cursor=${cursors.shipped}`],
    },
  ];
}

const title = () =>
  `The backoffice's order and shipment lists (GET /api/backoffice/orders and /api/backoffice/shipments, 25 a page by cursor, counted up to 1,000) at ${ORDERS.toLocaleString('en')} orders on PostgreSQL, signed in as staff`;

/** Runs the orders benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export const runOrdersBench = (options = {}) =>
  runListBench({ name: 'Orders', lockKey: 7_463_295, user: STAFF, load: loadData, cases, title }, options);

runListBenchAsScript(import.meta.url, runOrdersBench);
