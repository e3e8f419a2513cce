// The insurer's claims benchmark of `npm run bench` (issue 13: an insurer's claim list at 10 000 claims, PostgreSQL,
// p99 ≤ 50 ms). Called by scripts/bench.mjs (skipped with BENCH_CLAIMS=skip); also runs on its own:
//   node scripts/bench-claims.mjs
// It creates a scratch database on a reachable PostgreSQL, lets the app migrate it, loads two insurers with
// 10 000 claims each (people, bikes, ownerships, stolen reports, claims in every state over the last two years)
// and one member of the first, starts the app, logs the member in, and measures with autocannon the list's
// first page, a state, a date range, text on a frame number and on an owner's name, and a deep page.
// It is a benchmark, not a test: a case over budget is printed as OVER BUDGET, the exit code stays 0.
// Settings:
//   BENCH_DATABASE_URL     admin URL of the PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
//                          the scratch database bike_bench_claims is created next to it and dropped at the end
//   BENCH_KEEP_DB=1        keep the loaded scratch database (to look at its plans)
//   BENCH_CLAIMS_COUNT     claims per insurer (default 10 000)
//   BENCH_DURATION         seconds per case (default 10; a warm-up of 3 s comes before each)
//   BENCH_CLAIMS_CONNECTIONS  default 10 (an insurer's claims handlers, not the public)
//   BENCH_SERVER           source (src/server via tsx) or the path of a server build's main.js (default dist/server/main.js)
import { loadStep, runListBench, runListBenchAsScript } from './bench-support.mjs';

const CLAIMS = Number(process.env.BENCH_CLAIMS_COUNT ?? 10_000);
const PERSONS = 2_000;
const MEMBER = { email: 'claims-handler@bench.invalid', password: 'bench-claims-handler-2026' };
const INSURERS = ['a', 'b'];
const STATUSES = ['received', 'in_review', 'approved', 'paid', 'rejected'];

const uuid = (text) => `md5('${text}')::uuid`;

/** The claims; answers the first insurer's party id, whose list the cases read. */
async function loadData(db, passwordHash) {
  const step = (label, sql) => loadStep(db, label, sql);
  await db.query('select setseed(0.13)');
  await step(
    'two insurers',
    `insert into party (id, kind) select md5('claims-insurer-' || i)::uuid, 'organisation' from unnest(array['a','b']) i;
     insert into organisation (party_id, name, organisation_type)
       select md5('claims-insurer-' || i)::uuid, 'Bench Forsikring ' || upper(i), 'insurance_company' from unnest(array['a','b']) i`,
  );
  await step(
    'a claims handler of insurer A',
    `insert into party (id, kind) values (${uuid('claims-member')}, 'person');
     insert into identity (party_id, email, role, first_name, last_name, password_hash, email_verified_at)
       values (${uuid('claims-member')}, '${MEMBER.email}', 'private', 'Bench', 'Handler', '${passwordHash}', now());
     insert into organisation_member (organisation_party_id, identity_party_id, role)
       values (${uuid('claims-insurer-a')}, ${uuid('claims-member')}, 'member')`,
  );
  await step(
    `${PERSONS} owners`,
    `insert into party (id, kind) select md5('claims-party-' || p)::uuid, 'person' from generate_series(1, ${PERSONS}) p;
     insert into identity (party_id, email, role, first_name, last_name)
       select md5('claims-party-' || p)::uuid, 'claims-' || p || '@bench.invalid', 'private',
              (array['Anna','Bo','Karen','Ole','Mette','Lars','Ingrid','Jonas'])[1 + p % 8], 'Owner' || p
         from generate_series(1, ${PERSONS}) p`,
  );
  const total = CLAIMS * INSURERS.length;
  await step(
    `${total.toLocaleString('en')} stolen bikes with their ownerships`,
    `insert into bike (id, frame_number, frame_number_normalised, brand_name, model, is_electric, searchable, reported_stolen, created_at, updated_at)
       select md5('claims-bike-' || n)::uuid, f, f, 'Bench', 'Model ' || (n % 37), n % 4 = 0, true, true,
              now() - interval '3 years', now() - interval '3 years'
         from (select n, 'WCLM' || lpad(n::text, 7, '0') || 'K' as f from generate_series(1, ${total}) n) s;
     insert into bike_ownership (id, bike_id, party_id, started_at)
       select md5('claims-ownership-' || n)::uuid, md5('claims-bike-' || n)::uuid, md5('claims-party-' || (1 + n % ${PERSONS}))::uuid,
              now() - interval '3 years'
         from generate_series(1, ${total}) n`,
  );
  await step(
    `${total.toLocaleString('en')} stolen reports shared with the insurers`,
    `insert into theft_report (id, bike_id, ownership_id, reporter_party_id, first_name, last_name, email, street_address, city,
                               zip_code, mobile, cpr_encrypted, frame_number, bike_category, is_electric, bike_color, lock_status,
                               time_last_seen, noted_time, place, latitude, longitude, location_id, public_latitude,
                               public_longitude, region, is_culprit_known, is_culprit_recognizable, has_witness, is_insured,
                               insurer_party_id, bike_price, police_report_requested, shared_with_insurer_at, created_at)
       select md5('claims-report-' || n)::uuid, md5('claims-bike-' || n)::uuid, md5('claims-ownership-' || n)::uuid,
              md5('claims-party-' || (1 + n % ${PERSONS}))::uuid,
              (array['Anna','Bo','Karen','Ole','Mette','Lars','Ingrid','Jonas'])[1 + (1 + n % ${PERSONS}) % 8], 'Owner' || (1 + n % ${PERSONS}),
              'claims@bench.invalid', 'Nørrebrogade 1', 'København N', '2200', '+45 20000000', 'not-a-real-cpr',
              'WCLM' || lpad(n::text, 7, '0') || 'K', 'city', n % 4 = 0, 'black', 'locked', noted - interval '5 hours', noted,
              'Nørrebrogade 1, 2200 København N', 55.69, 12.55, '6187:1234', 55.69, 12.55, 'dk', false, false, false, true,
              md5('claims-insurer-' || (case when n % 2 = 0 then 'a' else 'b' end))::uuid, 5000, true, noted, noted
         from (select n, now() - random() * interval '730 days' as noted from generate_series(1, ${total}) n) s`,
  );
  await step(
    `${total.toLocaleString('en')} claims in every state`,
    `insert into insurance_claim (insurer_party_id, theft_report_id, bike_id, owner_party_id, status, ownership_transfer_agreed, created_at, updated_at)
       select r.insurer_party_id, r.id, r.bike_id, r.reporter_party_id,
              (array['received','in_review','approved','paid','rejected'])[1 + (row_number() over (order by r.id))::int % 5],
              true, r.created_at, r.created_at
         from theft_report r where r.insurer_party_id is not null`,
  );
  return (await db.query(`select md5('claims-insurer-a')::uuid as id`)).rows[0].id;
}

function cases(insurer) {
  const list = `/api/insurance/${insurer}/claims/`;
  const days = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  return [
    { label: 'first page, every claim', paths: [list] },
    { label: 'first page of a state', paths: STATUSES.map((s) => `${list}?status=${s}`) },
    { label: 'a month of arrivals', paths: [30, 90, 200, 400, 600].map((d) => `${list}?from=${days(d + 30)}&to=${days(d)}`) },
    {
      label: 'text: part of a frame number',
      paths: Array.from({ length: 50 }, (_, k) => `${list}?q=${String(1000 + k * 37).padStart(7, '0')}`),
    },
    { label: "text: an owner's name, open claims", paths: ['Karen', 'Ole', 'Mette', 'Lars'].map((q) => `${list}?q=${q}&status=in_review`) },
    { label: 'a deep page (offset 5 000)', paths: [`${list}?offset=5000`, `${list}?offset=4980`] },
  ];
}

const title = () =>
  `An insurer's claim list (GET /api/insurance/{insurerPartyId}/claims/, 20 a page with the total) at ${CLAIMS.toLocaleString('en')} claims of the insurer (and as many of another) on PostgreSQL, signed in as one of the insurer's claims handlers`;

/** Runs the claims benchmark: { skipped } when there is no PostgreSQL, else { markdown, results, overBudget }. */
export const runClaimsBench = (options = {}) =>
  runListBench({ name: 'Claims', lockKey: 7_463_292, user: MEMBER, load: loadData, cases, title }, options);

runListBenchAsScript(import.meta.url, runClaimsBench);
