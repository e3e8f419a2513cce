import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { organisationMembers } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { makeOwner, makeStolenBike } from '../stolen-map/stolen-map-test-factory.js';
import { foundApproval, makeOrganisation, reportFoundCall, reportStolen } from '../theft/theft-test-factory.js';

// The insurer's read-only area (issue "Hardening"): the stolen reports shared with an insurance company, for
// the company's members only; a member of one insurer never sees another's.

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
let memberA: SignedUpUser;
let memberB: SignedUpUser;

/** Logs the user in again: a member of an insurance company then acts as the company (§2). */
async function logIn(user: SignedUpUser): Promise<SignedUpUser> {
  const res = await o.t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, token: res.json().authentication_token };
}

async function memberOf(insurerPartyId: string): Promise<SignedUpUser> {
  const user = await o.user();
  await o.t.database.db.insert(organisationMembers).values({ organisationPartyId: insurerPartyId, identityPartyId: user.partyId });
  return logIn(user);
}

const list = (user: SignedUpUser | null, insurer: string, query = '') =>
  api(o.t.app, user?.token ?? null, 'GET', `/api/insurance/${insurer}/stolen-reports/${query}`);

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  memberA = await memberOf(insurerA);
  memberB = await memberOf(insurerB);
});
afterAll(() => o.close());

describe('GET /api/insurance/{insurerPartyId}/stolen-reports/', () => {
  let sharedWithA: Record<string, unknown>;
  let ownerOfA: SignedUpUser;
  let bikeOfA: { id: string; frame_number: string | null };

  beforeAll(async () => {
    ownerOfA = await o.user({ firstName: 'Anna', lastName: 'Jensen' });
    bikeOfA = await o.bike(ownerOfA, { brand_id: 'kildemoes', model: 'Logic', color_id: 'green' });
    sharedWithA = await reportStolen(o.t, ownerOfA, bikeOfA.id, {
      frame_number: bikeOfA.frame_number,
      isInsured: true,
      insurance_company: insurerA,
      bike_color: 'green',
    });
    // One for insurer B, and one insured nowhere.
    const ownerOfB = await o.user();
    await reportStolen(o.t, ownerOfB, (await o.bike(ownerOfB)).id, { isInsured: true, insurance_company: insurerB, place: 'Bergen' });
    const uninsured = await o.user();
    await reportStolen(o.t, uninsured, (await o.bike(uninsured)).id, { isInsured: false });
  });

  it('shows a member the reports shared with their company, with the owner’s contact and no personal ID number', async () => {
    const res = await list(memberA, insurerA);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ insurer: { party_id: insurerA, name: 'Alfa Forsikring' }, total: 1, next_offset: null });
    expect(answer.items).toEqual([
      {
        id: sharedWithA.id,
        bike_id: bikeOfA.id,
        reported_at: sharedWithA.reported_at,
        shared_at: sharedWithA.shared_with_insurer_at,
        stolen_at: sharedWithA.noted_time,
        stolen_area: null,
        region: 'dk',
        status: 'stolen',
        brand: 'Kildemoes',
        model: 'Logic',
        frame_number: bikeOfA.frame_number,
        bike_color: 'green',
        bike_category: 'city',
        is_electric: true,
        bike_price: 7500,
        owner: {
          first_name: 'Anna',
          last_name: 'Jensen',
          email: 'anna.jensen@example.dk',
          mobile: '+45 12 34 56 78',
          telephone: '33 12 34 56',
        },
      },
    ]);
    expect(res.body).not.toMatch(/cpr|010190|0101901234/i);
  });

  it('names the area of the place as the list shows it (zip code and town, never the street)', async () => {
    const owner = await makeOwner(o.t);
    const bikeId = await makeStolenBike(o.t, owner, {
      insurerPartyId: insurerB,
      place: 'Bryggen 3, 5003 Bergen',
      latitude: 60.397,
      longitude: 5.324,
    });
    const res = await list(memberB, insurerB);
    expect(res.json().items.find((i: { bike_id: string }) => i.bike_id === bikeId)).toMatchObject({
      stolen_area: '5003 Bergen',
      region: 'no',
      owner: { first_name: 'Vigdis' },
    });
  });

  it('never shows one insurer’s member another insurer’s reports', async () => {
    const own = await list(memberB, insurerB);
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((i: { id: string }) => i.id)).not.toContain(sharedWithA.id);
    const other = await list(memberB, insurerA);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('forbidden');
  });

  it('refuses anyone who is not a member (the reporting owner, a stranger); a visitor must log in', async () => {
    const stranger = await o.user();
    for (const user of [ownerOfA, stranger]) {
      const res = await list(user, insurerA);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(res.body).not.toContain('Jensen');
    }
    const visitor = await list(null, insurerA);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ detail: 'invalid_token' });
  });

  it('answers 404 for a party that is not an insurance company of the register', async () => {
    const business = await makeOrganisation(o.t, 'Cykelsmed ApS', 'business');
    for (const id of [business, memberA.partyId, '00000000-0000-4000-8000-000000000000', 'garbage']) {
      const res = await list(memberA, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('pages newest first, 20 at a time', async () => {
    const insurer = await makeOrganisation(o.t, 'Gamma Forsikring');
    const member = await memberOf(insurer);
    const owner = await makeOwner(o.t);
    // 21 reports, i days ago each (the report is filed when it was noted).
    const ids: string[] = [];
    for (let i = 1; i <= 21; i++) ids.push(await makeStolenBike(o.t, owner, { insurerPartyId: insurer, daysAgo: i }));
    const first = await list(member, insurer);
    expect(first.json()).toMatchObject({ total: 21, next_offset: 20 });
    expect(first.json().items.map((i: { bike_id: string }) => i.bike_id)).toEqual(ids.slice(0, 20));
    const second = await list(member, insurer, '?offset=20');
    expect(second.json()).toMatchObject({ total: 21, next_offset: null });
    expect(second.json().items.map((i: { bike_id: string }) => i.bike_id)).toEqual(ids.slice(20));
    const bad = await list(member, insurer, '?offset=-1');
    expect(bad.statusCode).toBe(422);
  });

  it('drops a report once its bike is reported found (the report is deleted)', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const report = await reportStolen(o.t, owner, bike.id, { isInsured: true, insurance_company: insurerA });
    expect((await list(memberA, insurerA)).json().items.map((i: { id: string }) => i.id)).toContain(report.id);
    const found = await reportFoundCall(o.t, owner, bike.id, await foundApproval(o.t, owner, bike.id));
    expect(found.statusCode, found.body).toBe(200);
    expect((await list(memberA, insurerA)).json().items.map((i: { id: string }) => i.id)).not.toContain(report.id);
  });
});

describe('GET /api/insurance/{insurerPartyId}/stolen-reports/{reportId}', () => {
  let report: Record<string, unknown>;

  beforeAll(async () => {
    const owner = await o.user({ firstName: 'Bo', lastName: 'Hansen' });
    const bike = await o.bike(owner, { brand_name: 'Mustang', model: 'Grand Prix' });
    report = await reportStolen(o.t, owner, bike.id, { isInsured: true, insurance_company: insurerA, frame_number: bike.frame_number });
  });

  const detail = (user: SignedUpUser | null, insurer: string, id: string) =>
    api(o.t.app, user?.token ?? null, 'GET', `/api/insurance/${insurer}/stolen-reports/${id}`);

  it('shows a member the whole report shared with their company, without the personal ID number', async () => {
    const res = await detail(memberA, insurerA, String(report.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: report.id,
      brand: 'Mustang',
      model: 'Grand Prix',
      status: 'stolen',
      place: 'Nørreport Station, cykelparkeringen',
      latitude: 55.683312,
      longitude: 12.571734,
      time_last_seen: report.time_last_seen,
      lock_status: 'locked_to_object',
      battery_location: 'possession',
      culprit_info: 'Tall man in a red jacket',
      witnesses: 'A kiosk clerk saw it',
      police_report_requested: true,
      owner: {
        first_name: 'Anna',
        street_address: 'Nørregade 1',
        zip_code: '1165',
        city: 'København K',
        floor: '3',
        side: 'th',
        door: null,
      },
    });
    expect(res.body).not.toMatch(/cpr|010190/i);
  });

  it('is not found for another insurer’s member under their own company, nor for an unknown report; refused to others', async () => {
    expect((await detail(memberB, insurerB, String(report.id))).statusCode).toBe(404);
    expect((await detail(memberA, insurerA, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await detail(memberA, insurerA, 'garbage')).json().code).toBe('stolen_report_not_found');
    expect((await detail(memberB, insurerA, String(report.id))).statusCode).toBe(403);
    expect((await detail(null, insurerA, String(report.id))).statusCode).toBe(401);
  });
});
