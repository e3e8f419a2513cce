import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../tests/support/test-app.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { identities, ownershipTransfers } from '../db/schema.js';
import { canonicalJson } from './bill-of-sale-pdf.js';
import { confirmApproval, type OwnershipTest, ownershipTest, startTransfer } from './ownership-test-factory.js';

// Issue 5: a transfer both parties confirm with national ID produces a signed digital bill of sale, a
// PDF served to the two parties only, which anyone holding it can check through the verification call.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

async function download(token: string, transferId: string) {
  const res = await o.t.app.inject({
    method: 'GET',
    url: `/api/ownership-transfers/${transferId}/bill-of-sale`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return { res, body: res.rawPayload };
}

describe('the bill of sale', () => {
  it('is made when the seller confirmed before and the buyer confirms on accepting; both download it; it verifies', async () => {
    const seller = await o.user({ firstName: 'Søren', lastName: 'Ødegård' });
    const buyer = await o.user({ language: 'en', firstName: 'Łukasz', lastName: 'Æble' });
    const stranger = await o.user();
    const [plate] = await makePlates(o.t.database.db, 1);
    const bike = await o.bike(seller, { bikekey_id: plate, category_id: 'cargo' });
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email, { price_dkk: 12500 });

    // The seller confirms while the transfer is pending.
    const confirmation = (token: string, approval?: string) =>
      call(token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, {}, approval ? { 'x-approval-id': approval } : {});
    const refused = await confirmation(seller.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('approval_required');
    expect((await confirmation(stranger.token, await confirmApproval(o.t, stranger, transfer.id))).statusCode).toBe(404);
    const confirmed = await confirmation(seller.token, await confirmApproval(o.t, seller, transfer.id));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().seller_confirmed_at).not.toBeNull();
    expect(confirmed.json().has_bill_of_sale).toBe(false);
    expect((await download(seller.token, transfer.id)).res.json().code).toBe('bill_of_sale_not_found');

    // The buyer accepts with their approval: both confirmed, the bike moved → the bill of sale.
    const approval = await confirmApproval(o.t, buyer, transfer.id);
    const accepted = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {}, { 'x-approval-id': approval });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', has_bill_of_sale: true });
    expect(accepted.json().buyer_confirmed_at).not.toBeNull();

    const forBuyer = await download(buyer.token, transfer.id);
    expect(forBuyer.res.statusCode).toBe(200);
    expect(forBuyer.res.headers['content-type']).toBe('application/pdf');
    expect(forBuyer.res.headers['content-disposition']).toBe(`attachment; filename="bill-of-sale-${transfer.id}.pdf"`);
    expect(forBuyer.body.subarray(0, 5).toString()).toBe('%PDF-');
    const forSeller = await download(seller.token, transfer.id);
    expect(sha256(forSeller.body)).toBe(sha256(forBuyer.body));
    const denied = await download(stranger.token, transfer.id);
    expect(denied.res.statusCode).toBe(404);
    expect(denied.res.json().code).toBe('transfer_not_found');

    // The PDF is in the seller's language (Danish); the signed facts keep the names as registered (the page writes Ł, outside WinAnsi, as "?").
    const pdf = await PDFDocument.load(forBuyer.body);
    expect(pdf.getTitle()).toBe(`Slutseddel ${transfer.id}`);
    const { readBillOfSale } = await import('./bill-of-sale-pdf.js');
    expect((await readBillOfSale(forBuyer.body))?.facts).toMatchObject({
      seller_name: 'Søren Ødegård',
      buyer_name: 'Łukasz Æble',
      category_id: 'cargo',
      price_dkk: 12500,
      bikekey_id: plate,
    });

    // Anyone can check it: same SHA-256, a signature that verifies, no names.
    const check = await call(null, 'GET', `/api/bills-of-sale/${transfer.id}/verification`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      valid: true,
      issued_at: expect.any(String),
      sha256: sha256(forBuyer.body),
      frame_number: bike.frame_number,
      bikekey_id: plate,
      seller_confirmed_at: confirmed.json().seller_confirmed_at,
      buyer_confirmed_at: accepted.json().buyer_confirmed_at,
    });
    expect(check.body).not.toMatch(/Søren|Ødegård|ukasz|Æble|autotest/);
  });

  it('is made once both confirmed after the bike was taken over, and not before', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    expect((await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token })).statusCode).toBe(
      200,
    );
    const confirm = async (user: typeof seller) =>
      call(user.token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, null, {
        'x-approval-id': await confirmApproval(o.t, user, transfer.id),
      });

    const first = await confirm(buyer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ my_side: 'buyer', has_bill_of_sale: false });
    expect((await call(null, 'GET', `/api/bills-of-sale/${transfer.id}/verification`)).statusCode).toBe(404);

    // An approval for another transfer does not do.
    const other = await o.bike(seller);
    const otherTransfer = await startTransfer(o.t, seller, other.id, uniqueEmail());
    const wrong = await call(seller.token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, null, {
      'x-approval-id': await confirmApproval(o.t, seller, otherTransfer.id),
    });
    expect(wrong.statusCode).toBe(403);

    const second = await confirm(seller);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ my_side: 'seller', has_bill_of_sale: true });
    const [row] = await o.t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id));
    expect(row?.billOfSaleKey).toMatch(new RegExp(`^bills-of-sale/${transfer.id}/`));
    const file = await o.stored(row?.billOfSaleKey ?? '');
    expect(file && sha256(file.body)).toBe(row?.billOfSaleSha256);
    expect((await call(null, 'GET', `/api/bills-of-sale/${transfer.id}/verification`)).json().valid).toBe(true);
  });

  it('refuses a confirmation long after the handover', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {});
    await o.t.database.db
      .update(ownershipTransfers)
      .set({ decidedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(ownershipTransfers.id, transfer.id));
    const late = await call(seller.token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, null, {
      'x-approval-id': await confirmApproval(o.t, seller, transfer.id),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('transfer_not_pending');
  });

  it('does not verify a document whose stored file was altered, and answers 404 for an unknown one', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    await call(seller.token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, null, {
      'x-approval-id': await confirmApproval(o.t, seller, transfer.id),
    });
    await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, null, {
      'x-approval-id': await confirmApproval(o.t, buyer, transfer.id),
    });
    const [row] = await o.t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id));
    await o.t.database.db
      .update(ownershipTransfers)
      .set({ billOfSaleSha256: '0'.repeat(64) })
      .where(eq(ownershipTransfers.id, transfer.id));
    const check = await call(null, 'GET', `/api/bills-of-sale/${transfer.id}/verification`);
    expect(check.json()).toMatchObject({ valid: false, sha256: '0'.repeat(64) });
    await o.t.database.db
      .update(ownershipTransfers)
      .set({ billOfSaleSha256: row?.billOfSaleSha256 })
      .where(eq(ownershipTransfers.id, transfer.id));
    expect((await call(null, 'GET', `/api/bills-of-sale/${transfer.id}/verification`)).json().valid).toBe(true);

    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(null, 'GET', `/api/bills-of-sale/${id}/verification`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('bill_of_sale_not_found');
    }
  });

  it('names people as national ID vouches for them, else by their registered names', async () => {
    const seller = await o.user({ firstName: 'Anna', lastName: 'Hansen' });
    const buyer = await o.user({ firstName: 'Bo', lastName: 'Berg' });
    await o.t.database.db.update(identities).set({ verifiedName: 'Anna Marie Hansen' }).where(eq(identities.partyId, seller.partyId));
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    await call(seller.token, 'POST', `/api/ownership-transfers/${transfer.id}/confirmation`, null, {
      'x-approval-id': await confirmApproval(o.t, seller, transfer.id),
    });
    await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, null, {
      'x-approval-id': await confirmApproval(o.t, buyer, transfer.id),
    });
    const [row] = await o.t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id));
    const file = await o.stored(row?.billOfSaleKey ?? '');
    const { readBillOfSale } = await import('./bill-of-sale-pdf.js');
    const read = await readBillOfSale(file?.body ?? Buffer.alloc(0));
    // The autotest approval verified the buyer under their registered name.
    expect(read?.facts).toMatchObject({
      seller_name: 'Anna Marie Hansen',
      buyer_name: 'Bo Berg',
      document_id: transfer.id,
      price_dkk: null,
    });
    expect(read?.canonical).toBe(canonicalJson(read?.facts));
  });
});
