import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../tests/support/mail.js';
import { authed, type SignedUpUser, signUpWithRole } from '../../../tests/support/test-app.js';
import { makePlates } from '../bikes/bike-test-factory.js';
import { auditLog, insurancePolicies, insuredItems, organisationMembers, possessionVerifications } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { MINIMAL_PDF, multipart, png } from '../pictures/test-factory.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';

// Staff's review of proofs of possession (issue 14): the insurers and their queues, "next" and the hold (two reviewers
// never get the same item), the decision (status, reviewer, insured item, mail, audit), bad input, and who may do what:
// staff and admins act, revisors read only, an ordinary user and an insurer's member get 403.

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
let owner: SignedUpUser;
let member: SignedUpUser;
let staff: SignedUpUser;
let staff2: SignedUpUser;
let admin: SignedUpUser;
let revisor: SignedUpUser;
let itemId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: SignedUpUser | null, method: Method, url: string, payload?: unknown) =>
  o.t.app.inject(
    user
      ? authed(user.token, { method, url, payload: payload as object, headers: { 'accept-language': 'en' } })
      : { method, url, payload: payload as object },
  );

const base = '/api/backoffice/insurance-verifications';
const insurers = '/api/backoffice/insurance-verification/insurers';

async function upload(user: SignedUpUser, bikeId: string, what: 'pictures' | 'documents', kind: string): Promise<string> {
  const file =
    what === 'pictures'
      ? { name: 'file', value: await png(), filename: `${kind}.png`, contentType: 'image/png' }
      : { name: 'file', value: MINIMAL_PDF, filename: `${kind}.pdf`, contentType: 'application/pdf' };
  const { payload, headers } = multipart([{ name: 'kind', value: kind }, file]);
  const res = await o.t.app.inject(authed(user.token, { method: 'POST', url: `/api/bikes/${bikeId}/${what}`, payload, headers }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A new bike of the owner with a proof of possession sent to the insurer; with an insured item under policy P-1 for insurer A. */
async function submitProof(insurer: string, insured = false): Promise<string> {
  const [plate] = await makePlates(o.t.database.db, 1);
  const bike = await o.bike(owner, { bikekey_id: plate, purchase_date: '2024-03-01', normal_price_dkk: 8000 });
  if (insured) {
    const [policy] = await o.t.database.db
      .insert(insurancePolicies)
      .values({
        insurerPartyId: insurer,
        holderPartyId: owner.partyId,
        insurerPolicyId: 'P-1',
        type: 'bike',
        coverage: 'basic',
        source: 'insurer',
      })
      .returning();
    const [item] = await o.t.database.db
      .insert(insuredItems)
      .values({ policyId: policy?.id ?? '', bikeId: bike.id })
      .returning();
    itemId = item?.id ?? '';
  }
  const res = await call(owner, 'POST', `/api/insurance/${insurer}/possession-verifications/`, {
    bike_id: bike.id,
    frame_number: bike.frame_number,
    plate_id: bike.bikekey_id,
    frame_number_picture_id: await upload(owner, bike.id, 'pictures', 'frame_number'),
    plate_picture_id: await upload(owner, bike.id, 'pictures', 'plate'),
    receipt_document_id: await upload(owner, bike.id, 'documents', 'receipt'),
    details: { email: owner.email, first_name: 'Anna', last_name: 'Jensen' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let first: string;
let second: string;
let third: string;

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  owner = await o.user({ firstName: 'Anna', lastName: 'Jensen', language: 'en' });
  member = await o.user();
  await o.t.database.db.insert(organisationMembers).values({ organisationPartyId: insurerA, identityPartyId: member.partyId });
  staff = await signUpWithRole(o.t, 'staff');
  staff2 = await signUpWithRole(o.t, 'staff');
  admin = await signUpWithRole(o.t, 'admin');
  revisor = await signUpWithRole(o.t, 'revisor');
  first = await submitProof(insurerA, true);
  second = await submitProof(insurerA);
  third = await submitProof(insurerB);
});
afterAll(() => o.close());

describe('who may use the queue', () => {
  it('lets staff, admins and revisors read, and refuses an ordinary user, an insurer’s member (403) and a visitor (401)', async () => {
    const reads = [insurers, `${insurers}/${insurerA}/verifications`, `${base}/${first}`];
    for (const url of reads) {
      for (const user of [staff, admin, revisor]) expect((await call(user, 'GET', url)).statusCode, url).toBe(200);
      for (const user of [owner, member]) expect((await call(user, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('refuses every change to a revisor, an ordinary user and an insurer’s member, and changes nothing', async () => {
    const changes: [Method, string, unknown][] = [
      ['POST', `${base}/next`, {}],
      ['PUT', `${base}/${first}/hold`, undefined],
      ['DELETE', `${base}/${first}/hold`, undefined],
      ['POST', `${base}/${first}/review`, { decision: 'approved' }],
    ];
    for (const [method, url, body] of changes) {
      for (const user of [revisor, owner, member]) expect((await call(user, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await o.t.database.db.select().from(possessionVerifications).where(eq(possessionVerifications.id, first));
    expect(row).toMatchObject({ status: 'submitted', heldByPartyId: null });
  });
});

describe('the insurers and their queues', () => {
  it('lists every insurer with its counts, most waiting first', async () => {
    const res = await call(revisor, 'GET', insurers);
    expect(res.json()).toEqual([
      { party_id: insurerA, name: 'Alfa Forsikring', waiting: 2, decided: 0 },
      { party_id: insurerB, name: 'Beta Forsikring', waiting: 1, decided: 0 },
    ]);
  });

  it('pages an insurer’s queue on the server, waiting oldest first, filtered by status', async () => {
    const res = await call(staff, 'GET', `${insurers}/${insurerA}/verifications`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ insurer: { party_id: insurerA }, total: 2, next_offset: null });
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([first, second]);
    expect(res.json().items[0]).toMatchObject({ owner_name: 'Anna Jensen', status: 'submitted', hold: null });
    const approved = await call(staff, 'GET', `${insurers}/${insurerA}/verifications?status=approved`);
    expect(approved.json()).toMatchObject({ items: [], total: 0 });
  });

  it('answers bad input with 422 and unknown ids with 404', async () => {
    expect((await call(staff, 'GET', `${insurers}/${insurerA}/verifications?status=maybe`)).statusCode).toBe(422);
    expect((await call(staff, 'GET', `${insurers}/${insurerA}/verifications?offset=-1`)).statusCode).toBe(422);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(staff, 'GET', `${insurers}/${id}/verifications`)).statusCode).toBe(404);
      const one = await call(staff, 'GET', `${base}/${id}`);
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ code: 'possession_verification_not_found' });
      expect((await call(staff, 'PUT', `${base}/${id}/hold`)).statusCode).toBe(404);
      expect((await call(staff, 'DELETE', `${base}/${id}/hold`)).statusCode).toBe(404);
      expect((await call(staff, 'POST', `${base}/${id}/review`, { decision: 'approved' })).statusCode).toBe(404);
    }
    expect((await call(staff, 'POST', `${base}/next`, { insurer_party_id: 'x' })).statusCode).toBe(422);
    expect((await call(staff, 'POST', `${base}/next`, { skip: ['x'] })).statusCode).toBe(422);
    for (const body of [
      {},
      { decision: 'maybe' },
      { decision: 'rejected' },
      { decision: 'rejected', reason: '  ' },
      { decision: 'approved', checks: { plate: 'yes' } },
    ]) {
      const res = await call(staff, 'POST', `${base}/${first}/review`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('answers one item with what the steps compare', async () => {
    const res = await call(revisor, 'GET', `${base}/${first}`);
    expect(res.statusCode).toBe(200);
    const review = res.json();
    expect(review.verification).toMatchObject({ id: first, status: 'submitted', insured_item_id: itemId });
    expect(review.verification.frame_number_picture.url).toContain('/api/');
    expect(review.verification.receipt.file_name).toBe('receipt.pdf');
    expect(review.bike).toMatchObject({ purchase_date: '2024-03-01', price_dkk: 8000 });
    expect(review.policy).toMatchObject({ insurer_policy_id: 'P-1', coverage: 'basic', declared: [] });
    expect(review).toMatchObject({ checks: {}, hold: null, reviewer_email: null, waiting: 3 });
  });
});

describe('the hold', () => {
  it('gives two reviewers asking at once different items, never the same', async () => {
    const [a, b] = await Promise.all([call(staff, 'POST', `${base}/next`, {}), call(staff2, 'POST', `${base}/next`, {})]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().id).not.toBeNull();
    expect(b.json().id).not.toBeNull();
    expect(a.json().id).not.toBe(b.json().id);
    expect([first, second]).toContain(a.json().id);
    const minutes = (Date.parse(a.json().held_until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Asking again gives each their own item back first.
    expect((await call(staff, 'POST', `${base}/next`, {})).json().id).toBe(a.json().id);
    // The one a reviewer holds cannot be taken, held or decided by the other.
    const held = await call(staff2, 'PUT', `${base}/${a.json().id}/hold`);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'possession_verification_held', detail: 'Another member of staff is reviewing it' });
    expect((await call(staff2, 'POST', `${base}/${a.json().id}/review`, { decision: 'approved' })).statusCode).toBe(409);
    // Others see who holds it.
    const listed = await call(staff2, 'GET', `${insurers}/${insurerA}/verifications`);
    const row = listed.json().items.find((i: { id: string }) => i.id === a.json().id);
    expect(row.hold).toMatchObject({ mine: false, email: staff.email });
    expect((await call(staff, 'GET', `${base}/${a.json().id}`)).json().hold).toMatchObject({ mine: true });
    // Letting go of another's hold changes nothing; the holder's own release frees it.
    expect((await call(staff2, 'DELETE', `${base}/${a.json().id}/hold`)).statusCode).toBe(204);
    expect((await call(staff2, 'PUT', `${base}/${a.json().id}/hold`)).statusCode).toBe(409);
    expect((await call(staff, 'DELETE', `${base}/${a.json().id}/hold`)).statusCode).toBe(204);
    expect((await call(staff, 'DELETE', `${base}/${b.json().id}/hold`)).statusCode).toBe(204);
    expect((await call(staff2, 'DELETE', `${base}/${b.json().id}/hold`)).statusCode).toBe(204);
  });

  it('renews a hold, takes a run-out one, skips the ones asked to, and says when nothing is left', async () => {
    const renewed = await call(staff, 'PUT', `${base}/${first}/hold`);
    expect(renewed.statusCode).toBe(200);
    await o.t.database.db
      .update(possessionVerifications)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(possessionVerifications.id, first));
    // The hold ran out: another reviewer may take it.
    expect((await call(staff2, 'POST', `${base}/next`, { insurer_party_id: insurerA })).json().id).toBe(first);
    expect((await call(staff, 'POST', `${base}/next`, { insurer_party_id: insurerA })).json().id).toBe(second);
    expect((await call(staff, 'POST', `${base}/next`, { insurer_party_id: insurerA, skip: [second] })).json()).toEqual({
      id: null,
      held_until: null,
    });
    expect((await call(staff, 'POST', `${base}/next`, { skip: [second] })).json().id).toBe(third);
    for (const id of [second, third]) await call(staff, 'DELETE', `${base}/${id}/hold`);
    await call(staff2, 'DELETE', `${base}/${first}/hold`);
  });
});

describe('the decision', () => {
  it('approves: status, reviewer and time, the checks, the insured item, the owner’s mail, the insurer’s view and the audit log', async () => {
    expect((await call(admin, 'PUT', `${base}/${first}/hold`)).statusCode).toBe(200);
    const checks = { frame_number: 'matches', plate: 'matches', purchase_date: 'matches', price: 'differs' };
    const res = await call(admin, 'POST', `${base}/${first}/review`, { decision: 'approved', reason: 'ignored', checks });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      verification: { status: 'approved', rejection_reason: null },
      checks,
      reviewer_email: admin.email,
      hold: null,
    });
    expect(Date.parse(res.json().verification.reviewed_at)).toBeGreaterThan(Date.now() - 60_000);
    const [item] = await o.t.database.db.select().from(insuredItems).where(eq(insuredItems.id, itemId));
    expect(item?.possessionStatus).toBe('approved');
    expect((await latestMailTo(o.t.database.db, owner.email)).subject).toBe('Your proof of possession was approved');
    const seen = await call(member, 'GET', `/api/insurance/${insurerA}/possession-verifications/${first}`);
    expect(seen.json()).toMatchObject({ status: 'approved' });

    const audit = await call(revisor, 'GET', `/api/backoffice/audit-log?record_type=possession_verification&record_id=${first}`);
    expect(audit.json()).toEqual([
      expect.objectContaining({
        action: 'possession_verification.approve',
        actor_party_id: admin.partyId,
        target_party_id: owner.partyId,
        before: { status: 'submitted', rejection_reason: null, reviewed_at: null },
        after: expect.objectContaining({ status: 'approved', rejection_reason: null, checks }),
      }),
    ]);
    const again = await call(staff, 'POST', `${base}/${first}/review`, { decision: 'rejected', reason: 'no' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'evidence_already_reviewed' });
    expect((await call(staff, 'PUT', `${base}/${first}/hold`)).statusCode).toBe(409);
  });

  it('rejects with a reason the owner and the insurer read; the work count follows', async () => {
    const before = (await call(staff, 'GET', '/api/backoffice/work')).json();
    // Its receipt is one of the receipts waiting to be checked.
    expect(before.receipts_to_verify).toBeGreaterThan(0);
    expect(before.receipts_to_verify).toBeLessThanOrEqual(before.possession_checks);
    const res = await call(staff, 'POST', `${base}/${second}/review`, {
      decision: 'rejected',
      reason: 'The receipt names another bike',
      checks: { frame_number: 'matches', plate: 'matches', purchase_date: 'differs', price: 'differs' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verification).toMatchObject({ status: 'rejected', rejection_reason: 'The receipt names another bike' });
    const mail = await latestMailTo(o.t.database.db, owner.email);
    expect(mail.subject).toBe('Your proof of possession was rejected');
    expect(mail.text).toContain('The receipt names another bike');
    const seen = await call(member, 'GET', `/api/insurance/${insurerA}/possession-verifications/?status=rejected`);
    expect(seen.json().items).toEqual([expect.objectContaining({ id: second, rejection_reason: 'The receipt names another bike' })]);
    expect((await call(staff, 'GET', '/api/backoffice/work')).json()).toMatchObject({
      possession_checks: before.possession_checks - 1,
      receipts_to_verify: before.receipts_to_verify - 1,
    });
    const [entry] = await o.t.database.db.select().from(auditLog).where(eq(auditLog.recordId, second));
    expect(entry).toMatchObject({ action: 'possession_verification.reject', actorPartyId: staff.partyId });
    // Decided ones follow the waiting ones in the insurer's queue.
    const queue = await call(staff, 'GET', `${insurers}/${insurerA}/verifications`);
    expect(queue.json().items.map((i: { id: string; reviewer_email: string }) => [i.id, i.reviewer_email])).toEqual([
      [second, staff.email],
      [first, admin.email],
    ]);
  });
});
