import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpWithRole } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { organisationMembers } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { makeOrganisation, reportStolen } from '../theft/theft-test-factory.js';

// Staff's review of stolen reports for the public map (issue 14): the map shows only approved reports; staff and admins
// approve, hide (with a reason) and merge duplicates, each audited; revisors read; everyone else is refused.

let o: OwnershipTest;
let staff: SignedUpUser;
let admin: SignedUpUser;
let revisor: SignedUpUser;
let user: SignedUpUser;
let member: SignedUpUser;

/** Shared by two reports of different bikes: they are duplicates of each other. */
const SHARED_FRAME = 'WBK 777 0001 A';

beforeAll(async () => {
  o = await ownershipTest();
  staff = await signUpWithRole(o.t, 'staff');
  admin = await signUpWithRole(o.t, 'admin');
  revisor = await signUpWithRole(o.t, 'revisor');
  user = await o.user();
  const insurer = await makeOrganisation(o.t, 'Review Forsikring');
  const person = await o.user();
  await o.t.database.db.insert(organisationMembers).values({ organisationPartyId: insurer, identityPartyId: person.partyId });
  const login = await o.t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: person.email, password: person.password },
  });
  member = { ...person, token: login.json().authentication_token };
});
afterAll(() => o.close());

const call = (who: SignedUpUser | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  api(o.t.app, who?.token ?? null, method, url, body);

/** A new owner's bike reported stolen through the API: the owner, the bike and the report's id. */
async function stolen(overrides: Record<string, unknown> = {}) {
  const owner = await o.user();
  const bike = await o.bike(owner);
  await reportStolen(o.t, owner, bike.id, { frame_number: bike.frame_number, ...overrides });
  const list = await call(
    staff,
    'GET',
    `/api/backoffice/stolen-reports?q=${encodeURIComponent(String(overrides.frame_number ?? bike.frame_number))}`,
  );
  const item = list.json().items.find((i: { bike_id: string }) => i.bike_id === bike.id);
  return { owner, bike, reportId: item.id as string };
}

const onMap = async (bikeId: string) => (await call(null, 'GET', `/api/stolen-bike-map/${bikeId}`)).statusCode === 200;
const mapListed = async (bikeId: string) =>
  (await call(null, 'GET', '/api/stolen-bike-map/list?period=all')).json().items.some((i: { bike_id: string }) => i.bike_id === bikeId);
const waiting = async () => (await call(revisor, 'GET', '/api/backoffice/work')).json().stolen_reports_to_review as number;

describe('a new report waits for review before the public map shows it', () => {
  it('is not on the map, but stolen everywhere else; staff approve it and it is on the map at once', async () => {
    const before = await waiting();
    const { owner, bike, reportId } = await stolen({ culprit_info: 'A man in a red jacket', place: 'Nørrebrogade 10, 2200 København N' });
    expect(await waiting()).toBe(before + 1);
    expect(await onMap(bike.id)).toBe(false);
    expect(await mapListed(bike.id)).toBe(false);
    // The bike is stolen whatever staff think: the owner's report, search.
    expect((await call(owner, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(200);
    const search = await call(null, 'GET', `/api/search/bikes?q=${encodeURIComponent(bike.frame_number ?? '')}`);
    expect(search.json().exact[0]).toMatchObject({ id: bike.id, reported_stolen: true });

    const item = (await call(revisor, 'GET', `/api/backoffice/stolen-reports/${reportId}`)).json();
    expect(item).toMatchObject({
      id: reportId,
      bike_id: bike.id,
      frame_number: bike.frame_number,
      review_state: 'new',
      place: 'Nørrebrogade 10, 2200 København N',
      postal_code: '2200',
      region: 'dk',
      culprit_info: 'A man in a red jacket',
      owner_email: 'anna.jensen@example.dk',
      duplicates: [],
    });
    expect(item.bike).toMatchObject({ id: bike.id });

    const approved = await call(staff, 'POST', `/api/backoffice/stolen-reports/${reportId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ review_state: 'approved', reviewed_by_email: staff.email });
    expect(await onMap(bike.id)).toBe(true);
    expect(await mapListed(bike.id)).toBe(true);
    expect(await waiting()).toBe(before);

    const log = (await call(revisor, 'GET', `/api/backoffice/audit-log?record_type=stolen_report&record_id=${reportId}`)).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'stolen_report.approve',
      actor_party_id: staff.partyId,
      target_party_id: owner.partyId,
      before: { review_state: 'new', review_reason: null, merged_into_report_id: null },
      after: { review_state: 'approved', review_reason: null, merged_into_report_id: null },
    });

    const again = await call(staff, 'POST', `/api/backoffice/stolen-reports/${reportId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'stolen_report_already_approved' });
  });

  it('hides a report with a reason: it leaves the map, the owner still has it; hidden again is a conflict', async () => {
    const { owner, bike, reportId } = await stolen();
    expect((await call(staff, 'POST', `/api/backoffice/stolen-reports/${reportId}/approve`)).statusCode).toBe(200);
    expect(await onMap(bike.id)).toBe(true);

    const empty = await call(admin, 'POST', `/api/backoffice/stolen-reports/${reportId}/hide`, { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'reason'], type: 'field_required' });
    const long = await call(admin, 'POST', `/api/backoffice/stolen-reports/${reportId}/hide`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);

    const hidden = await call(admin, 'POST', `/api/backoffice/stolen-reports/${reportId}/hide`, { reason: 'Abusive text in the place' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ review_state: 'hidden', review_reason: 'Abusive text in the place' });
    expect(await onMap(bike.id)).toBe(false);
    expect(await mapListed(bike.id)).toBe(false);
    expect((await call(owner, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(200);
    const log = (await call(staff, 'GET', `/api/backoffice/audit-log?record_type=stolen_report&record_id=${reportId}`)).json();
    expect(log[0]).toMatchObject({
      action: 'stolen_report.hide',
      actor_party_id: admin.partyId,
      before: { review_state: 'approved' },
      after: { review_state: 'hidden', review_reason: 'Abusive text in the place' },
    });

    expect((await call(staff, 'POST', `/api/backoffice/stolen-reports/${reportId}/hide`, { reason: 'Again' })).json()).toMatchObject({
      code: 'stolen_report_already_hidden',
    });
    // Hidden by mistake: approved again.
    expect((await call(staff, 'POST', `/api/backoffice/stolen-reports/${reportId}/approve`)).statusCode).toBe(200);
    expect(await onMap(bike.id)).toBe(true);
  });

  it('merges a duplicate of the same frame number into the kept report; only that one can be chosen', async () => {
    const kept = await stolen({ frame_number: SHARED_FRAME });
    const duplicate = await stolen({ frame_number: SHARED_FRAME.replaceAll(' ', '-').toLowerCase() });
    const other = await stolen();

    const item = (await call(staff, 'GET', `/api/backoffice/stolen-reports/${duplicate.reportId}`)).json();
    expect(item.duplicates.map((d: { id: string }) => d.id)).toEqual([kept.reportId]);

    const unrelated = await call(staff, 'POST', `/api/backoffice/stolen-reports/${duplicate.reportId}/merge`, {
      into_report_id: other.reportId,
    });
    expect(unrelated.statusCode).toBe(422);
    expect(unrelated.json().detail[0]).toMatchObject({ loc: ['body', 'into_report_id'], type: 'stolen_report_not_duplicate' });
    const itself = await call(staff, 'POST', `/api/backoffice/stolen-reports/${duplicate.reportId}/merge`, {
      into_report_id: duplicate.reportId,
    });
    expect(itself.statusCode).toBe(422);
    const notAnId = await call(staff, 'POST', `/api/backoffice/stolen-reports/${duplicate.reportId}/merge`, { into_report_id: 'x' });
    expect(notAnId.statusCode).toBe(422);

    const merged = await call(staff, 'POST', `/api/backoffice/stolen-reports/${duplicate.reportId}/merge`, {
      into_report_id: kept.reportId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ review_state: 'merged', merged_into_report_id: kept.reportId });
    // A merged report is no longer a candidate, and is settled.
    expect((await call(staff, 'GET', `/api/backoffice/stolen-reports/${kept.reportId}`)).json().duplicates).toEqual([]);
    const settled = await call(staff, 'POST', `/api/backoffice/stolen-reports/${duplicate.reportId}/approve`);
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toMatchObject({ code: 'stolen_report_merged' });
    expect((await call(staff, 'POST', `/api/backoffice/stolen-reports/${kept.reportId}/approve`)).statusCode).toBe(200);
    expect(await onMap(kept.bike.id)).toBe(true);
    expect(await onMap(duplicate.bike.id)).toBe(false);
    const log = (await call(staff, 'GET', `/api/backoffice/audit-log?record_type=stolen_report&record_id=${duplicate.reportId}`)).json();
    expect(log[0]).toMatchObject({
      action: 'stolen_report.merge',
      after: { review_state: 'merged', merged_into_report_id: kept.reportId },
    });
  });
});

describe('the queue: waiting first, filtered and paged on the server', () => {
  it('filters by state, day reported, region, zip code range and frame number', async () => {
    const aarhus = await stolen({ place: 'Søndergade 3, 8000 Aarhus C' });
    const odense = await stolen({ place: 'Vestergade 5, 5000 Odense C' });
    const ids = (query: string) =>
      call(revisor, 'GET', `/api/backoffice/stolen-reports?${query}`).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json().items.map((i: { id: string }) => i.id) as string[];
      });
    const area = await ids('postal_from=7000&postal_to=8999&state=new');
    expect(area).toContain(aarhus.reportId);
    expect(area).not.toContain(odense.reportId);
    expect(await ids('postal_from=5000&postal_to=5999')).toEqual([odense.reportId]);
    expect(await ids('region=no')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}&postal_from=5000&postal_to=5000`)).toEqual([odense.reportId]);
    expect(await ids('from=2001-01-01&to=2001-01-31')).toEqual([]);

    // Waiting first: every new report comes before every decided one.
    const all = (await call(revisor, 'GET', '/api/backoffice/stolen-reports')).json();
    const states: string[] = all.items.map((i: { review_state: string }) => i.review_state);
    expect(states[0]).toBe('new');
    expect(states.slice(states.findIndex((s) => s !== 'new')).includes('new')).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(all.items.length);
  });

  it('pages 20 at a time with the total', async () => {
    const total = (await call(staff, 'GET', '/api/backoffice/stolen-reports')).json().total as number;
    for (let i = total; i < 21; i++) await stolen();
    const first = (await call(staff, 'GET', '/api/backoffice/stolen-reports')).json();
    expect(first.items).toHaveLength(20);
    expect(first.next_offset).toBe(20);
    const second = (await call(staff, 'GET', '/api/backoffice/stolen-reports?offset=20')).json();
    expect(second.items.length).toBe(first.total - 20);
    expect(new Set([...first.items, ...second.items].map((i: { id: string }) => i.id)).size).toBe(first.total);
  });

  it('answers bad input with 422 and unknown reports with 404', async () => {
    for (const query of ['state=bogus', 'postal_from=12', 'from=yesterday', 'offset=-1', 'region=se', `q=${'x'.repeat(101)}`]) {
      const res = await call(staff, 'GET', `/api/backoffice/stolen-reports?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Array.isArray(res.json().detail), query).toBe(true);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await call(staff, 'GET', `/api/backoffice/stolen-reports/${id}`)).statusCode).toBe(404);
      const res = await call(staff, 'POST', `/api/backoffice/stolen-reports/${id}/approve`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'stolen_report_not_found' });
    }
    const missing = await call(staff, 'POST', '/api/backoffice/stolen-reports/00000000-0000-4000-8000-000000000000/hide', {});
    expect(missing.statusCode).toBe(422);
  });
});

describe('who may', () => {
  it('lets the revisor read and refuses every change; refuses users, insurers’ members and visitors', async () => {
    const { reportId } = await stolen();
    const changes: [string, unknown][] = [
      [`/api/backoffice/stolen-reports/${reportId}/approve`, undefined],
      [`/api/backoffice/stolen-reports/${reportId}/hide`, { reason: 'Wrong place' }],
      [`/api/backoffice/stolen-reports/${reportId}/merge`, { into_report_id: reportId }],
    ];
    expect((await call(revisor, 'GET', '/api/backoffice/stolen-reports')).statusCode).toBe(200);
    expect((await call(revisor, 'GET', `/api/backoffice/stolen-reports/${reportId}`)).statusCode).toBe(200);
    for (const [url, body] of changes) expect((await call(revisor, 'POST', url, body)).statusCode, url).toBe(403);
    for (const who of [user, member]) {
      expect((await call(who, 'GET', '/api/backoffice/stolen-reports')).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/backoffice/stolen-reports/${reportId}`)).statusCode).toBe(403);
      for (const [url, body] of changes) expect((await call(who, 'POST', url, body)).statusCode, url).toBe(403);
    }
    expect((await call(null, 'GET', '/api/backoffice/stolen-reports')).statusCode).toBe(401);
    expect((await call(null, 'POST', changes[0]![0])).statusCode).toBe(401);
    // Nothing changed.
    expect((await call(staff, 'GET', `/api/backoffice/stolen-reports/${reportId}`)).json().review_state).toBe('new');
  });
});
