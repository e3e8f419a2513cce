// The backoffice's plates benchmark of `npm run bench` (issue 14: at 100 000 plates, a batch's plates by state and any
// plate by the beginning of its ID answer with p99 ≤ 50 ms on PostgreSQL). Called by scripts/bench.mjs (skipped with
// BENCH_PLATES=skip); also runs on its own:
//   node scripts/bench-plates.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads 100 000 plates (one batch
// of 60 000 and 40 of 1 000; 5 % on bikes, 15 % given to organisations, 2 % sent to buyers) and a staff member, starts the app, logs the
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
import { loadStep, runListBench, runListBenchAsScript } from './bench-support.mjs';

const PLATES = Number(process.env.BENCH_PLATES_COUNT ?? 100_000);
const STAFF = { email: 'plates-staff@bench.invalid', password: 'bench-plates-staff-2026' };
const SMALL_BATCHES = 40;
const ORGANISATIONS = 20;
const BUYERS = 500;
const ALPHABET = 'ACDEFGHJKLMNPRTUVWXY34679';

/** The plates, and what the cases ask for: the big batch, the middle of its IDs, 50 plate IDs. */
async function loadData(db, passwordHash) {
  const step = (label, sql) => loadStep(db, label, sql);
  const big = Math.round(PLATES * 0.6);
  const small = Math.max(1, Math.floor((PLATES - big) / SMALL_BATCHES));
  const onBikes = Math.round(PLATES * 0.05);
  await db.query('select setseed(0.14)');
  await step(
    'a staff member',
    `insert into party (id, kind) values (md5('plates-staff')::uuid, 'person');
     insert into identity (party_id, email, role, first_name, last_name, password_hash, email_verified_at)
       values (md5('plates-staff')::uuid, '${STAFF.email}', 'staff', 'Bench', 'Staff', '${passwordHash}', now())`,
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
    `${PLATES.toLocaleString('en')} plates`,
    `insert into plate (id, batch_id, created_at)
       select s.id, b.id, now()
         from (select distinct on (id) n, id from (
           select n, (select string_agg(substr('${ALPHABET}', 1 + floor(random() * 25)::int, 1), '') from generate_series(1, 8) k where n > 0) as id
             from generate_series(1, ${PLATES}) n) r) s
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
       from numbered where numbered.id = p.id and numbered.n <= ${Math.round(PLATES * 0.15)}`,
  );
  // Sent to buyers by the backoffice's shipping: the plate's owner is the buyer (its state is shipped).
  await step(
    `${Math.round(PLATES * 0.02).toLocaleString('en')} free plates sent to ${BUYERS} buyers`,
    `insert into party (id, kind) select md5('plates-buyer-' || b)::uuid, 'person' from generate_series(1, ${BUYERS}) b;
     with numbered as (select id, row_number() over (order by md5(id || 'sent')) as n
                         from plate where bike_id is null and organisation_party_id is null)
     update plate p set owner_party_id = md5('plates-buyer-' || (1 + numbered.n % ${BUYERS}))::uuid
       from numbered where numbered.id = p.id and numbered.n <= ${Math.round(PLATES * 0.02)}`,
  );
  // The triggers were off for the load: each batch's counts as the triggers keep them.
  await step(
    'batch counts',
    `update plate_batch b set plate_count = c.total, in_use_count = c.in_use, organisation_count = c.organisation, shipped_count = c.shipped
       from (select batch_id, count(*) as total,
                    count(*) filter (where bike_id is not null or equipment_id is not null) as in_use,
                    count(*) filter (where bike_id is null and equipment_id is null and organisation_party_id is not null) as organisation,
                    count(*) filter (where bike_id is null and equipment_id is null and organisation_party_id is null
                                       and owner_party_id is not null) as shipped
               from plate group by batch_id) c
       where b.id = c.batch_id`,
  );
  const bigBatch = (await db.query(`select id from plate_batch where name = 'Bench 0'`)).rows[0].id;
  const { rows: middle } = await db.query(
    `select id from plate where batch_id = $1 order by id collate "C" offset (select count(*) / 2 from plate where batch_id = $1) limit 1`,
    [bigBatch],
  );
  const { rows: ids } = await db.query('select id from plate order by md5(id) limit 50');
  return { bigBatch, middleId: middle[0].id, sampleIds: ids.map((r) => r.id) };
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

const title = () =>
  `The backoffice's plates (GET /api/backoffice/plates/batches, /api/backoffice/plates?batch_id=&state=&q=&after=, /api/backoffice/plates/{id}) at ${PLATES.toLocaleString('en')} plates (a batch of 60 %, 40 small ones; 5 % on bikes, 15 % with organisations, 2 % sent to buyers) on PostgreSQL, signed in as staff`;

/** Runs the plates benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export const runPlatesBench = (options = {}) =>
  runListBench({ name: 'Plates', lockKey: 7_463_293, user: STAFF, load: loadData, cases, title }, options);

runListBenchAsScript(import.meta.url, runPlatesBench);
