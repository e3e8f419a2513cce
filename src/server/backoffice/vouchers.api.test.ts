import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { insertBike } from '../pictures/test-factory.js';

// Issue 14: voucher batches (single-use codes made through the webshop's one createVoucher), who redeemed which code,
// when and on which bike; a person's detail; the frame-number lookup. Staff make batches, the revisor reads only.

let t: TestApp;
let staff: SignedUpUser;
let revisor: SignedUpUser;
let owner: SignedUpUser;

type Method = 'GET' | 'POST';
const call = (who: SignedUpUser, method: Method, url: string, payload?: object) =>
  t.app.inject(authed(who.token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) }));

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRole(t, 'staff');
  revisor = await signUpWithRole(t, 'revisor');
  owner = await signUpUser(t.app);
});
afterAll(() => t.close());

describe('voucher batches', () => {
  it('makes single-use codes that give what the batch says, and shows who redeemed which, when, on which bike', async () => {
    const made = await call(staff, 'POST', '/backoffice/voucher-batches', {
      label: 'Spring fair',
      count: 3,
      credits: 2,
      plan_type: 'FAMILY',
      expires_on: nextYear,
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json();
    expect(batch).toMatchObject({
      label: 'Spring fair',
      count: 3,
      credits: 2,
      plan_type: 'FAMILY',
      redeemed: 0,
      created_by_email: staff.email,
    });
    expect(batch.expires_at.slice(0, 10)).toBe(nextYear);
    expect(batch.codes).toHaveLength(3);
    expect(new Set(batch.codes.map((c: { code: string }) => c.code)).size).toBe(3);
    for (const c of batch.codes) expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);

    // The owner redeems one code and puts a credit on a bike.
    const code = batch.codes[0].code as string;
    const redeemed = await call(owner, 'POST', '/webshop/vouchers/redeem', { code: code.toLowerCase() });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().credits_added).toBe(2);
    expect((await call(owner, 'POST', '/webshop/vouchers/redeem', { code })).statusCode).toBe(422);
    const { bikeId, ownershipId } = await insertBike(t.database.db, owner.partyId, {
      frameNumber: 'WBK 7654321 Q',
      frameNumberNormalised: 'WBK7654321Q',
    });
    const credits = (await call(owner, 'GET', '/webshop/bike-activations')).json();
    const activated = await call(owner, 'POST', `/webshop/bike-activations/${credits[0].id}`, { bike_ownership_id: ownershipId });
    expect(activated.statusCode, activated.body).toBe(200);

    const detail = (await call(revisor, 'GET', `/backoffice/voucher-batches/${batch.id}`)).json();
    expect(detail.redeemed).toBe(1);
    expect(detail.codes.find((c: { code: string }) => c.code === code)).toEqual({ code, redeemed: true });
    expect(detail.redemptions).toEqual([
      {
        code,
        party_id: owner.partyId,
        who: owner.email,
        organisation: false,
        redeemed_at: expect.any(String),
        bikes: [{ bike_id: bikeId, frame_number: 'WBK 7654321 Q' }],
      },
    ]);

    const list = (await call(revisor, 'GET', '/backoffice/voucher-batches')).json();
    expect(list).toMatchObject({ total: 1, offset: 0, items: [{ id: batch.id, redeemed: 1 }] });

    const audit = (await call(revisor, 'GET', `/backoffice/audit-log?record_type=voucher_batch&record_id=${batch.id}`)).json();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'voucher.batch_create',
        actor_party_id: staff.partyId,
        before: null,
        after: { label: 'Spring fair', count: 3, credits: 2, plan_type: 'FAMILY', expires_on: nextYear },
      }),
    ]);
  });

  it('refuses bad input with 422, an expiry that is not in the future, and an unknown batch', async () => {
    const make = (body: object) => call(staff, 'POST', '/backoffice/voucher-batches', body);
    expect((await make({ label: 'x', count: 1 })).statusCode).toBe(422);
    expect((await make({ label: 'Fine', count: 0 })).statusCode).toBe(422);
    expect((await make({ label: 'Fine', count: 501 })).statusCode).toBe(422);
    expect((await make({ label: 'Fine', count: 1, credits: 101 })).statusCode).toBe(422);
    expect((await make({ label: 'Fine', count: 1, plan_type: 'GOLD' })).statusCode).toBe(422);
    expect((await make({ label: 'Fine', count: 1, expires_on: '31-12-2099' })).statusCode).toBe(422);
    const past = await make({ label: 'Fine', count: 1, expires_on: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail[0]).toMatchObject({ loc: ['body', 'expires_on'] });
    expect((await call(staff, 'GET', `/backoffice/voucher-batches/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(staff, 'GET', '/backoffice/voucher-batches/nope')).statusCode).toBe(422);
    expect((await call(staff, 'GET', '/backoffice/voucher-batches?offset=x')).statusCode).toBe(422);
  });

  it('lets the revisor read and not make; refuses an ordinary user', async () => {
    const body = { label: 'Not allowed', count: 1 };
    expect((await call(revisor, 'POST', '/backoffice/voucher-batches', body)).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/backoffice/voucher-batches', body)).statusCode).toBe(403);
    expect((await call(owner, 'GET', '/backoffice/voucher-batches')).statusCode).toBe(403);
    expect((await call(revisor, 'GET', '/backoffice/voucher-batches')).statusCode).toBe(200);
  });
});

describe('a person’s detail and the frame-number lookup', () => {
  it('shows role, verification, organisations, bikes and credits', async () => {
    const person = await signUpUser(t.app);
    await insertBike(t.database.db, person.partyId, { frameNumber: 'SCO123456A', frameNumberNormalised: 'SCO123456A', brandId: 'sco' });
    const org = await call(staff, 'POST', '/backoffice/organisations', {
      name: 'Personens ApS',
      organisation_type: 'business',
      admin_email: person.email,
    });
    expect(org.statusCode).toBe(201);
    const res = await call(revisor, 'GET', `/backoffice/identities/${person.partyId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      party_id: person.partyId,
      email: person.email,
      role: 'private',
      verified_on: null,
      organisations: [{ name: 'Personens ApS', role: 'admin', organisation_type: 'business' }],
      bikes: [{ frame_number: 'SCO123456A', brand: 'SCO', reported_stolen: false }],
      orders: [],
      tickets: [],
      credits: { credits: 0 },
    });
    expect((await call(staff, 'GET', `/backoffice/identities/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/backoffice/identities/${person.partyId}`)).statusCode).toBe(403);
  });

  it('finds a bike by its frame number as typed in any spelling, with its owner', async () => {
    const res = await call(revisor, 'GET', '/backoffice/frame-lookup?frame_number=wbk-7654321-q');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      normalised: 'WBK7654321Q',
      bikes: [{ frame_number: 'WBK 7654321 Q', owner: owner.email, owner_party_id: owner.partyId }],
      reports: [],
    });
    expect((await call(staff, 'GET', '/backoffice/frame-lookup?frame_number=NOTHING123')).json().bikes).toEqual([]);
    expect((await call(staff, 'GET', '/backoffice/frame-lookup?frame_number=abc')).statusCode).toBe(422);
    expect((await call(owner, 'GET', '/backoffice/frame-lookup?frame_number=WBK7654321Q')).statusCode).toBe(403);
  });
});
