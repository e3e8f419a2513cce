import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, type SignedUpUser, uniqueEmail } from '../../../tests/support/test-app.js';
import { api, frameNumber } from '../bikes/bike-test-factory.js';
import { identities, shipments } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';
import { insurerMember, logInAgain } from './insurance-test-factory.js';

// §7 Insurance: policies for their holders and their insurer's members, the pre-registration lookup, the
// sign-up's member reference (§4) and §8's 400 for a pre-registered policy.

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
let memberA: SignedUpUser;
let memberB: SignedUpUser;
let staff: SignedUpUser;
let serial = 0;

/** A policy number no other test uses. */
const number = (prefix = 'POL') => `${prefix}-${Date.now() % 100000}-${++serial}`;

const call = (user: SignedUpUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  api(o.t.app, user?.token ?? null, method, `/api${url}`, body);

const ACKS = { acknowledgement_privacy: true, acknowledgement_data_share: true, acknowledgement_ownership_transfer: true };

async function takeOut(user: SignedUpUser, body: Record<string, unknown> = {}) {
  const res = await call(user, 'POST', '/insurance/policies/', {
    insurer_party_id: insurerA,
    type: 'bike',
    coverage: 'plus',
    insurer_policy_id: number(),
    ...ACKS,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function preRegister(member: SignedUpUser, insurer: string, body: Record<string, unknown> = {}) {
  const res = await call(member, 'POST', '/insurance/policies/', {
    insurer_party_id: insurer,
    type: 'bike',
    coverage: 'basic',
    insurer_policy_id: number('PRE'),
    number_of_bikes: 2,
    pre_registration: { email: 'kunde@example.dk', first_name: 'Karen', last_name: 'Holm', zip_code: '8000', city: 'Aarhus' },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  memberA = await insurerMember(o, insurerA);
  memberB = await insurerMember(o, insurerB);
  staff = await o.user();
  await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
  staff = await logInAgain(o.t.app, staff);
});
afterAll(() => o.close());

describe('POST /api/insurance/policies/ (an owner takes out a policy)', () => {
  it('makes an active policy with the bikes insured and one insurance plate per bike ordered to the address', async () => {
    const owner = await o.user();
    const [bike1, bike2] = [await o.bike(owner), await o.bike(owner)];
    const policy = await takeOut(owner, {
      insurer_policy_id: 'ab 123',
      number_of_bikes: 2,
      bikes: [bike1.id, bike2.id],
      plates_address: { name: 'Anna Jensen', street: 'Nørregade 1', floor: '2', side: 'tv', zip_code: '1165', city: 'København K' },
    });
    expect(policy).toMatchObject({
      insurer: { party_id: insurerA, name: 'Alfa Forsikring' },
      insurer_policy_id: 'AB123',
      type: 'bike',
      coverage: 'plus',
      number_of_bikes: 2,
      status: 'active',
      source: 'onboarding',
      missing: ['possession', 'lock'],
      plates_shipment: { status: 'ordered' },
      holder: null,
      pre_registration: null,
    });
    expect(policy.items.map((i: { bike_id: string }) => i.bike_id).sort()).toEqual([bike1.id, bike2.id].sort());
    expect(policy.items[0]).toMatchObject({ possession_status: 'missing', lock_status: 'missing', brand: 'Kildemoes' });
    // What the holder acknowledged is kept with the time it was given, the ownership transfer included.
    const at = policy.acknowledgements.privacy_at;
    expect(Date.now() - Date.parse(at)).toBeLessThan(60_000);
    expect(policy.acknowledgements).toEqual({ privacy_at: at, data_share_at: at, ownership_transfer_at: at });
    const [shipment] = await o.t.database.db.select().from(shipments).where(eq(shipments.policyId, policy.id));
    expect(shipment).toMatchObject({
      partyId: owner.partyId,
      orderLineId: null,
      status: 'ordered',
      address: { name: 'Anna Jensen', address: 'Nørregade 1, 2 tv', postalCode: '1165', city: 'København K', country: 'DK' },
    });
  });

  it('keeps the ownership transfer as not agreed when the holder left it unticked', async () => {
    const owner = await o.user();
    const policy = await takeOut(owner, { acknowledgement_ownership_transfer: false });
    expect(policy.acknowledgements).toMatchObject({ privacy_at: expect.any(String), ownership_transfer_at: null });
  });

  it('refuses bad input with §8 answers, never 500', async () => {
    const owner = await o.user();
    const theirs = await o.bike(await o.user());
    const mine = await o.bike(owner);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ insurer_party_id: 'nope' }, 422, 'field_invalid'],
      [{ insurer_party_id: crypto.randomUUID() }, 422, 'insurer_not_found'],
      [{ type: 'car' }, 422, 'field_invalid'],
      [{ coverage: undefined }, 422, 'field_required'],
      [{ insurer_policy_id: '' }, 422, 'field_required'],
      [{ number_of_bikes: -1 }, 422, 'field_invalid'],
      [{ number_of_bikes: 101 }, 422, 'field_invalid'],
      [{ acknowledgement_privacy: false }, 422, 'policy_acknowledgement_required'],
      [{ acknowledgement_data_share: undefined }, 422, 'policy_acknowledgement_required'],
      [{ bikes: [theirs.id] }, 422, 'policy_bike_not_mine'],
      [{ bikes: ['x'] }, 422, 'field_invalid'],
      [{ number_of_bikes: 0, bikes: [mine.id] }, 422, 'policy_too_many_bikes'],
      [{ plates_address: { name: 'A', street: 'B', zip_code: '12', city: 'C' } }, 422, 'zip_invalid'],
    ];
    for (const [change, status, code] of cases) {
      const res = await call(owner, 'POST', '/insurance/policies/', {
        insurer_party_id: insurerA,
        type: 'bike',
        coverage: 'plus',
        insurer_policy_id: number(),
        ...ACKS,
        ...change,
      });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(status);
      expect(res.json().detail[0].type, JSON.stringify(change)).toBe(code);
    }
    expect((await call(null, 'POST', '/insurance/policies/', {})).statusCode).toBe(401);
  });

  it('answers 409 for a number the insurer has given someone already', async () => {
    const taken = number();
    await takeOut(await o.user(), { insurer_policy_id: taken });
    const res = await call(await o.user(), 'POST', '/insurance/policies/', {
      insurer_party_id: insurerA,
      type: 'bike',
      coverage: 'plus',
      insurer_policy_id: taken,
      ...ACKS,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('policy_number_taken');
  });
});

describe('pre-registered policies: the insurer makes them, its customer looks one up and claims it', () => {
  it('lets a member acting as the insurer pre-register, and only for that insurer', async () => {
    const policy = await preRegister(memberA, insurerA, { pre_registration: { email: 'k@example.dk', frame_number: 'wbk 1234567' } });
    expect(policy).toMatchObject({
      status: 'pre_registered',
      source: 'insurer',
      holder: null,
      pre_registration: { email: 'k@example.dk', frame_number: 'wbk 1234567' },
    });
    expect(policy.pre_registration).not.toHaveProperty('frame_number_normalised');
    const elsewhere = await call(memberA, 'POST', '/insurance/policies/', {
      insurer_party_id: insurerB,
      type: 'bike',
      coverage: 'basic',
      insurer_policy_id: number(),
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('looks a bike policy up with its autofill, and the owner claims it by taking it out', async () => {
    const pre = await preRegister(memberA, insurerA);
    const owner = await o.user();
    const lookup = await call(
      owner,
      'POST',
      `/insurance/${insurerA}/policies/pre-registration-lookup/${pre.insurer_policy_id.toLowerCase()}/`,
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      policy_id: pre.id,
      insurer: { party_id: insurerA, name: 'Alfa Forsikring' },
      insurer_policy_id: pre.insurer_policy_id,
      type: 'bike',
      coverage: 'basic',
      number_of_bikes: 2,
      autofill: { email: 'kunde@example.dk', first_name: 'Karen', last_name: 'Holm', zip_code: '8000', city: 'Aarhus' },
    });
    const claimed = await takeOut(owner, { insurer_policy_id: pre.insurer_policy_id, coverage: undefined, number_of_bikes: 1 });
    expect(claimed).toMatchObject({ id: pre.id, status: 'active', coverage: 'basic', number_of_bikes: 1, source: 'insurer' });
    // Claimed: no longer to be looked up, and no one else takes it.
    expect(
      (await call(owner, 'POST', `/insurance/${insurerA}/policies/pre-registration-lookup/${pre.insurer_policy_id}/`)).statusCode,
    ).toBe(404);
    const again = await call(await o.user(), 'POST', '/insurance/policies/', {
      insurer_party_id: insurerA,
      type: 'bike',
      insurer_policy_id: pre.insurer_policy_id,
      ...ACKS,
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for an unknown number, another insurer’s number, or a party that is no insurer', async () => {
    const pre = await preRegister(memberA, insurerA);
    const owner = await o.user();
    for (const url of [
      `/insurance/${insurerA}/policies/pre-registration-lookup/NOPE-1/`,
      `/insurance/${insurerB}/policies/pre-registration-lookup/${pre.insurer_policy_id}/`,
      `/insurance/${owner.partyId}/policies/pre-registration-lookup/${pre.insurer_policy_id}/`,
      `/insurance/not-a-uuid/policies/pre-registration-lookup/${pre.insurer_policy_id}/`,
    ]) {
      const res = await call(owner, 'POST', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('policy_not_found');
    }
    expect((await call(null, 'POST', `/insurance/${insurerA}/policies/pre-registration-lookup/${pre.insurer_policy_id}/`)).statusCode).toBe(
      401,
    );
  });

  it('§8: a contents policy’s lookup answers 400 with the structure that sends the user to the contents-signup page', async () => {
    const pre = await preRegister(memberA, insurerA, { type: 'contents' });
    const res = await call(await o.user(), 'POST', `/insurance/${insurerA}/policies/pre-registration-lookup/${pre.insurer_policy_id}/`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      detail: { pre_registered_policy: pre.insurer_policy_id, insurer_party_id: insurerA },
      code: 'policy_pre_registered',
    });
  });

  it('§8: registering a bike whose frame number a pre-registered policy names answers the 400, and works once it is claimed', async () => {
    const frame = frameNumber();
    const pre = await preRegister(memberA, insurerA, { type: 'contents', pre_registration: { frame_number: frame.toLowerCase() } });
    const owner = await o.user();
    const body = { frame_number: frame, brand_name: 'Kildemoes', color_id: 'black' };
    const refused = await call(owner, 'POST', '/bikes/', body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().detail).toEqual({ pre_registered_policy: pre.insurer_policy_id, insurer_party_id: insurerA });
    await takeOut(owner, { insurer_policy_id: pre.insurer_policy_id, type: 'contents' });
    expect((await call(owner, 'POST', '/bikes/', body)).statusCode).toBe(201);
  });
});

describe('who sees a policy (§6)', () => {
  let holder: SignedUpUser;
  let policy: { id: string; items: unknown[] };

  beforeAll(async () => {
    holder = await o.user({ firstName: 'Hanne', lastName: 'Dam' });
    policy = await takeOut(holder, { bikes: [(await o.bike(holder)).id] });
  });

  it('shows the holder and the insurer’s member the policy; the insurer’s member also sees the holder', async () => {
    const mine = await call(holder, 'GET', `/insurance/policies/${policy.id}/`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(policy);
    const insurers = await call(memberA, 'GET', `/insurance/policies/${policy.id}/`);
    expect(insurers.statusCode).toBe(200);
    expect(insurers.json().holder).toEqual({ name: 'Hanne Dam', email: holder.email });
  });

  it('answers 404 to another owner, another insurer’s member and staff; 401 to a visitor', async () => {
    for (const who of [await o.user(), memberB, staff]) {
      const res = await call(who, 'GET', `/insurance/policies/${policy.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('policy_not_found');
      const patch = await call(who, 'PATCH', `/insurance/policies/${policy.id}/bikes/`, { number_of_bikes: 3 });
      expect(patch.statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/insurance/policies/${policy.id}/`)).statusCode).toBe(401);
    expect((await call(holder, 'GET', '/insurance/policies/not-a-uuid/')).statusCode).toBe(404);
  });

  it('lets only the holder change the bikes, not the insurer’s member', async () => {
    const res = await call(memberA, 'PATCH', `/insurance/policies/${policy.id}/bikes/`, { number_of_bikes: 3 });
    expect(res.statusCode).toBe(404);
  });

  it('lists mine to the holder; the insurer’s to its member, paged and filtered; another insurer’s member sees none of them', async () => {
    const mine = (await call(holder, 'GET', '/insurance/policies/')).json();
    expect(mine.items.map((p: { id: string }) => p.id)).toEqual([policy.id]);
    expect(mine).toMatchObject({ total: 1, next_offset: null });

    const insurers = (await call(memberA, 'GET', '/insurance/policies/?status=active&type=bike')).json();
    expect(insurers.items.length).toBeGreaterThan(0);
    expect(
      insurers.items.every(
        (p: { insurer: { party_id: string }; status: string }) => p.insurer.party_id === insurerA && p.status === 'active',
      ),
    ).toBe(true);
    const byNumber = (
      await call(
        memberA,
        'GET',
        `/insurance/policies/?q=${encodeURIComponent((policy as { insurer_policy_id?: string }).insurer_policy_id ?? '')}`,
      )
    ).json();
    expect(byNumber.items.map((p: { id: string }) => p.id)).toEqual([policy.id]);
    const others = (await call(memberB, 'GET', '/insurance/policies/')).json();
    expect(others.items.some((p: { insurer: { party_id: string } }) => p.insurer.party_id === insurerA)).toBe(false);
    const staffs = (await call(staff, 'GET', '/insurance/policies/')).json();
    expect(staffs).toMatchObject({ items: [], total: 0 });

    expect((await call(memberA, 'GET', '/insurance/policies/?status=gone')).statusCode).toBe(422);
    expect((await call(memberA, 'GET', '/insurance/policies/?offset=-1')).statusCode).toBe(422);
    expect((await call(null, 'GET', '/insurance/policies/')).statusCode).toBe(401);
  });

  it('pages the insurer’s list 20 at a time', async () => {
    const insurerC = await makeOrganisation(o.t, 'Cirkel Forsikring');
    const memberC = await insurerMember(o, insurerC);
    for (let i = 0; i < 21; i++) await preRegister(memberC, insurerC);
    const first = (await call(memberC, 'GET', '/insurance/policies/')).json();
    expect(first).toMatchObject({ total: 21, next_offset: 20 });
    expect(first.items).toHaveLength(20);
    const second = (await call(memberC, 'GET', '/insurance/policies/?offset=20')).json();
    expect(second).toMatchObject({ total: 21, next_offset: null });
    expect(second.items).toHaveLength(1);
  });
});

describe('PATCH /api/insurance/policies/{policyId}/bikes/', () => {
  it('sets the number of bikes and the insured bikes, never more than the number, only my own', async () => {
    const owner = await o.user();
    const [b1, b2, b3] = [await o.bike(owner), await o.bike(owner), await o.bike(owner)];
    const policy = await takeOut(owner, { number_of_bikes: 2, bikes: [b1.id] });
    const url = `/insurance/policies/${policy.id}/bikes/`;

    const more = await call(owner, 'PATCH', url, { number_of_bikes: 3, bikes: [b1.id, b2.id, b3.id] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ number_of_bikes: 3, missing: ['possession', 'lock'] });
    expect(more.json().items).toHaveLength(3);

    const tooFew = await call(owner, 'PATCH', url, { number_of_bikes: 2 });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().detail[0]).toMatchObject({ loc: ['body', 'number_of_bikes'], type: 'policy_too_many_bikes' });

    const fewer = await call(owner, 'PATCH', url, { number_of_bikes: 2, bikes: [b3.id] });
    expect(fewer.statusCode).toBe(200);
    expect(fewer.json()).toMatchObject({ number_of_bikes: 2, missing: ['bikes', 'possession', 'lock'] });
    expect(fewer.json().items.map((i: { bike_id: string }) => i.bike_id)).toEqual([b3.id]);

    const theirs = await o.bike(await o.user());
    expect((await call(owner, 'PATCH', url, { number_of_bikes: 2, bikes: [theirs.id] })).json().detail[0].type).toBe(
      'policy_bike_not_mine',
    );
    expect((await call(owner, 'PATCH', url, { number_of_bikes: 'two' })).statusCode).toBe(422);
    expect((await call(owner, 'PATCH', url, {})).statusCode).toBe(422);
  });
});

describe('sign-up with an insurance member reference (§4)', () => {
  const signUp = (body: Record<string, unknown>) =>
    o.t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: uniqueEmail('member'), password: 'correct horse battery', chosen_region: 'dk', ...body },
    });

  it('links a standard policy with the insurer to the new person', async () => {
    const res = await signUp({ insurer_party_id: insurerA, insurance_type: 'bike', insurance_policy_id: number('M') });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().authentication_token;
    const list = await o.t.app.inject(authed(token, { method: 'GET', url: '/api/insurance/policies/' }));
    expect(list.json().items).toEqual([
      expect.objectContaining({
        insurer: { party_id: insurerA, name: 'Alfa Forsikring' },
        coverage: 'standard',
        status: 'active',
        source: 'signup',
      }),
    ]);
  });

  it('claims the policy the insurer pre-registered under that number', async () => {
    const pre = await preRegister(memberA, insurerA);
    const res = await signUp({ insurer_party_id: insurerA, insurance_type: 'bike', insurance_policy_id: pre.insurer_policy_id });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().authentication_token;
    const read = await o.t.app.inject(authed(token, { method: 'GET', url: `/api/insurance/policies/${pre.id}/` }));
    expect(read.json()).toMatchObject({ status: 'active', coverage: 'basic' });
  });

  it('refuses an incomplete or wrong reference, and creates no one then', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ insurer_party_id: insurerA }, 422, 'field_required'],
      [{ insurer_party_id: insurerA, insurance_type: 'bike' }, 422, 'field_required'],
      [{ insurer_party_id: crypto.randomUUID(), insurance_type: 'bike', insurance_policy_id: 'X1' }, 422, 'insurer_not_found'],
      [{ insurer_party_id: insurerA, insurance_type: 'boat', insurance_policy_id: 'X1' }, 422, 'field_invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await signUp(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail[0].type).toBe(code);
    }
    const taken = number('T');
    await takeOut(await o.user(), { insurer_policy_id: taken });
    const email = uniqueEmail('member');
    const res = await signUp({ email, insurer_party_id: insurerA, insurance_type: 'bike', insurance_policy_id: taken });
    expect(res.statusCode).toBe(409);
    expect(await o.t.database.db.select().from(identities).where(eq(identities.email, email))).toEqual([]);
  });
});
