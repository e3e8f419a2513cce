import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, makePlates, registered } from '../bikes/bike-test-factory.js';
import { auditLog, identities, insurancePolicies, orderLines, orders, organisationMembers, plates, shipments } from '../db/schema.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';
import { processPaymentEvents } from './fulfilment.js';

// The backoffice's orders (issue 14): staff list orders and shipments, ship plates by their IDs (the plates become the
// buyer's, the authorised payment is taken, the buyer is mailed), mark delivered, refund, cancel a lapsed order; every
// change audited; the revisor reads only; an ordinary user and an insurer's member are refused.

let t: TestApp;
let staff: SignedUpUser;
let revisor: SignedUpUser;
let insurerParty: string;
let insurerMember: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  staff = await signUpWithRole(t, 'staff');
  revisor = await signUpWithRole(t, 'revisor');
  insurerParty = await makeOrganisation(t, 'Gamma Forsikring');
  const member = await signUpUser(t.app);
  await t.database.db.insert(organisationMembers).values({ organisationPartyId: insurerParty, identityPartyId: member.partyId });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: member.email, password: member.password },
  });
  insurerMember = { ...member, token: login.json().authentication_token };
});
afterAll(() => t.close());

const call = (user: SignedUpUser, method: 'GET' | 'POST', url: string, body?: unknown) =>
  api(t.app, user.token, method, `/api${url}`, body);

async function buyer(): Promise<SignedUpUser> {
  const user = await signUpUser(t.app);
  await t.database.db
    .update(identities)
    .set({ firstName: 'Ida', lastName: 'Holm', street: 'Nørregade 1', zipCode: '1165', city: 'København K', language: 'en' })
    .where(eq(identities.partyId, user.partyId));
  return user;
}

/** A plate order paid (authorised) through the development provider: answers its order id. */
async function paidPlateOrder(user: SignedUpUser, quantity = 2): Promise<string> {
  const res = await call(user, 'POST', '/webshop/orders/stripe', { family: 'plates', lines: [{ product: 'extra_plate', quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  const { order, checkout_url } = res.json();
  const pay = await t.app.inject({
    method: 'POST',
    url: `/dev-pay/checkout/${checkout_url.split('/').pop()}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBeLessThan(400);
  await processPaymentEvents(t.app.appContext);
  return order.id;
}

async function shipmentOf(orderId: string) {
  const res = await call(staff, 'GET', `/backoffice/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipments[0] as { id: string; quantity: number; status: string };
}

/** Moves an order's authorisation back in time (the order's paid_at and its waiting shipment's authorised_at). */
async function authorisedDaysAgo(orderId: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000);
  await t.database.db.update(orders).set({ paidAt: at }).where(eq(orders.id, orderId));
  const shipment = await shipmentOf(orderId);
  await t.database.db.update(shipments).set({ authorisedAt: at }).where(eq(shipments.id, shipment.id));
}

/** `count` registration orders of a party written straight to the database (a list to page through), each with `fields(i)`. */
const insertOrders = (partyId: string, count: number, fields: (i: number) => Partial<typeof orders.$inferInsert>) =>
  t.database.db.insert(orders).values(
    Array.from({ length: count }, (_, i) => ({
      partyId,
      placedByPartyId: partyId,
      family: 'registration',
      kind: 'one_time' as const,
      region: 'dk' as const,
      currency: 'DKK' as const,
      grossOre: 14_900,
      vatOre: 2_980,
      netOre: 11_920,
      captureMethod: 'automatic' as const,
      ...fields(i),
    })),
  );

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const auditOf = (type: string, id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, type), eq(auditLog.recordId, id)));

describe('who may', () => {
  it('staff and the revisor read; an ordinary user and an insurer’s member are refused; the revisor changes nothing', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 1);
    const shipment = await shipmentOf(orderId);
    const reads = [
      '/backoffice/orders',
      `/backoffice/orders/${orderId}`,
      '/backoffice/shipments',
      `/backoffice/shipments/${shipment.id}`,
      `/backoffice/shipments/${shipment.id}/plate-check?plate_id=ABCDEFGH`,
    ];
    const changes: [string, unknown][] = [
      [`/backoffice/shipments/${shipment.id}/ship`, { plate_ids: ['ABCDEFGH'] }],
      [`/backoffice/shipments/${shipment.id}/deliver`, undefined],
      [`/backoffice/orders/${orderId}/refund`, { reason: 'asked for it' }],
      [`/backoffice/orders/${orderId}/cancel`, { reason: 'asked for it' }],
    ];
    for (const url of reads) {
      expect((await call(staff, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(revisor, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(user, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(insurerMember, 'GET', url)).statusCode, url).toBe(403);
    }
    for (const [url, body] of changes) {
      for (const who of [revisor, user, insurerMember]) expect((await call(who, 'POST', url, body)).statusCode, url).toBe(403);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', capturedAt: null });
  });
});

describe('lists', () => {
  it('finds orders by status, order number, email and id; sorts; pages; refuses bad input', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 1);
    const detail = (await call(staff, 'GET', `/backoffice/orders/${orderId}`)).json();
    const number = detail.order.receipt.number as string;
    for (const q of [number, number.replace('DK-', ''), user.email.toUpperCase(), orderId]) {
      const res = await call(staff, 'GET', `/backoffice/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((o: { id: string }) => o.id)).toContain(orderId);
    }
    const found = (await call(staff, 'GET', `/backoffice/orders?q=${encodeURIComponent(user.email)}&status=paid`)).json();
    expect(found).toMatchObject({
      total: 1,
      items: [
        {
          id: orderId,
          status: 'paid',
          receipt_number: number,
          buyer: { email: user.email, name: 'Ida Holm' },
          plates: 1,
          shipments_waiting: 1,
        },
      ],
    });
    expect((await call(staff, 'GET', `/backoffice/orders?q=${encodeURIComponent(user.email)}&status=refunded`)).json().total).toBe(0);
    expect((await call(staff, 'GET', '/backoffice/orders?q=nobody@example.dk')).json()).toEqual({
      items: [],
      total: 0,
      total_capped: false,
      position: 0,
      next_cursor: null,
      previous_cursor: null,
    });

    const newest = (await call(staff, 'GET', '/backoffice/orders?sort=newest')).json().items;
    const oldest = (await call(staff, 'GET', '/backoffice/orders?sort=oldest')).json().items;
    expect(newest[0].created_at >= newest.at(-1).created_at).toBe(true);
    expect(oldest[0].created_at <= oldest.at(-1).created_at).toBe(true);

    for (const url of [
      '/backoffice/orders?status=lost',
      `/backoffice/orders?cursor=${'x'.repeat(1001)}`,
      '/backoffice/orders?sort=up',
      '/backoffice/shipments?status=paid',
    ]) {
      const res = await call(staff, 'GET', url);
      expect(res.statusCode, url).toBe(422);
      expect(['field_invalid', 'too_long']).toContain(res.json().detail[0].type);
    }
    expect((await call(staff, 'GET', '/backoffice/orders/not-an-id')).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/backoffice/orders/${crypto.randomUUID()}`)).json()).toMatchObject({ code: 'order_not_found' });
    expect((await call(staff, 'GET', `/backoffice/shipments/${crypto.randomUUID()}`)).json()).toMatchObject({ code: 'shipment_not_found' });
  });

  it('pages by cursor, forwards and back, within one status and sort; a cursor altered or of another list is refused', async () => {
    // 60 pending orders of one buyer, some of them made in the same instant (the id orders those).
    const user = await buyer();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000);
    await insertOrders(user.partyId, 60, (i) => ({ status: 'pending', createdAt: at(i) }));
    type Page = {
      items: { id: string; created_at: string }[];
      total: number;
      position: number;
      next_cursor: string | null;
      previous_cursor: string | null;
    };
    const list = async (query: string): Promise<Page> => {
      const res = await call(staff, 'GET', `/backoffice/orders?q=${encodeURIComponent(user.email)}&status=pending&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    for (const sort of ['newest', 'oldest'] as const) {
      const first = await list(`sort=${sort}`);
      expect(first).toMatchObject({ total: 60, position: 0, previous_cursor: null });
      const second = await list(`sort=${sort}&cursor=${first.next_cursor}`);
      const third = await list(`sort=${sort}&cursor=${second.next_cursor}`);
      expect([second.position, third.position]).toEqual([25, 50]);
      expect(third.items).toHaveLength(10);
      expect(third.next_cursor).toBeNull();
      const seen = [...first.items, ...second.items, ...third.items];
      expect(new Set(seen.map((o) => o.id)).size).toBe(60);
      const times = seen.map((o) => o.created_at);
      expect(times).toEqual([...times].sort((a, b) => (sort === 'newest' ? b.localeCompare(a) : a.localeCompare(b))));
      // Back from the third page: the second again; back from the second: the first, with no page before it.
      const back = await list(`sort=${sort}&cursor=${third.previous_cursor}`);
      expect(back.items.map((o) => o.id)).toEqual(second.items.map((o) => o.id));
      expect(back.position).toBe(25);
      const start = await list(`sort=${sort}&cursor=${back.previous_cursor}`);
      expect(start.items.map((o) => o.id)).toEqual(first.items.map((o) => o.id));
      expect(start).toMatchObject({ position: 0, previous_cursor: null });
    }

    const newest = await list('sort=newest');
    const cursor = newest.next_cursor ?? '';
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'not-a-cursor',
      cursor.slice(0, -3),
      forged({ ...decoded, k: ['2026-02-30 10:00:00+00', decoded.k[1]] }),
      forged({ ...decoded, k: ["'; drop table webshop_order; --", decoded.k[1]] }),
      forged({ ...decoded, k: [decoded.k[0]] }),
      forged({ ...decoded, p: -1 }),
    ]) {
      const res = await call(staff, 'GET', `/backoffice/orders?status=pending&cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ code: 'page_cursor_invalid', detail: expect.stringContaining('first page') });
    }
    // Another list's cursor: the oldest-first list's on the newest-first list, an order list's on the shipments.
    expect((await call(staff, 'GET', `/backoffice/orders?sort=oldest&cursor=${cursor}`)).statusCode).toBe(400);
    expect((await call(staff, 'GET', `/backoffice/shipments?status=shipped&cursor=${cursor}`)).statusCode).toBe(400);
  });

  it('pages "to ship" by cursor: the authorisations first (oldest first), then those without a payment', async () => {
    const user = await buyer();
    const paid = await insertOrders(user.partyId, 30, () => ({ family: 'plates', status: 'paid' })).returning({ id: orders.id });
    const lines = await t.database.db
      .insert(orderLines)
      .values(
        paid.map((o) => ({
          orderId: o.id,
          position: 0,
          productCode: 'extra_plate',
          quantity: 1,
          unitAmountOre: 10_000,
          vatRatePercent: 25,
          grossOre: 10_000,
          vatOre: 2_000,
          netOre: 8_000,
        })),
      )
      .returning({ id: orderLines.id });
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    const made = await t.database.db
      .insert(shipments)
      .values(
        lines.map((line, i) => ({
          orderLineId: line.id,
          partyId: user.partyId,
          address: { name: 'Ida Holm', address: 'Nørregade 1', postalCode: '1165', city: 'København K', country: 'DK' },
          // Every other one has its payment authorised (on an earlier day the further down the list it was made).
          authorisedAt: i % 2 === 0 ? day(30 - i) : null,
          createdAt: day(i),
        })),
      )
      .returning({ id: shipments.id, authorisedAt: shipments.authorisedAt, createdAt: shipments.createdAt });
    type Page = {
      items: { id: string }[];
      next_cursor: string | null;
      previous_cursor: string | null;
    };
    const list = async (cursor?: string | null): Promise<Page> => {
      const res = await call(
        staff,
        'GET',
        `/backoffice/shipments?status=to_ship&q=${encodeURIComponent(user.email)}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await list();
    const second = await list(first.next_cursor);
    expect([first.items.length, second.items.length, second.next_cursor]).toEqual([25, 5, null]);
    // The authorised ones by their authorisation, oldest first (the most recently made had the oldest), then those without.
    const key = (r: (typeof made)[number]) => `${r.authorisedAt?.toISOString() ?? 'z'} ${r.createdAt.toISOString()}`;
    const expected = [...made].sort((x, y) => key(x).localeCompare(key(y))).map((r) => r.id);
    expect([...first.items, ...second.items].map((s) => s.id)).toEqual(expected);
    expect((await list(second.previous_cursor)).items.map((s) => s.id)).toEqual(first.items.map((s) => s.id));
  });

  it('counts up to 1,000 and says there are more', async () => {
    const user = await buyer();
    await insertOrders(user.partyId, 1_001, () => ({ status: 'failed' }));
    const page = (await call(staff, 'GET', '/backoffice/orders?status=failed')).json();
    expect(page).toMatchObject({ total: 1_000, total_capped: true, position: 0 });
    expect(page.items).toHaveLength(25);
  });

  it('puts the authorisations nearest to lapsing first in "to ship", with the days left', async () => {
    const newer = await paidPlateOrder(await buyer(), 1);
    const nearLapse = await paidPlateOrder(await buyer(), 1);
    await authorisedDaysAgo(nearLapse, 5.5);
    const items = (await call(staff, 'GET', '/backoffice/shipments?status=to_ship')).json().items as {
      order_id: string;
      authorisation: { days_left: number; lapsed: boolean };
    }[];
    const ids = items.map((i) => i.order_id);
    expect(ids.indexOf(nearLapse)).toBeLessThan(ids.indexOf(newer));
    expect(items.find((i) => i.order_id === nearLapse)?.authorisation).toMatchObject({ days_left: 1, lapsed: false });
    expect(items.find((i) => i.order_id === newer)?.authorisation).toMatchObject({ days_left: 6, lapsed: false });
    const work = (await call(staff, 'GET', '/backoffice/work')).json();
    expect(work.plates_to_ship).toBe((await call(staff, 'GET', '/backoffice/shipments?status=to_ship')).json().total);
  });
});

describe('shipping an order’s plates', () => {
  it('checks each typed plate, then assigns them to the buyer, takes the payment, mails the IDs, audits', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 2);
    const shipment = await shipmentOf(orderId);
    expect(shipment).toMatchObject({ quantity: 2, status: 'ordered' });
    const [a, b, c] = await makePlates(t.database.db, 3);
    const [withRegistration] = await makePlates(t.database.db, 1, { includesRegistration: true });
    const [insurance] = await makePlates(t.database.db, 1, { kind: 'insurance', insurerPartyId: insurerParty });
    const [onBike] = await makePlates(t.database.db, 1);
    const owner = await signUpUser(t.app);
    await giveCredits(t.database.db, owner.partyId);
    await registered(t, owner.token, { frame_number: frameNumber(), bikekey_id: onBike });

    const check = async (plate: string) =>
      (await call(staff, 'GET', `/backoffice/shipments/${shipment.id}/plate-check?plate_id=${encodeURIComponent(plate)}`)).json();
    expect(await check(a!.toLowerCase())).toMatchObject({ plate_id: a, ok: true, code: null });
    expect(await check(`https://example.dk/sticker-id/01/05790001234560/21/${b}`)).toMatchObject({ plate_id: b, ok: true });
    expect(await check('NOSUCHPLATE')).toMatchObject({ ok: false, code: 'plate_invalid', message: expect.any(String) });
    expect(await check(withRegistration!)).toMatchObject({ ok: false, code: 'plate_wrong_kind' });
    expect(await check(insurance!)).toMatchObject({ ok: false, code: 'plate_wrong_kind' });
    expect(await check(onBike!)).toMatchObject({ ok: false, code: 'plate_already_registered' });
    expect((await call(staff, 'GET', `/backoffice/shipments/${shipment.id}/plate-check`)).statusCode).toBe(422);

    const ship = (plate_ids: unknown) => call(staff, 'POST', `/backoffice/shipments/${shipment.id}/ship`, { plate_ids });
    const refused: [unknown, string, (string | number)[]][] = [
      [[a], 'shipment_plate_count', ['body', 'plate_ids']],
      [[a, a], 'plate_duplicate', ['body', 'plate_ids', 1]],
      [[a, 'NOSUCHPLATE'], 'plate_invalid', ['body', 'plate_ids', 1]],
      [[insurance, a], 'plate_wrong_kind', ['body', 'plate_ids', 0]],
      [[], 'field_required', ['body', 'plate_ids']],
    ];
    for (const [ids, code, loc] of refused) {
      const res = await ship(ids);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ type: code, loc });
    }
    expect(await orderRow(orderId)).toMatchObject({ capturedAt: null });

    const res = await ship([a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', plate_ids: [a, b], shipped_at: expect.any(String), authorisation: null });
    const order = await orderRow(orderId);
    expect(order?.capturedAt).not.toBeNull();
    const intent = await t.app.appContext.payments.retrievePaymentIntent(order?.providerPaymentIntentId ?? '');
    expect(intent?.status).toBe('succeeded');
    const owned = await t.database.db.select().from(plates).where(eq(plates.ownerPartyId, user.partyId));
    expect(owned.map((p) => p.id).sort()).toEqual([a, b].sort());
    // The plates area reads the same state from the plate itself (db/schema.ts plateOwnState): shipped, to the buyer.
    const sent = (await call(revisor, 'GET', `/backoffice/plates/${a}`)).json();
    expect(sent).toMatchObject({ state: 'shipped', shipped_to: { party_id: user.partyId, email: user.email } });
    expect(sent.history.map((h: { kind: string }) => h.kind)).toContain('shipped');
    const inBatch = (state: string) => call(staff, 'GET', `/backoffice/plates?batch_id=${sent.batch_id}&state=${state}`);
    const idsOf = async (state: string) => ((await inBatch(state)).json().items as { id: string }[]).map((p) => p.id);
    expect((await idsOf('shipped')).sort()).toEqual([a, b].sort());
    expect(await idsOf('free')).not.toContain(a);
    expect((await call(staff, 'GET', `/backoffice/plates/batches/${sent.batch_id}`)).json().counts).toMatchObject({ shipped: 2 });
    const mine = (await call(user, 'GET', '/plates/mine')).json();
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bikekey_id: a, bike_id: null }),
        expect.objectContaining({ bikekey_id: b, bike_id: null }),
      ]),
    );
    const [mail] = await mailsTo(t.database.db, user.email, 'Your plates are on their way');
    expect(mail?.text).toContain(`${a}, ${b}`);
    expect(await auditOf('order', orderId)).toMatchObject([
      {
        action: 'order.ship',
        actorPartyId: staff.partyId,
        targetPartyId: user.partyId,
        after: { shipment_status: 'shipped', plate_ids: [a, b] },
      },
    ]);

    // Sent is sent: not twice, and the plates are nobody else's.
    expect((await ship([a, b])).json()).toMatchObject({ code: 'shipment_not_open' });
    expect(await check(c!)).toMatchObject({ ok: true });
    const other = await shipmentOf(await paidPlateOrder(await buyer(), 1));
    expect((await call(staff, 'GET', `/backoffice/shipments/${other.id}/plate-check?plate_id=${a}`)).json()).toMatchObject({
      ok: false,
      code: 'plate_taken',
    });

    // Delivered, once; then the detail and the lists show it.
    expect((await call(staff, 'POST', `/backoffice/shipments/${other.id}/deliver`)).json()).toMatchObject({ code: 'shipment_not_shipped' });
    const delivered = await call(staff, 'POST', `/backoffice/shipments/${shipment.id}/deliver`);
    expect(delivered.json()).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) });
    expect((await call(staff, 'POST', `/backoffice/shipments/${shipment.id}/deliver`)).statusCode).toBe(409);
    expect((await auditOf('order', orderId)).map((e) => e.action).sort()).toEqual(['order.deliver', 'order.ship']);
    const list = (await call(staff, 'GET', `/backoffice/shipments?status=delivered&q=${encodeURIComponent(user.email)}`)).json();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([shipment.id]);
  });

  it('changes nothing when the authorisation has lapsed; the order is then cancelled and the buyer told', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 1);
    const shipment = await shipmentOf(orderId);
    const [plate] = await makePlates(t.database.db, 1);
    // The provider lets an authorisation lapse after 7 days: it cancels the payment intent itself.
    const order = await orderRow(orderId);
    await authorisedDaysAgo(orderId, 8);
    await t.app.appContext.payments.cancelPaymentIntent(order?.providerPaymentIntentId ?? '');

    const detail = (await call(staff, 'GET', `/backoffice/orders/${orderId}`)).json();
    expect(detail).toMatchObject({
      authorisation: { lapsed: true, days_left: 0 },
      provider_payment: { status: 'canceled' },
      can_cancel: true,
      can_refund: false,
    });
    const res = await call(staff, 'POST', `/backoffice/shipments/${shipment.id}/ship`, { plate_ids: [plate] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'order_authorisation_lapsed' });
    expect((await t.database.db.select().from(plates).where(eq(plates.id, plate!)))[0]?.ownerPartyId).toBeNull();
    expect((await call(staff, 'GET', `/backoffice/shipments/${shipment.id}`)).json()).toMatchObject({ status: 'ordered', plate_ids: [] });
    expect(await auditOf('order', orderId)).toEqual([]);

    expect((await call(staff, 'POST', `/backoffice/orders/${orderId}/refund`, { reason: 'lapsed' })).json()).toMatchObject({
      code: 'order_not_refundable',
    });
    expect((await call(staff, 'POST', `/backoffice/orders/${orderId}/cancel`, { reason: '' })).statusCode).toBe(422);
    const cancelled = await call(staff, 'POST', `/backoffice/orders/${orderId}/cancel`, { reason: 'Authorisation lapsed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', refundedAt: null });
    expect((await call(staff, 'GET', `/backoffice/shipments/${shipment.id}`)).json()).toMatchObject({ status: 'cancelled' });
    expect(await mailsTo(t.database.db, user.email)).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: expect.stringMatching(/^Your order DK-\d+ is cancelled$/) })]),
    );
    expect(await auditOf('order', orderId)).toMatchObject([
      { action: 'order.cancel', before: { status: 'paid' }, after: { status: 'cancelled' }, data: { reason: 'Authorisation lapsed' } },
    ]);
    expect((await call(staff, 'POST', `/backoffice/orders/${orderId}/cancel`, { reason: 'again' })).json()).toMatchObject({
      code: 'order_not_cancellable',
    });
  });

  it('cancels an authorised order before it lapses by releasing the authorisation', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 1);
    const res = await call(staff, 'POST', `/backoffice/orders/${orderId}/cancel`, { reason: 'The buyer asked us to' });
    expect(res.statusCode, res.body).toBe(200);
    const intent = await t.app.appContext.payments.retrievePaymentIntent((await orderRow(orderId))?.providerPaymentIntentId ?? '');
    expect(intent?.status).toBe('canceled');
  });
});

describe('refunds', () => {
  it('refunds a shipped order in full with a reason, mails the buyer and audits; the sent plates stay theirs', async () => {
    const user = await buyer();
    const orderId = await paidPlateOrder(user, 1);
    const shipment = await shipmentOf(orderId);
    expect((await call(staff, 'POST', `/backoffice/orders/${orderId}/refund`, { reason: 'too early' })).json()).toMatchObject({
      code: 'order_not_refundable',
    });
    const [plate] = await makePlates(t.database.db, 1);
    expect((await call(staff, 'POST', `/backoffice/shipments/${shipment.id}/ship`, { plate_ids: [plate] })).statusCode).toBe(200);
    expect((await call(staff, 'POST', `/backoffice/orders/${orderId}/refund`, {})).statusCode).toBe(422);
    const res = await call(staff, 'POST', `/backoffice/orders/${orderId}/refund`, { reason: 'Plates arrived damaged' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    const [mail] = await mailsTo(t.database.db, user.email);
    expect(mail?.subject).toMatch(/is refunded$/);
    expect(mail?.text).toContain('100.00');
    expect((await auditOf('order', orderId)).find((e) => e.action === 'order.refund')).toMatchObject({
      data: { reason: 'Plates arrived damaged', amount_ore: 10_000 },
    });
    expect((await call(user, 'GET', '/plates/mine')).json()).toEqual([expect.objectContaining({ bikekey_id: plate })]);
    expect((await call(staff, 'GET', `/backoffice/orders?status=refunded&q=${user.email}`)).json().total).toBe(1);
  });
});

describe('insurance plates owed under a policy', () => {
  it('ships them the same way, without a payment, with the insurer’s own plates only', async () => {
    const holder = await buyer();
    const otherInsurer = await makeOrganisation(t, 'Delta Forsikring');
    const [policy] = await t.database.db
      .insert(insurancePolicies)
      .values({
        insurerPartyId: insurerParty,
        holderPartyId: holder.partyId,
        insurerPolicyId: `P-${Date.now()}`,
        type: 'bike',
        coverage: 'plus',
        numberOfBikes: 2,
        source: 'onboarding',
      })
      .returning();
    const [shipment] = await t.database.db
      .insert(shipments)
      .values({
        policyId: policy!.id,
        partyId: holder.partyId,
        address: { name: 'Ida Holm', address: 'Nørregade 1', postalCode: '1165', city: 'København K', country: 'DK' },
      })
      .returning();
    const ours = await makePlates(t.database.db, 2, { kind: 'insurance', insurerPartyId: insurerParty });
    const [theirs] = await makePlates(t.database.db, 1, { kind: 'insurance', insurerPartyId: otherInsurer });
    const [plain] = await makePlates(t.database.db, 1);
    const row = (await call(staff, 'GET', `/backoffice/shipments/${shipment!.id}`)).json();
    expect(row).toMatchObject({
      kind: 'policy',
      quantity: 2,
      insurer_name: 'Gamma Forsikring',
      policy_number: policy!.insurerPolicyId,
      authorisation: null,
    });

    for (const bad of [theirs, plain]) {
      const res = await call(staff, 'POST', `/backoffice/shipments/${shipment!.id}/ship`, { plate_ids: [ours[0], bad] });
      expect(res.json().detail[0]).toMatchObject({ type: 'plate_wrong_kind', loc: ['body', 'plate_ids', 1] });
    }
    const res = await call(staff, 'POST', `/backoffice/shipments/${shipment!.id}/ship`, { plate_ids: ours });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await call(holder, 'GET', '/plates/mine'))
        .json()
        .map((p: { bikekey_id: string }) => p.bikekey_id)
        .sort(),
    ).toEqual([...ours].sort());
    expect(await auditOf('shipment', shipment!.id)).toMatchObject([{ action: 'shipment.ship', targetPartyId: holder.partyId }]);
    expect(await mailsTo(t.database.db, holder.email, 'Your plates are on their way')).toHaveLength(1);
  });
});
