import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, mailsTo } from '../../../tests/support/mail.js';
import { uniqueEmail } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeEvents, bikes, ownershipTransfers } from '../db/schema.js';
import { type OwnershipTest, ownershipTest, startTransfer } from './ownership-test-factory.js';

// §2 transfer-ownership / receive-bike: starting, reading, cancelling, declining and the expiry of a
// transfer, and who may do each (the seller, the recipient by link or verified address; nobody else).

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);
const eventsOf = (bikeId: string, kind: string) =>
  o.t.database.db
    .select()
    .from(bikeEvents)
    .where(and(eq(bikeEvents.bikeId, bikeId), eq(bikeEvents.kind, kind)));

describe('starting a transfer', () => {
  it('answers the transfer and mails the recipient a link in their language, with the bike and the seller’s first name', async () => {
    const seller = await o.user({ firstName: 'Søren', lastName: 'Ærø' });
    const buyer = await o.user({ language: 'en' });
    const bike = await o.bike(seller);
    const res = await call(seller.token, 'POST', `/api/bikes/${bike.id}/transfers`, {
      email: ` ${buyer.email.toUpperCase()} `,
      hand_over_pictures: true,
      price_dkk: 2500,
    });
    expect(res.statusCode, res.body).toBe(201);
    const transfer = res.json();
    expect(transfer).toMatchObject({
      bike_id: bike.id,
      status: 'pending',
      my_side: 'seller',
      to_email: buyer.email.toLowerCase(),
      seller_first_name: null,
      hand_over_pictures: true,
      hand_over_documents: false,
      price_dkk: 2500,
      has_bill_of_sale: false,
      request_chat_id: null,
      decided_at: null,
    });
    expect(transfer.bike).toMatchObject({ id: bike.id, brand_name: 'Kildemoes', model: 'Logic', frame_number: bike.frame_number });
    const days = (Date.parse(transfer.expires_at) - Date.parse(transfer.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);

    const mail = await latestMailTo(o.t.database.db, buyer.email);
    expect(mail.subject).toBe('A bike is being handed over to you');
    expect(mail.text).toContain('Søren');
    expect(mail.text).not.toContain('Ærø');
    expect(mail.text).toContain('Kildemoes Logic (black)');
    expect(mail.text).toMatch(new RegExp(`http://localhost:3000/app/my-bikes/receive-bike\\?transfer=${transfer.id}&token=[\\w-]+`));
    // Only the token's hash is kept.
    const [row] = await o.t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id));
    expect(mail.text).not.toContain(row?.tokenHash);
    expect(await eventsOf(bike.id, 'transfer_started')).toHaveLength(1);
  });

  it('writes to an address nobody uses in the seller’s language', async () => {
    const seller = await o.user({ language: 'no' });
    const bike = await o.bike(seller);
    const email = uniqueEmail('stranger');
    await startTransfer(o.t, seller, bike.id, email);
    expect((await latestMailTo(o.t.database.db, email)).subject).toBe('En sykkel blir overdratt til deg');
  });

  it('refuses bad input, the caller’s own address, a second pending transfer and a stolen bike', async () => {
    const seller = await o.user();
    const bike = await o.bike(seller);
    const post = (body: unknown) => call(seller.token, 'POST', `/api/bikes/${bike.id}/transfers`, body);

    const missing = await post({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'field_required' });
    expect((await post({ email: 'not-an-email' })).json().detail[0].type).toBe('email_invalid');
    expect((await post({ email: uniqueEmail(), price_dkk: -1 })).json().detail[0]).toMatchObject({ loc: ['body', 'price_dkk'] });
    expect((await post({ email: uniqueEmail(), price_dkk: 1.5 })).statusCode).toBe(422);
    expect((await post({ email: uniqueEmail(), hand_over_pictures: 'yes' })).statusCode).toBe(422);

    const self = await post({ email: seller.email.toUpperCase() });
    expect(self.statusCode).toBe(422);
    expect(self.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'transfer_to_self' });

    await startTransfer(o.t, seller, bike.id, uniqueEmail());
    const second = await post({ email: uniqueEmail() });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('transfer_pending');

    const other = await o.bike(seller);
    await o.t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, other.id));
    const stolen = await call(seller.token, 'POST', `/api/bikes/${other.id}/transfers`, { email: uniqueEmail() });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('bike_reported_stolen');
  });

  it('lets one of two transfers started at once through (409 transfer_pending for the other)', async () => {
    const seller = await o.user();
    const bike = await o.bike(seller);
    const results = await Promise.all(
      [uniqueEmail(), uniqueEmail()].map((email) => call(seller.token, 'POST', `/api/bikes/${bike.id}/transfers`, { email })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('transfer_pending');
  });

  it('lets only the owner start one or list them: a stranger gets 404, a visitor 401', async () => {
    const seller = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(seller);
    const res = await call(stranger.token, 'POST', `/api/bikes/${bike.id}/transfers`, { email: stranger.email });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('bike_not_found');
    expect((await call(stranger.token, 'GET', `/api/bikes/${bike.id}/transfers`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/bikes/${bike.id}/transfers`, { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await call(seller.token, 'POST', '/api/bikes/not-a-uuid/transfers', { email: uniqueEmail() })).statusCode).toBe(404);
    // Only the sign-up's address confirmation reached the stranger.
    expect((await mailsTo(o.t.database.db, stranger.email)).map((m) => m.subject)).toEqual(['Bekræft din e-mail']);
  });

  it('lists the owner’s transfers of the bike, newest first', async () => {
    const seller = await o.user();
    const bike = await o.bike(seller);
    const first = await startTransfer(o.t, seller, bike.id, uniqueEmail());
    expect((await call(seller.token, 'DELETE', `/api/ownership-transfers/${first.id}`)).statusCode).toBe(200);
    const second = await startTransfer(o.t, seller, bike.id, uniqueEmail());
    const list = await call(seller.token, 'GET', `/api/bikes/${bike.id}/transfers`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((t: { id: string; status: string }) => [t.id, t.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'cancelled'],
    ]);
  });
});

describe('reading a transfer', () => {
  it('shows it to the seller, to the recipient with the link’s token or their verified address, and to nobody else', async () => {
    const seller = await o.user({ firstName: 'Åse' });
    const buyer = await o.user();
    const unverified = await o.user({ verified: false });
    const stranger = await o.user();
    const bike = await o.bike(seller);
    const toBuyer = await startTransfer(o.t, seller, bike.id, buyer.email);
    const get = (token: string, id: string, query = '') => call(token, 'GET', `/api/ownership-transfers/${id}${query}`);

    expect((await get(seller.token, toBuyer.id)).json()).toMatchObject({ my_side: 'seller', seller_first_name: null });
    const byEmail = await get(buyer.token, toBuyer.id);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ my_side: 'buyer', seller_first_name: 'Åse', status: 'pending' });
    expect((await get(stranger.token, toBuyer.id, `?token=${toBuyer.token}`)).json().my_side).toBe('buyer');
    for (const query of ['', '?token=wrong', `?token=${toBuyer.token}x`]) {
      const res = await get(stranger.token, toBuyer.id, query);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('transfer_not_found');
    }
    expect((await get(stranger.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await get(stranger.token, toBuyer.id, `?token=${'x'.repeat(201)}`)).statusCode).toBe(422);
    expect((await get(stranger.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // An address not yet verified proves nothing: the token is needed.
    const other = await o.bike(seller);
    const toUnverified = await startTransfer(o.t, seller, other.id, unverified.email);
    expect((await get(unverified.token, toUnverified.id)).statusCode).toBe(404);
    expect((await get(unverified.token, toUnverified.id, `?token=${toUnverified.token}`)).statusCode).toBe(200);
    expect((await call(unverified.token, 'GET', '/api/ownership-transfers/incoming')).json()).toEqual([]);
  });

  it('lists pending transfers to the caller’s verified address as incoming, and both sides in the caller’s records', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    const incoming = await call(buyer.token, 'GET', '/api/ownership-transfers/incoming');
    expect(incoming.json().map((t: { id: string; my_side: string }) => [t.id, t.my_side])).toEqual([[transfer.id, 'buyer']]);
    expect((await call(seller.token, 'GET', '/api/ownership-transfers/incoming')).json()).toEqual([]);
    const mine = await call(seller.token, 'GET', '/api/ownership-transfers/');
    expect(mine.json().map((t: { id: string }) => t.id)).toEqual([transfer.id]);
    expect((await call(null, 'GET', '/api/ownership-transfers/incoming')).statusCode).toBe(401);
  });
});

describe('cancelling and declining', () => {
  it('lets the seller cancel a pending transfer; the recipient is told and can no longer accept', async () => {
    const seller = await o.user();
    const buyer = await o.user({ language: 'en' });
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);

    expect((await call(buyer.token, 'DELETE', `/api/ownership-transfers/${transfer.id}`)).statusCode).toBe(404);
    const res = await call(seller.token, 'DELETE', `/api/ownership-transfers/${transfer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', my_side: 'seller' });
    expect(res.json().decided_at).not.toBeNull();
    expect((await latestMailTo(o.t.database.db, buyer.email)).subject).toBe('The transfer of a bike was cancelled');
    expect(await eventsOf(bike.id, 'transfer_cancelled')).toHaveLength(1);

    const again = await call(seller.token, 'DELETE', `/api/ownership-transfers/${transfer.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('transfer_not_pending');
    const accept = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('transfer_not_pending');
  });

  it('lets the recipient decline with the link’s token; the seller is told and keeps the bike', async () => {
    const seller = await o.user({ language: 'en' });
    const stranger = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, uniqueEmail());

    expect((await call(stranger.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`, {})).statusCode).toBe(404);
    const self = await call(seller.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`, {});
    expect(self.statusCode).toBe(422);
    expect(self.json().detail[0].type).toBe('transfer_to_self');
    expect((await call(stranger.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`, { token: 1 })).statusCode).toBe(422);

    const res = await call(stranger.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`, { token: transfer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', my_side: 'buyer' });
    expect((await latestMailTo(o.t.database.db, seller.email)).subject).toBe('The transfer of your bike was declined');
    expect((await call(seller.token, 'GET', `/api/bikes/${bike.id}/`)).statusCode).toBe(200);
    expect(await eventsOf(bike.id, 'transfer_declined')).toHaveLength(1);
    const again = await call(stranger.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`, { token: transfer.token });
    expect(again.json().code).toBe('transfer_not_pending');
  });
});

describe('expiry', () => {
  it('marks a pending transfer past its expiry as expired once, refuses to act on it (410) and frees the bike for a new one', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    await o.t.database.db
      .update(ownershipTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ownershipTransfers.id, transfer.id));

    const accept = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {});
    expect(accept.statusCode).toBe(410);
    expect(accept.json().code).toBe('transfer_expired');
    const decline = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/decline`);
    expect(decline.statusCode).toBe(410);
    expect((await call(buyer.token, 'GET', `/api/ownership-transfers/${transfer.id}`)).json().status).toBe('expired');
    expect((await call(buyer.token, 'GET', '/api/ownership-transfers/incoming')).json()).toEqual([]);
    expect((await call(seller.token, 'DELETE', `/api/ownership-transfers/${transfer.id}`)).statusCode).toBe(409);
    expect(await eventsOf(bike.id, 'transfer_expired')).toHaveLength(1);

    await startTransfer(o.t, seller, bike.id, buyer.email);
    expect(await eventsOf(bike.id, 'transfer_expired')).toHaveLength(1);
  });
});

describe('the API reference', () => {
  it('documents the transfer, request, history and bill-of-sale calls', async () => {
    const res = await call(null, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
    >;
    for (const p of [
      '/api/bikes/{bikeId}/transfers',
      '/api/ownership-transfers/',
      '/api/ownership-transfers/incoming',
      '/api/ownership-transfers/{id}',
      '/api/ownership-transfers/{id}/accept',
      '/api/ownership-transfers/{id}/decline',
      '/api/ownership-transfers/{id}/confirmation',
      '/api/ownership-transfers/{id}/bill-of-sale',
      '/api/bills-of-sale/{transferId}/verification',
      '/api/ownership-requests/lookup',
      '/api/bikes/{bikeId}/ownership-requests',
      '/api/ownership-requests/{id}',
      '/api/ownership-requests/{id}/accept',
      '/api/ownership-requests/{id}/decline',
      '/api/ownership-requests/{id}/withdraw',
      '/api/bikes/{bikeId}/history',
    ]) {
      expect(Object.keys(paths)).toContain(p);
    }
    const confirmation = paths['/api/ownership-transfers/{id}/confirmation']?.post;
    expect(confirmation?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'x-approval-id', in: 'header' })]));
    expect(confirmation?.requestBody).toBeDefined();
  });
});
