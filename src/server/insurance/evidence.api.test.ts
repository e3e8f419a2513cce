import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, mailsTo } from '../../../tests/support/mail.js';
import { authed, type SignedUpUser } from '../../../tests/support/test-app.js';
import { api, giveCredits, makePlates } from '../bikes/bike-test-factory.js';
import { identities, insurancePolicies, insuredItems, lockTestResponses, pictures, possessionVerifications } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { MINIMAL_PDF, multipart, type Part, png } from '../pictures/test-factory.js';
import { backfillPerceptualHashes, bikesWithSimilarPictures } from '../shared/files/perceptual-hash.js';
import { photo } from '../shared/files/photo-test-factory.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';
import { insurerMember, logInAgain } from './insurance-test-factory.js';

// Evidence for insurers (issue 13): proof of possession and lock tests, every call with bad input and the access
// matrix (owner, another owner, the insurer's member, another insurer's member, staff, visitor), the insured item's
// statuses, the owner's mails; and the perceptual hash's "same picture on another bike".

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
let business: string;
let memberA: SignedUpUser;
let memberB: SignedUpUser;
let owner: SignedUpUser;
let otherOwner: SignedUpUser;
let staff: SignedUpUser;
let bike: { id: string; frame_number: string | null; bikekey_id: string | null };
let itemId: string;

async function upload(user: SignedUpUser, bikeId: string, what: 'pictures' | 'documents', parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return o.t.app.inject(
    authed(user.token, { method: 'POST', url: `/api/bikes/${bikeId}/${what}`, payload, headers: { ...headers, 'accept-language': 'en' } }),
  );
}

async function picture(user: SignedUpUser, bikeId: string, kind: string, body?: Buffer): Promise<string> {
  const res = await upload(user, bikeId, 'pictures', [
    { name: 'kind', value: kind },
    { name: 'file', value: body ?? (await png()), filename: `${kind}.png`, contentType: 'image/png' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function document(user: SignedUpUser, bikeId: string, kind: string): Promise<string> {
  const res = await upload(user, bikeId, 'documents', [
    { name: 'kind', value: kind },
    { name: 'file', value: MINIMAL_PDF, filename: `${kind}.pdf`, contentType: 'application/pdf' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const call = (user: SignedUpUser | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  api(o.t.app, user?.token ?? null, method, url, body);

const itemStatus = async () => {
  const [item] = await o.t.database.db.select().from(insuredItems).where(eq(insuredItems.id, itemId));
  return { possession: item?.possessionStatus, lock: item?.lockStatus };
};

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  business = await makeOrganisation(o.t, 'Cykelhandel ApS', 'business');
  memberA = await insurerMember(o, insurerA);
  memberB = await insurerMember(o, insurerB);
  owner = await o.user({ firstName: 'Anna', lastName: 'Jensen', language: 'en' });
  otherOwner = await o.user();
  staff = await o.user();
  await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
  staff = await logInAgain(o.t.app, staff);
  const [plate] = await makePlates(o.t.database.db, 1);
  bike = await o.bike(owner, { bikekey_id: plate });
  const [policy] = await o.t.database.db
    .insert(insurancePolicies)
    .values({
      insurerPartyId: insurerA,
      holderPartyId: owner.partyId,
      insurerPolicyId: 'P-1001',
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
});
afterAll(() => o.close());

describe('proof of possession', () => {
  const path = (insurer: string) => `/api/insurance/${insurer}/possession-verifications/`;
  let body: Record<string, unknown>;
  let created: Record<string, unknown> & { id: string };

  beforeAll(async () => {
    body = {
      bike_id: bike.id,
      frame_number: ` ${bike.frame_number?.toLowerCase()} `,
      plate_id: bike.bikekey_id,
      frame_number_picture_id: await picture(owner, bike.id, 'frame_number'),
      plate_picture_id: await picture(owner, bike.id, 'plate'),
      receipt_document_id: await document(owner, bike.id, 'receipt'),
      details: {
        email: 'anna@example.dk',
        first_name: 'Anna',
        last_name: 'Jensen',
        street: 'Vestergade 1',
        zip: '8000',
        city: 'Aarhus',
        mobile: '12345678',
        policy_id: 'P-1001',
      },
    };
  });

  it('refuses a visitor (401) and a party that is not an insurance company (404)', async () => {
    expect((await call(null, 'POST', path(insurerA), body)).statusCode).toBe(401);
    expect((await call(null, 'GET', path(insurerA))).statusCode).toBe(401);
    for (const party of [business, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(owner, 'POST', path(party), body);
      expect(res.statusCode, party).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses uploads that are not images, whatever they claim to be', async () => {
    const pdfAsPicture = await upload(owner, bike.id, 'pictures', [
      { name: 'kind', value: 'frame_number' },
      { name: 'file', value: MINIMAL_PDF, filename: 'frame.png', contentType: 'image/png' },
    ]);
    expect(pdfAsPicture.statusCode).toBe(415);
    expect(pdfAsPicture.json()).toMatchObject({ code: 'file_type_not_allowed' });
    const textAsReceipt = await upload(owner, bike.id, 'documents', [
      { name: 'kind', value: 'receipt' },
      { name: 'file', value: Buffer.from('just text'), filename: 'receipt.jpg', contentType: 'image/jpeg' },
    ]);
    expect(textAsReceipt.statusCode).toBe(415);
  });

  it.each([
    ['no details', { details: undefined }, 'details'],
    ['a bad email', { details: { email: 'nope', first_name: 'A', last_name: 'J' } }, 'email'],
    ['a short frame number', { frame_number: 'AB' }, 'frame_number'],
    ['no frame-number picture', { frame_number_picture_id: undefined }, 'frame_number_picture_id'],
  ])('answers 422 for %s', async (_what, change, field) => {
    const res = await call(owner, 'POST', path(insurerA), { ...body, ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(field);
  });

  it('checks the evidence belongs to the bike: its frame number, its plate, pictures and receipt of the right kind', async () => {
    const otherBike = await o.bike(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ frame_number: 'WBK999999999' }, 'evidence_frame_number_mismatch'],
      [{ plate_id: (await makePlates(o.t.database.db, 1))[0] }, 'plate_not_on_my_bike'],
      [{ plate_picture_id: null }, 'field_required'],
      [{ frame_number_picture_id: await picture(owner, bike.id, 'public') }, 'field_invalid'],
      [{ frame_number_picture_id: await picture(owner, otherBike.id, 'frame_number') }, 'field_invalid'],
      [{ receipt_document_id: await document(owner, otherBike.id, 'receipt') }, 'field_invalid'],
      [{ receipt_document_id: 'nope' }, 'field_invalid'],
    ];
    for (const [change, code] of cases) {
      const res = await call(owner, 'POST', path(insurerA), { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().detail[0].type, JSON.stringify(change)).toBe(code);
    }
  });

  it('takes the owner’s bike only: another’s is not found', async () => {
    const res = await call(otherOwner, 'POST', path(insurerA), body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'bike_not_found' });
  });

  it('stores the submission, marks the insured item submitted, and refuses a second while it waits', async () => {
    expect((await itemStatus()).possession).toBe('missing');
    const res = await call(owner, 'POST', path(insurerA), body);
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      insurer: { party_id: insurerA, name: 'Alfa Forsikring' },
      bike: { id: bike.id, frame_number: bike.frame_number },
      insured_item_id: itemId,
      frame_number: bike.frame_number?.toLowerCase(),
      plate_id: bike.bikekey_id,
      bike_plate_ids: [bike.bikekey_id],
      status: 'submitted',
      rejection_reason: null,
      details: { email: 'anna@example.dk', policy_id: 'P-1001', floor: null },
      receipt: { file_name: 'receipt.pdf', content_type: 'application/pdf' },
    });
    expect(created.frame_number_picture).toMatchObject({ url: expect.stringMatching(/^\/api\/files\/pictures\/.+sig=/) });
    expect((await itemStatus()).possession).toBe('submitted');
    const again = await call(owner, 'POST', path(insurerA), body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'evidence_pending' });
  });

  it('shows it to its owner and the insurer’s members only (the pictures on signed addresses)', async () => {
    const one = `${path(insurerA)}${created.id}`;
    for (const user of [owner, memberA]) {
      const res = await call(user, 'GET', one);
      expect(res.statusCode, user.email).toBe(200);
      const picture = await o.t.app.inject({ method: 'GET', url: res.json().frame_number_picture.url });
      expect(picture.statusCode).toBe(200);
    }
    for (const user of [otherOwner, memberB, staff]) {
      const res = await call(user, 'GET', one);
      expect(res.statusCode, user.email).toBe(404);
      expect(res.json()).toMatchObject({ code: 'possession_verification_not_found' });
    }
    expect((await call(null, 'GET', one)).statusCode).toBe(401);
    expect((await call(memberA, 'GET', `${path(insurerA)}nope`)).statusCode).toBe(404);
    // Under another insurer's address it does not exist.
    expect((await call(memberB, 'GET', `${path(insurerB)}${created.id}`)).statusCode).toBe(404);
  });

  it('lists the company’s for its members and each person’s own for anyone else', async () => {
    const ids = async (user: SignedUpUser, query = '') => {
      const res = await call(user, 'GET', `${path(insurerA)}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { asInsurer: res.json().as_insurer, ids: res.json().items.map((i: { id: string }) => i.id) };
    };
    expect(await ids(memberA)).toEqual({ asInsurer: true, ids: [created.id] });
    expect(await ids(memberA, '?status=submitted')).toEqual({ asInsurer: true, ids: [created.id] });
    expect(await ids(memberA, '?status=approved')).toEqual({ asInsurer: true, ids: [] });
    expect(await ids(owner)).toEqual({ asInsurer: false, ids: [created.id] });
    for (const user of [otherOwner, memberB, staff]) expect(await ids(user)).toEqual({ asInsurer: false, ids: [] });
    expect((await call(memberA, 'GET', `${path(insurerA)}?status=maybe`)).statusCode).toBe(422);
  });

  it('staff’s review sets the status and the insured item’s, and mails the owner; a decided one answers 409', async () => {
    const review = (verificationId: string, body: unknown) =>
      call(staff, 'POST', `/api/backoffice/insurance-verifications/${verificationId}/review`, body);
    expect((await review(created.id, { decision: 'rejected', reason: 'The receipt is for another bike' })).statusCode).toBe(200);
    const rejected = await call(owner, 'GET', `${path(insurerA)}${created.id}`);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'The receipt is for another bike' });
    expect((await itemStatus()).possession).toBe('rejected');
    const mail = await latestMailTo(o.t.database.db, owner.email);
    expect(mail.subject).toBe('Your proof of possession was rejected');
    expect(mail.text).toContain('Reason: The receipt is for another bike');
    expect(mail.text).toContain('Alfa Forsikring');
    const again = await review(created.id, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'evidence_already_reviewed' });

    // Sent again and approved.
    const second = await call(owner, 'POST', path(insurerA), body);
    expect(second.statusCode, second.body).toBe(201);
    expect((await review(second.json().id, { decision: 'approved' })).statusCode).toBe(200);
    expect((await itemStatus()).possession).toBe('approved');
    expect((await latestMailTo(o.t.database.db, owner.email)).subject).toBe('Your proof of possession was approved');
  });
});

describe('lock tests', () => {
  const path = (insurer: string) => `/api/insurance/${insurer}/lock-tests/`;
  let body: Record<string, unknown>;
  let created: { id: string };

  beforeAll(async () => {
    body = {
      bike_id: bike.id,
      policy_id: 'P-1001',
      email: 'anna@example.dk',
      lock_type: 'ring',
      brand: 'Abus',
      model: 'Pro Tectic 4960',
      key_number: 'K-123',
      varefakta_number: 'VF-2024-77',
      certificate_date: '2024-05-01',
      frame_number_matches: true,
      stamped_by_dealer: true,
      certificate_document_id: await document(owner, bike.id, 'lock_certificate'),
    };
  });

  it.each([
    ['an unknown lock type', { lock_type: 'magic' }, 'lock_type', 'field_invalid'],
    ['no brand', { brand: ' ' }, 'brand', 'field_required'],
    ['a certificate date in the future', { certificate_date: '2999-01-01' }, 'certificate_date', 'certificate_date_future'],
    ['a date that is none', { certificate_date: '2024-02-30' }, 'certificate_date', 'certificate_date_future'],
    ['no answer about the dealer’s stamp', { stamped_by_dealer: undefined }, 'stamped_by_dealer', 'field_required'],
  ])('answers 422 for %s', async (_what, change, field, code) => {
    const res = await call(owner, 'POST', path(insurerA), { ...body, ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', field], type: code });
  });

  it('checks the certificate is the bike’s lock certificate and the policy is mine with this insurer', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ certificate_document_id: await document(owner, bike.id, 'receipt') }, 'certificate_document_id'],
      [{ policy_id: 'P-9999' }, 'policy_id'],
    ];
    for (const [change, field] of cases) {
      const res = await call(owner, 'POST', path(insurerA), { ...body, ...change });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0], field).toMatchObject({ loc: ['body', field], type: 'field_invalid' });
    }
    // The policy is insurer A's: under insurer B it is not found.
    expect((await call(owner, 'POST', path(insurerB), body)).json().detail[0]).toMatchObject({ loc: ['body', 'policy_id'] });
    expect((await call(otherOwner, 'POST', path(insurerA), body)).statusCode).toBe(404);
    expect((await call(null, 'POST', path(insurerA), body)).statusCode).toBe(401);
  });

  it('stores the answers for the policy (named by its number) and marks the insured item’s lock submitted', async () => {
    const res = await call(owner, 'POST', path(insurerA), body);
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      policy_number: 'P-1001',
      lock_type: 'ring',
      brand: 'Abus',
      varefakta_number: 'VF-2024-77',
      certificate_date: '2024-05-01',
      frame_number_matches: true,
      status: 'submitted',
      can_review: false,
      certificate: { file_name: 'lock_certificate.pdf' },
    });
    expect((await itemStatus()).lock).toBe('submitted');
    expect((await call(owner, 'POST', path(insurerA), body)).statusCode).toBe(409);
  });

  it('shows it to its owner (read-only) and the insurer’s members (who may review); nobody else', async () => {
    const one = `${path(insurerA)}${created.id}`;
    expect((await call(owner, 'GET', one)).json()).toMatchObject({ id: created.id, can_review: false });
    expect((await call(memberA, 'GET', one)).json()).toMatchObject({ id: created.id, can_review: true });
    for (const user of [otherOwner, memberB, staff]) {
      const res = await call(user, 'GET', one);
      expect(res.statusCode, user.email).toBe(404);
      expect(res.json()).toMatchObject({ code: 'lock_test_not_found' });
    }
    expect((await call(null, 'GET', one)).statusCode).toBe(401);
    const list = await call(memberA, 'GET', `${path(insurerA)}?status=submitted`);
    expect(list.json()).toMatchObject({ as_insurer: true, items: [{ id: created.id }] });
    expect((await call(otherOwner, 'GET', path(insurerA))).json()).toEqual({ as_insurer: false, items: [], total: 0, next_offset: null });
    expect((await call(owner, 'GET', path(insurerA))).json().items).toHaveLength(1);
  });

  it('lets only the insurer’s members review: a rejection needs a reason, the owner is mailed, a decision is final', async () => {
    const review = `${path(insurerA)}${created.id}/review`;
    for (const user of [owner, otherOwner, memberB, staff]) {
      expect((await call(user, 'POST', review, { decision: 'approved' })).statusCode, user.email).toBe(403);
    }
    expect((await call(null, 'POST', review, { decision: 'approved' })).statusCode).toBe(401);
    expect((await call(memberB, 'POST', `${path(insurerB)}${created.id}/review`, { decision: 'approved' })).statusCode).toBe(404);
    const noReason = await call(memberA, 'POST', review, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail[0]).toMatchObject({ loc: ['body', 'reason'] });
    expect((await call(memberA, 'POST', review, { decision: 'maybe' })).statusCode).toBe(422);

    const before = (await mailsTo(o.t.database.db, owner.email)).length;
    const approved = await call(memberA, 'POST', review, { decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', can_review: false, rejection_reason: null });
    expect((await itemStatus()).lock).toBe('approved');
    const mails = await mailsTo(o.t.database.db, owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe('Your lock test was approved');
    expect(mails[0]?.text).toContain(`/insurance/${insurerA}/lock-test-portal/${created.id}`);
    const again = await call(memberA, 'POST', review, { decision: 'rejected', reason: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'evidence_already_reviewed' });
  });
});

describe('the same picture on another bike (perceptual hash)', () => {
  it('finds another bike with the same photo, re-encoded, and not one with another photo or plain pictures', async () => {
    const original = await photo(7);
    const mine = await o.bike(owner);
    const copied = await o.bike(otherOwner);
    const unrelated = await o.bike(otherOwner);
    const mineId = await picture(owner, mine.id, 'public', original);
    const copyId = await picture(
      otherOwner,
      copied.id,
      'public',
      await (await import('sharp')).default(original).resize(800).webp().toBuffer(),
    );
    await picture(otherOwner, unrelated.id, 'public', await photo(8));
    // Plain pictures (no edges) hash alike and are left out.
    await picture(owner, mine.id, 'receipt', await png());
    await picture(otherOwner, unrelated.id, 'receipt', await png());

    expect(await bikesWithSimilarPictures(o.t.database.db, mine.id)).toEqual([
      { bike_id: copied.id, picture_id: copyId, matches_picture_id: mineId, distance: expect.any(Number) },
    ]);
    expect((await bikesWithSimilarPictures(o.t.database.db, copied.id)).map((s) => s.bike_id)).toEqual([mine.id]);
    expect(await bikesWithSimilarPictures(o.t.database.db, unrelated.id)).toEqual([]);
  });

  it('backfills the hash of pictures stored without one, from their stored files', async () => {
    await giveCredits(o.t.database.db, owner.partyId, 1);
    const mine = await o.bike(owner);
    const id = await picture(owner, mine.id, 'public', await photo(9));
    const [stored] = await o.t.database.db.select().from(pictures).where(eq(pictures.id, id));
    expect(stored?.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    await o.t.database.db.update(pictures).set({ perceptualHash: null }).where(eq(pictures.id, id));
    expect(await backfillPerceptualHashes(o.t.app.appContext)).toBeGreaterThanOrEqual(1);
    const [after] = await o.t.database.db.select().from(pictures).where(eq(pictures.id, id));
    expect(after?.perceptualHash).toBe(stored?.perceptualHash);
  });
});

describe('paging the lists', () => {
  // A third insurer with 23 of each kind: 21 from the owner (3 approved), 2 from another owner; one a minute apart.
  let insurerC: string;
  let memberC: SignedUpUser;
  const newest = (i: number) => new Date(Date.UTC(2026, 0, 1, 12, i));

  beforeAll(async () => {
    insurerC = await makeOrganisation(o.t, 'Gamma Forsikring');
    memberC = await insurerMember(o, insurerC);
    const otherBike = await o.bike(otherOwner);
    const rows = Array.from({ length: 23 }, (_, i) => ({
      mine: i < 21,
      status: (i < 3 ? 'approved' : 'submitted') as 'approved' | 'submitted',
      createdAt: newest(i),
    }));
    await o.t.database.db.insert(possessionVerifications).values(
      rows.map((r) => ({
        insurerPartyId: insurerC,
        bikeId: r.mine ? bike.id : otherBike.id,
        ownerPartyId: r.mine ? owner.partyId : otherOwner.partyId,
        frameNumber: 'WBK-1',
        details: {
          email: 'a@example.dk',
          first_name: 'A',
          last_name: 'B',
          ...{ street: null, city: null, zip: null, floor: null, side: null, door: null, mobile: null, policy_id: null },
        },
        status: r.status,
        createdAt: r.createdAt,
      })),
    );
    await o.t.database.db.insert(lockTestResponses).values(
      rows.map((r) => ({
        insurerPartyId: insurerC,
        bikeId: r.mine ? bike.id : otherBike.id,
        ownerPartyId: r.mine ? owner.partyId : otherOwner.partyId,
        email: 'a@example.dk',
        lockType: 'ring',
        brand: 'Abus',
        frameNumberMatches: true,
        stampedByDealer: true,
        status: r.status,
        createdAt: r.createdAt,
      })),
    );
  });

  for (const kind of ['possession-verifications', 'lock-tests']) {
    const path = (query: string) => `/api/insurance/${insurerC}/${kind}/${query}`;
    const page = async (user: SignedUpUser, query: string) => {
      const res = await call(user, 'GET', path(query));
      expect(res.statusCode, res.body).toBe(200);
      const { items, total, next_offset } = res.json();
      return { created: items.map((i: { created_at: string }) => i.created_at), total, next_offset };
    };

    it(`${kind}: 20 a page, newest first, with the total and the next page’s offset`, async () => {
      const first = await page(memberC, '');
      expect(first).toMatchObject({ total: 23, next_offset: 20 });
      expect(first.created).toHaveLength(20);
      expect(first.created[0]).toBe(newest(22).toISOString());
      const second = await page(memberC, '?offset=20');
      expect(second).toEqual({
        created: [newest(2), newest(1), newest(0)].map((d) => d.toISOString()),
        total: 23,
        next_offset: null,
      });
      expect(await page(memberC, '?offset=40')).toEqual({ created: [], total: 23, next_offset: null });
    });

    it(`${kind}: the status filter and the owner’s own are counted on the server`, async () => {
      expect(await page(memberC, '?status=approved')).toMatchObject({ total: 3, next_offset: null });
      expect(await page(memberC, '?status=submitted')).toMatchObject({ total: 20, next_offset: null });
      expect(await page(owner, '')).toMatchObject({ total: 21, next_offset: 20 });
      expect(await page(owner, '?offset=15&status=submitted')).toEqual({
        created: [newest(5), newest(4), newest(3)].map((d) => d.toISOString()),
        total: 18,
        next_offset: null,
      });
      expect(await page(otherOwner, '')).toMatchObject({ total: 2, next_offset: null });
      for (const user of [memberA, staff]) expect(await page(user, '')).toEqual({ created: [], total: 0, next_offset: null });
    });

    it(`${kind}: a bad offset answers 422`, async () => {
      for (const offset of ['-1', 'abc', '1.5', '100001']) {
        const res = await call(memberC, 'GET', path(`?offset=${offset}`));
        expect(res.statusCode, offset).toBe(422);
        expect(res.json()).toMatchObject({ detail: [{ loc: ['querystring', 'offset'], type: 'field_invalid' }] });
      }
    });
  }
});
