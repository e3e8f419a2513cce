import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, makePlates, registered } from '../bikes/bike-test-factory.js';
import { bikeCredits, orders, organisationMembers, subscriptions } from '../db/schema.js';
import { returnCreditsOfDeletedBike } from './credits.js';

// §7 Webshop subscriptions: what is checked before the provider is asked (who may buy which plan, one subscription
// per party, the plate), bikes on a subscription within its plan's limit (§4), the portal's return path.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const day = 86_400_000;
const session = (token: string | null, body: unknown) => api(t.app, token, 'POST', '/api/webshop/subscriptions/sessions', body);
const putOn = (token: string | null, ownershipId: unknown) =>
  api(t.app, token, 'POST', '/api/webshop/subscriptions/bikes', { bike_ownership_id: ownershipId });
const overview = async (token: string) => (await api(t.app, token, 'GET', '/api/webshop/bike-ownership-credits/overview')).json();

/** A subscription as staff would set one up (no provider): plan, quantity, paid until `days` from now. */
async function subscribe(partyId: string, planType: 'SINGLE' | 'FAMILY' | 'ORGANISATION', days = 30, quantity = 1) {
  await t.database.db
    .insert(subscriptions)
    .values({ partyId, planType, quantity, currentPeriodEnd: new Date(Date.now() + days * day) })
    .onConflictDoUpdate({
      target: subscriptions.partyId,
      set: { planType, quantity, currentPeriodEnd: new Date(Date.now() + days * day) },
    });
}

/** A bike of the user that has no credit (its credit taken away, as after a lapsed plan). */
async function bikeWithoutCredit(token: string, partyId: string, plate?: string) {
  await giveCredits(t.database.db, partyId, 1);
  const bike = await registered(t, token, plate ? { bikekey_id: plate } : { frame_number: frameNumber() });
  await t.database.db.delete(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, bike.bike_ownership_id));
  return bike;
}

async function organisationOf(token: string): Promise<{ token: string; partyId: string }> {
  const res = await api(t.app, token, 'POST', '/api/organisations/', { name: 'Cykelflåden ApS' });
  return { token: res.json().authentication_token, partyId: res.json().organisation.party_id };
}

describe('POST /api/webshop/subscriptions/sessions (before the provider)', () => {
  it('refuses bad input with §8 field errors', async () => {
    const user = await signUpUser(t.app);
    for (const body of [{}, { plan_type: 'GOLD' }, { plan_type: 'SINGLE', quantity: 0 }, { plan_type: 'SINGLE', region: 'se' }]) {
      const res = await session(user.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('body');
    }
    const two = await session(user.token, { plan_type: 'SINGLE', quantity: 2 });
    expect(two.statusCode).toBe(422);
    expect(two.json().detail[0]).toMatchObject({ loc: ['body', 'quantity'], type: 'quantity_invalid' });
    expect((await session(null, { plan_type: 'SINGLE' })).statusCode).toBe(401);
  });

  it('SINGLE and FAMILY are a person’s, ORGANISATION an organisation administrator’s', async () => {
    const user = await signUpUser(t.app);
    expect((await session(user.token, { plan_type: 'ORGANISATION', quantity: 3 })).json()).toMatchObject({ code: 'organisation_required' });
    const org = await organisationOf(user.token);
    const family = await session(org.token, { plan_type: 'FAMILY' });
    expect(family.statusCode).toBe(403);
    expect(family.json()).toMatchObject({ code: 'person_required' });
    // A plain member of the organisation may not buy for it.
    const member = await signUpUser(t.app);
    await t.database.db
      .insert(organisationMembers)
      .values({ organisationPartyId: org.partyId, identityPartyId: member.partyId, role: 'member' });
    const acting = await api(t.app, member.token, 'POST', '/api/identities/acting-party/', { party_id: org.partyId });
    const res = await session(acting.json().authentication_token, { plan_type: 'ORGANISATION', quantity: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'organisation_admin_required' });
  });

  it('refuses a second subscription while one runs: change or cancel it in the portal', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user.partyId, 'SINGLE');
    const res = await session(user.token, { plan_type: 'FAMILY' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'subscription_exists',
      detail: 'You already have a subscription. Change its plan or cancel it in the subscription portal instead.',
    });
  });

  it('opening a subscription checkout ends one still open, so two can never both be paid', async () => {
    const user = await signUpUser(t.app);
    const first = await session(user.token, { plan_type: 'SINGLE' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await session(user.token, { plan_type: 'FAMILY' });
    expect(second.statusCode, second.body).toBe(201);
    const [old] = await t.database.db.select().from(orders).where(eq(orders.id, first.json().order_id));
    expect(old?.status).toBe('cancelled');
    const firstSession = String(first.json().checkout_url).split('/').pop();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/dev-pay/checkout/${firstSession}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).not.toBe(303);
  });

  it('already_activated_plate_id must be a plate on one of my bikes: unknown and someone else’s alike 422', async () => {
    const [me, other] = [await signUpUser(t.app), await signUpUser(t.app)];
    const [mine, theirs] = await makePlates(t.database.db, 2);
    if (!mine || !theirs) throw new Error('no plates');
    await bikeWithoutCredit(other.token, other.partyId, theirs);
    for (const plate of [theirs, 'NOPLATE1', mine]) {
      const res = await session(me.token, { plan_type: 'SINGLE', already_activated_plate_id: plate });
      expect(res.statusCode, plate).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'already_activated_plate_id'], type: 'plate_not_on_my_bike' });
    }
  });
});

describe('POST /api/webshop/subscriptions/bikes and the plan’s limit (§4)', () => {
  it('FAMILY covers five bikes: registering and putting bikes on it stop at five with 409 subscription_full', async () => {
    const user = await signUpUser(t.app);
    const waiting = await bikeWithoutCredit(user.token, user.partyId);
    await subscribe(user.partyId, 'FAMILY');
    const put = await putOn(user.token, waiting.bike_ownership_id);
    expect(put.statusCode, put.body).toBe(201);
    expect(put.json()).toMatchObject({ bike_ownership_id: waiting.bike_ownership_id, plan_type: 'FAMILY', party_id: user.partyId });
    for (let i = 0; i < 4; i += 1) await registered(t, user.token, { frame_number: frameNumber() });
    expect((await overview(user.token)).subscription).toMatchObject({
      plan_type: 'FAMILY',
      active: true,
      bikes_limit: 5,
      bikes_used: 5,
      bikes_remaining: 0,
      cancel_at_period_end: false,
    });
    const sixth = await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber() });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'subscription_full' });
    // Deleting a bike (behind a national-ID approval, so its credit is returned here directly) frees its place on the plan.
    await t.database.db.transaction((tx) => returnCreditsOfDeletedBike(tx, waiting.bike_ownership_id, []));
    expect((await overview(user.token)).subscription).toMatchObject({ bikes_used: 4, bikes_remaining: 1 });
    expect((await overview(user.token)).credits).toBe(0);
    await registered(t, user.token, { frame_number: frameNumber() });
  });

  it('SINGLE covers one bike', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user.partyId, 'SINGLE');
    await registered(t, user.token, { frame_number: frameNumber() });
    const waiting = await bikeWithoutCredit(user.token, user.partyId);
    const res = await putOn(user.token, waiting.bike_ownership_id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'subscription_full' });
  });

  it('two bikes put on the last place at once: one 201, one 409', async () => {
    const user = await signUpUser(t.app);
    const [a, b] = [await bikeWithoutCredit(user.token, user.partyId), await bikeWithoutCredit(user.token, user.partyId)];
    await subscribe(user.partyId, 'SINGLE');
    const results = await Promise.all([putOn(user.token, a.bike_ownership_id), putOn(user.token, b.bike_ownership_id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a lapsed subscription’s bikes stay registered, but none is added: 402', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user.partyId, 'FAMILY');
    const kept = await registered(t, user.token, { frame_number: frameNumber() });
    const waiting = await bikeWithoutCredit(user.token, user.partyId);
    await subscribe(user.partyId, 'FAMILY', -1);
    const res = await putOn(user.token, waiting.bike_ownership_id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'no_subscription' });
    expect((await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber() })).statusCode).toBe(402);
    const bike = (await api(t.app, user.token, 'GET', `/api/bikes/${kept.id}/`)).json();
    expect(bike.flags.active).toBe(true);
    expect((await overview(user.token)).subscription).toMatchObject({ active: false, bikes_used: 1 });
  });

  it('404 for someone else’s bike or an unknown one, 409 for a bike that has a credit, 422 for bad input, 402 without a plan', async () => {
    const [me, other] = [await signUpUser(t.app), await signUpUser(t.app)];
    await subscribe(me.partyId, 'FAMILY');
    const theirs = await bikeWithoutCredit(other.token, other.partyId);
    expect((await putOn(me.token, theirs.bike_ownership_id)).json()).toMatchObject({ code: 'bike_not_found' });
    expect((await putOn(me.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const mine = await registered(t, me.token, { frame_number: frameNumber() });
    expect((await putOn(me.token, mine.bike_ownership_id)).json()).toMatchObject({ code: 'ownership_already_active' });
    expect((await putOn(me.token, 'not-a-uuid')).statusCode).toBe(422);
    expect((await putOn(other.token, theirs.bike_ownership_id)).statusCode).toBe(402);
    expect((await putOn(null, theirs.bike_ownership_id)).statusCode).toBe(401);
  });

  it('an organisation’s plan covers the bikes paid for; its members register on it while acting as it', async () => {
    const admin = await signUpUser(t.app);
    const org = await organisationOf(admin.token);
    await subscribe(org.partyId, 'ORGANISATION', 30, 2);
    const member = await signUpUser(t.app);
    await t.database.db
      .insert(organisationMembers)
      .values({ organisationPartyId: org.partyId, identityPartyId: member.partyId, role: 'member' });
    const acting = (await api(t.app, member.token, 'POST', '/api/identities/acting-party/', { party_id: org.partyId })).json();
    await registered(t, org.token, { frame_number: frameNumber() });
    await registered(t, acting.authentication_token, { frame_number: frameNumber() });
    const third = await api(t.app, acting.authentication_token, 'POST', '/api/bikes/', { frame_number: frameNumber() });
    expect(third.json()).toMatchObject({ code: 'subscription_full' });
    expect((await overview(org.token)).subscription).toMatchObject({ plan_type: 'ORGANISATION', bikes_limit: 2, bikes_used: 2 });
    // The member's own account has no subscription.
    expect((await overview(member.token)).subscription).toBeNull();
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, org.partyId));
    expect(credits.map((c) => c.source)).toEqual(['subscription', 'subscription']);
  });
});

describe('POST /api/webshop/customers/sessions (before the provider)', () => {
  it('404 subscription_not_found without a subscription at the provider; 422 for a return path off the site', async () => {
    const user = await signUpUser(t.app);
    const none = await api(t.app, user.token, 'POST', '/api/webshop/customers/sessions', {});
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'subscription_not_found' });
    // A staff subscription has nothing at the provider to manage.
    await subscribe(user.partyId, 'SINGLE');
    expect((await api(t.app, user.token, 'POST', '/api/webshop/customers/sessions')).statusCode).toBe(404);
    for (const path of ['https://evil.example/x', '//evil.example', 'app/x']) {
      const res = await api(t.app, user.token, 'POST', '/api/webshop/customers/sessions', { return_path: path });
      expect(res.statusCode, path).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'return_path'], type: 'redirect_not_allowed' });
    }
    expect((await api(t.app, null, 'POST', '/api/webshop/customers/sessions', {})).statusCode).toBe(401);
  });
});
