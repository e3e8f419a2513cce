import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { authed, type SignedUpUser } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import {
  auditLog,
  bikeOwnerships,
  identities,
  insuranceClaims,
  insurancePolicies,
  insuredItems,
  pictures,
  theftReports,
} from '../db/schema.js';
import { type OwnershipTest, ownershipTest, uploadPicture } from '../ownership/ownership-test-factory.js';
import { MINIMAL_PDF, multipart } from '../pictures/test-factory.js';
import { foundApproval, makeOrganisation, reportFoundCall, reportStolen } from '../theft/theft-test-factory.js';
import { insurerMember, logInAgain } from './insurance-test-factory.js';

// Claims from stolen reports (issue 13): a report shared with an insurer arrives as a claim; the insurer's members
// list and filter them, open the dossier, download the police report (audited) and move the claim a step; the
// owner is told and sees their own claims; paid with the owner's agreement, the registration moves to the insurer.
// Access: the insurer's members only — the owner, another owner, another insurer's member and staff are refused.

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
let memberA: SignedUpUser;
let memberB: SignedUpUser;
let staff: SignedUpUser;

/** A stolen bike of a new owner, shared with `insurer`: the owner, the bike and the claim's id. */
async function claimFor(insurer: string, names = { firstName: 'Anna', lastName: 'Jensen' }) {
  const owner = await o.user(names);
  const bike = await o.bike(owner);
  const report = await reportStolen(o.t, owner, bike.id, {
    isInsured: true,
    insurance_company: insurer,
    frame_number: bike.frame_number,
    first_name: names.firstName,
    last_name: names.lastName,
  });
  const [claim] = await o.t.database.db
    .select()
    .from(insuranceClaims)
    .where(eq(insuranceClaims.theftReportId, String(report.id)));
  if (!claim) throw new Error('no claim');
  return { owner, bike, report, claimId: claim.id };
}

const get = (user: SignedUpUser | null, url: string) => api(o.t.app, user?.token ?? null, 'GET', `/api${url}`);
const move = (user: SignedUpUser | null, insurer: string, claimId: string, body: Record<string, unknown>) =>
  api(o.t.app, user?.token ?? null, 'POST', `/api/insurance/${insurer}/claims/${claimId}/events/`, body);

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  memberA = await insurerMember(o, insurerA);
  memberB = await insurerMember(o, insurerB);
  const s = await o.user();
  await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, s.partyId));
  staff = await logInAgain(o.t.app, s);
});
afterAll(() => o.close());

describe('a shared stolen report becomes a claim', () => {
  it('is received, with the owner’s agreement to the transfer; an unshared or uninsured report makes none', async () => {
    const { claimId, owner, bike } = await claimFor(insurerA);
    const [claim] = await o.t.database.db.select().from(insuranceClaims).where(eq(insuranceClaims.id, claimId));
    expect(claim).toMatchObject({
      status: 'received',
      insurerPartyId: insurerA,
      bikeId: bike.id,
      ownerPartyId: owner.partyId,
      ownershipTransferAgreed: true,
    });
    const uninsured = await o.user();
    const report = await reportStolen(o.t, uninsured, (await o.bike(uninsured)).id, { isInsured: false });
    expect(
      await o.t.database.db
        .select()
        .from(insuranceClaims)
        .where(eq(insuranceClaims.theftReportId, String(report.id))),
    ).toEqual([]);
  });

  it('survives the bike being found: the report is kept, marked found, and the dossier still opens; a new report can be filed', async () => {
    const { claimId, owner, bike } = await claimFor(insurerA);
    const found = await reportFoundCall(o.t, owner, bike.id, await foundApproval(o.t, owner, bike.id));
    expect(found.statusCode, found.body).toBe(200);
    const dossier = await get(memberA, `/insurance/${insurerA}/claims/${claimId}`);
    expect(dossier.statusCode, dossier.body).toBe(200);
    expect(dossier.json()).toMatchObject({ report_status: 'found', status: 'received' });
    expect(dossier.json().report.found_at).toEqual(expect.any(String));
    // The owner's own report is gone (the bike is not stolen), and the bike can be reported again.
    expect((await get(owner, `/bikes/${bike.id}/stolen-report`)).statusCode).toBe(404);
    const again = await reportStolen(o.t, owner, bike.id, {
      isInsured: true,
      insurance_company: insurerA,
      frame_number: bike.frame_number,
    });
    expect(again.id).not.toBe(dossier.json().report_id);
    // The second report names the same frame number as the first: a fraud signal on the new claim.
    const [second] = await o.t.database.db
      .select()
      .from(insuranceClaims)
      .where(eq(insuranceClaims.theftReportId, String(again.id)));
    const next = await get(memberA, `/insurance/${insurerA}/claims/${second?.id}`);
    expect(next.json().fraud_signals).toContainEqual({ code: 'frame_number_elsewhere', count: 1 });
    expect(next.json().earlier_reports).toEqual([expect.objectContaining({ found: true, same_bike: true })]);
  });
});

describe('GET /api/insurance/{insurerPartyId}/claims/', () => {
  let insurer: string;
  let member: SignedUpUser;
  const ids: string[] = [];

  beforeAll(async () => {
    insurer = await makeOrganisation(o.t, 'Gamma Forsikring');
    member = await insurerMember(o, insurer);
    for (let i = 0; i < 21; i++) ids.unshift((await claimFor(insurer, { firstName: i === 0 ? 'Karen' : 'Ole', lastName: 'Berg' })).claimId);
    await move(member, insurer, ids[0] as string, { status: 'in_review' });
  });

  it('pages newest first, 20 at a time, with the owner’s contact and never the personal ID number', async () => {
    const first = await get(member, `/insurance/${insurer}/claims/`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 21, next_offset: 20 });
    expect(first.json().items.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 20));
    expect(first.json().items[0]).toMatchObject({ status: 'in_review', insurer: { party_id: insurer }, owner: { first_name: 'Ole' } });
    expect(first.body).not.toMatch(/cpr|010190/i);
    const second = await get(member, `/insurance/${insurer}/claims/?offset=20`);
    expect(second.json()).toMatchObject({ total: 21, next_offset: null, items: [expect.objectContaining({ id: ids[20] })] });
  });

  it('filters on the server by state, arrival date and text (frame number or owner’s name)', async () => {
    const byStatus = await get(member, `/insurance/${insurer}/claims/?status=in_review`);
    expect(byStatus.json()).toMatchObject({ total: 1, items: [{ id: ids[0] }] });
    const byName = await get(member, `/insurance/${insurer}/claims/?q=karen%20b`);
    expect(byName.json()).toMatchObject({ total: 1, items: [{ id: ids[20] }] });
    const frame = byName.json().items[0].frame_number as string;
    expect((await get(member, `/insurance/${insurer}/claims/?q=${frame.slice(2, 9)}`)).json().total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(member, `/insurance/${insurer}/claims/?from=${today}&to=${today}`)).json().total).toBe(21);
    expect((await get(member, `/insurance/${insurer}/claims/?to=2000-01-01`)).json().total).toBe(0);
  });

  it('searches the report as it is now: a corrected name is found, the old one no longer', async () => {
    const [claim] = await o.t.database.db
      .select()
      .from(insuranceClaims)
      .where(eq(insuranceClaims.id, ids[20] as string));
    await o.t.database.db
      .update(theftReports)
      .set({ lastName: 'Bøgh-Hansen' })
      .where(eq(theftReports.id, claim?.theftReportId as string));
    expect((await get(member, `/insurance/${insurer}/claims/?q=karen%20b%C3%B8gh`)).json()).toMatchObject({
      total: 1,
      items: [{ id: ids[20] }],
    });
    expect((await get(member, `/insurance/${insurer}/claims/?q=karen%20b%C3%B8gh-h`)).json().total).toBe(1);
    expect((await get(member, `/insurance/${insurer}/claims/?q=karen%20berg`)).json().total).toBe(0);
  });

  it('answers bad filters with 422 in the §8 shape', async () => {
    for (const q of ['status=lost', 'from=yesterday', 'offset=-1', `q=${'x'.repeat(101)}`]) {
      const res = await get(member, `/insurance/${insurer}/claims/?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json()).toMatchObject({ detail: [{ type: expect.any(String) }] });
    }
  });

  it('refuses everyone but the insurer’s members; a party that is not an insurer is not found', async () => {
    const owner = await o.user();
    for (const user of [owner, memberB, staff]) {
      const res = await get(user, `/insurance/${insurer}/claims/`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Berg');
    }
    expect((await get(null, `/insurance/${insurer}/claims/`)).statusCode).toBe(401);
    const business = await makeOrganisation(o.t, 'Cykelsmed ApS', 'business');
    for (const id of [business, member.partyId, '00000000-0000-4000-8000-000000000000', 'garbage']) {
      expect((await get(member, `/insurance/${id}/claims/`)).json().code, id).toBe('not_found');
    }
  });
});

describe('a claim’s dossier, police report and steps', () => {
  let c: Awaited<ReturnType<typeof claimFor>>;

  beforeAll(async () => {
    c = await claimFor(insurerA, { firstName: 'Bo', lastName: 'Hansen' });
  });

  it('shows the insurer’s member the dossier: report, bike evidence, owners, fraud signals, the steps to take', async () => {
    const res = await get(memberA, `/insurance/${insurerA}/claims/${c.claimId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: c.claimId,
      status: 'received',
      next_statuses: ['in_review', 'rejected'],
      events: [{ status: 'received', note: null }],
      owner: { first_name: 'Bo', last_name: 'Hansen' },
      report: { place: 'Nørreport Station, cykelparkeringen', owner_address: { street_address: 'Nørregade 1' } },
      bike: { frame_number: c.bike.frame_number, frame_number_matches: true, possession_status: 'missing', lock_test_status: 'missing' },
      earlier_reports: [],
      owner_national_id_verified: false,
    });
    expect(d.bike.ownerships).toEqual([expect.objectContaining({ claimant: true, insurer: false, ended_at: null })]);
    // Registered minutes before the theft, and never verified with national ID.
    expect(d.fraud_signals).toEqual([{ code: 'registered_shortly_before_theft', days: 0 }, { code: 'owner_not_verified' }]);
    expect(res.body).not.toMatch(/cpr|010190/i);
  });

  it('flags a picture reused on another bike (perceptual hash within a few bits)', async () => {
    const other = await claimFor(insurerA);
    const db = o.t.database.db;
    const base = { contentType: 'image/webp', width: 1, height: 1, size: 1, kind: 'public' as const };
    await db.insert(pictures).values([
      { ...base, bikeId: other.bike.id, storageKey: 'a', thumbnailKey: 'a', perceptualHash: 'f0f0f0f0f0f0f0f0' },
      { ...base, bikeId: c.bike.id, storageKey: 'b', thumbnailKey: 'b', perceptualHash: 'f0f0f0f0f0f0f0f3' },
    ]);
    const d = (await get(memberA, `/insurance/${insurerA}/claims/${c.claimId}`)).json();
    expect(d.fraud_signals).toContainEqual({ code: 'picture_reused', count: 1 });
  });

  it('is not found for another insurer’s member under their company, nor by the owner under theirs; refused to the rest', async () => {
    expect((await get(memberB, `/insurance/${insurerB}/claims/${c.claimId}`)).json().code).toBe('claim_not_found');
    expect((await get(memberA, `/insurance/${insurerA}/claims/garbage`)).statusCode).toBe(404);
    for (const user of [c.owner, memberB, staff])
      expect((await get(user, `/insurance/${insurerA}/claims/${c.claimId}`)).statusCode).toBe(403);
    expect((await get(null, `/insurance/${insurerA}/claims/${c.claimId}`)).statusCode).toBe(401);
  });

  it('lets the member open the receipt, the lock certificate and the receipt picture on signed addresses; nobody else gets them', async () => {
    const r = await claimFor(insurerA);
    const addDocument = async (kind: string, filename: string) => {
      const { payload, headers } = multipart([
        { name: 'kind', value: kind },
        { name: 'file', value: MINIMAL_PDF, filename, contentType: 'application/pdf' },
      ]);
      const res = await o.t.app.inject(
        authed(r.owner.token, { method: 'POST', url: `/api/bikes/${r.bike.id}/documents`, payload, headers }),
      );
      expect(res.statusCode, res.body).toBe(201);
    };
    await addDocument('receipt', 'kvittering.pdf');
    await addDocument('lock_certificate', 'laas.pdf');
    await addDocument('form', 'skema.pdf');
    await uploadPicture(o.t, r.owner, r.bike.id, 'receipt');
    const url = `/insurance/${insurerA}/claims/${r.claimId}`;
    const d = (await get(memberA, url)).json();
    expect(d.bike.documents).toEqual([
      { kind: 'receipt', name: 'kvittering.pdf', added_at: expect.any(String), url: expect.stringMatching(/^\/api\/files\/documents\//) },
      {
        kind: 'lock_certificate',
        name: 'laas.pdf',
        added_at: expect.any(String),
        url: expect.stringMatching(/^\/api\/files\/documents\//),
      },
      {
        kind: 'receipt_picture',
        name: '',
        added_at: expect.any(String),
        url: expect.stringMatching(/^\/api\/files\/pictures\/.+\/full\?/),
      },
    ]);
    for (const file of d.bike.documents as { url: string }[]) {
      const res = await o.t.app.inject({ method: 'GET', url: file.url });
      expect(res.statusCode, file.url).toBe(200);
    }
    const [receipt] = await o.t.app.inject({ method: 'GET', url: d.bike.documents[0].url }).then((res) => [res.rawPayload]);
    expect(receipt?.equals(MINIMAL_PDF)).toBe(true);
    // A changed signature (its first character made another) opens nothing; the addresses reach only those who may read the dossier.
    expect(
      (
        await o.t.app.inject({
          method: 'GET',
          url: d.bike.documents[0].url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(memberB, `/insurance/${insurerB}/claims/${r.claimId}`)).statusCode).toBe(404);
    for (const user of [r.owner, c.owner, memberB, staff]) {
      const res = await get(user, url);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('/api/files/');
    }
    expect((await get(null, url)).statusCode).toBe(401);
  });

  it('gives the member the police report and writes cpr.read to the audit log; nobody else gets it', async () => {
    const res = await get(memberA, `/insurance/${insurerA}/claims/${c.claimId}/police-report.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const audits = await o.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cpr.read'), eq(auditLog.actorPartyId, memberA.partyId)));
    expect(audits).toEqual([expect.objectContaining({ targetPartyId: c.owner.partyId })]);
    expect((await get(memberB, `/insurance/${insurerB}/claims/${c.claimId}/police-report.pdf`)).statusCode).toBe(404);
    for (const user of [c.owner, staff]) {
      expect((await get(user, `/insurance/${insurerA}/claims/${c.claimId}/police-report.pdf`)).statusCode).toBe(403);
    }
  });

  it('refuses a step the state does not allow, a rejection without reason, and bad input; nobody else moves it', async () => {
    expect((await move(memberA, insurerA, c.claimId, { status: 'paid' })).json().code).toBe('claim_move_not_allowed');
    const noReason = await move(memberA, insurerA, c.claimId, { status: 'rejected', reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'reason'], type: 'claim_rejection_reason_required' })]);
    expect((await move(memberA, insurerA, c.claimId, { status: 'lost' })).statusCode).toBe(422);
    expect((await move(memberB, insurerB, c.claimId, { status: 'in_review' })).statusCode).toBe(404);
    for (const user of [c.owner, staff, memberB])
      expect((await move(user, insurerA, c.claimId, { status: 'in_review' })).statusCode).toBe(403);
    expect((await move(null, insurerA, c.claimId, { status: 'in_review' })).statusCode).toBe(401);
  });

  it('moves to review, approval and payment, telling the owner each time; paid, the registration moves to the insurer', async () => {
    for (const status of ['in_review', 'approved', 'paid']) {
      const res = await move(memberA, insurerA, c.claimId, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const mails = await mailsTo(o.t.database.db, c.owner.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Alfa Forsikring behandler din skadesanmeldelse',
        'Alfa Forsikring har godkendt din skadesanmeldelse',
        'Alfa Forsikring har udbetalt din erstatning',
      ]),
    );
    const d = (await get(memberA, `/insurance/${insurerA}/claims/${c.claimId}`)).json();
    expect(d).toMatchObject({ status: 'paid', next_statuses: [], ownership_transferred_at: expect.any(String) });
    expect(d.events.map((e: { status: string }) => e.status)).toEqual(['received', 'in_review', 'approved', 'paid']);
    expect(d.bike.ownerships).toEqual([
      expect.objectContaining({ claimant: true, end_reason: 'compensated' }),
      expect.objectContaining({ insurer: true, ended_at: null }),
    ]);
    const [current] = await o.t.database.db
      .select()
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.bikeId, c.bike.id), isNull(bikeOwnerships.endedAt)));
    expect(current?.partyId).toBe(insurerA);
    // The owner's bikes no longer hold it; the insurer (acting as the company) sees the history say so.
    expect((await get(c.owner, `/bikes/${c.bike.id}/`)).statusCode).toBe(404);
    const history = await get(memberA, `/bikes/${c.bike.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()[0]).toMatchObject({ kind: 'transferred_to_insurer' });
    // Nothing moves on from paid.
    expect((await move(memberA, insurerA, c.claimId, { status: 'rejected', reason: 'late' })).statusCode).toBe(409);
  });

  it('rejects with the reason, which the owner reads', async () => {
    const r = await claimFor(insurerA);
    const res = await move(memberA, insurerA, r.claimId, { status: 'rejected', reason: 'No receipt' });
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'No receipt',
      events: [{}, { status: 'rejected', note: 'No receipt' }],
    });
    const mail = (await mailsTo(o.t.database.db, r.owner.email)).find((m) => m.subject.includes('afvist'));
    expect(mail?.text).toContain('No receipt');
    // … in their own list of claims as well.
    expect((await get(r.owner, '/insurance/self/claims/')).json().items).toEqual([
      expect.objectContaining({ id: r.claimId, status: 'rejected', rejection_reason: 'No receipt' }),
    ]);
  });
});

describe('GET /api/insurance/self/claims/', () => {
  it('lists the caller’s own claims and their states, and nobody else’s', async () => {
    const mine = await claimFor(insurerB);
    await move(memberB, insurerB, mine.claimId, { status: 'in_review' });
    const res = await get(mine.owner, '/insurance/self/claims/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ id: mine.claimId, status: 'in_review', insurer: { name: 'Beta Forsikring' } }],
    });
    for (const user of [await o.user(), memberB, staff]) expect((await get(user, '/insurance/self/claims/')).json().total).toBe(0);
    expect((await get(null, '/insurance/self/claims/')).statusCode).toBe(401);
    // One bike's claims, for the notice on its page: the owner's only; another bike of theirs has none.
    const byBike = (user: SignedUpUser, bikeId: string) => get(user, `/insurance/self/claims/?bike_id=${bikeId}`);
    expect((await byBike(mine.owner, mine.bike.id)).json()).toMatchObject({
      total: 1,
      items: [{ id: mine.claimId, bike_id: mine.bike.id }],
    });
    expect((await byBike(mine.owner, (await o.bike(mine.owner)).id)).json().total).toBe(0);
    for (const user of [await o.user(), memberB, staff]) expect((await byBike(user, mine.bike.id)).json().total).toBe(0);
    const bad = await byBike(mine.owner, 'not-a-bike');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual([expect.objectContaining({ loc: ['querystring', 'bike_id'], type: 'field_invalid' })]);
  });
});

describe('the insurer’s home and an insured bike', () => {
  it('counts claims by state, pending possession checks and lock tests, policies; for members only', async () => {
    const insurer = await makeOrganisation(o.t, 'Delta Forsikring');
    const member = await insurerMember(o, insurer);
    const c = await claimFor(insurer);
    const db = o.t.database.db;
    const [policy] = await db
      .insert(insurancePolicies)
      .values({
        insurerPartyId: insurer,
        holderPartyId: c.owner.partyId,
        insurerPolicyId: 'D-1',
        type: 'bike',
        coverage: 'basic',
        source: 'insurer',
      })
      .returning();
    await db.insert(insuredItems).values({ policyId: policy!.id, bikeId: c.bike.id, possessionStatus: 'submitted' });
    const res = await get(member, `/insurance/${insurer}/admin/overview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      insurer: { party_id: insurer, name: 'Delta Forsikring' },
      claims: { received: 1, in_review: 0, approved: 0, paid: 0, rejected: 0 },
      pending_possession_checks: 0,
      pending_lock_tests: 0,
      policies: 1,
    });
    for (const user of [c.owner, memberA, staff]) expect((await get(user, `/insurance/${insurer}/admin/overview`)).statusCode).toBe(403);

    const bikeUrl = `/insurance/${insurer}/admin/policies/${policy!.id}/bikes/${c.bike.id}`;
    const bike = await get(member, bikeUrl);
    expect(bike.statusCode, bike.body).toBe(200);
    expect(bike.json()).toMatchObject({
      policy: { insurer_policy_id: 'D-1', coverage: 'basic' },
      bike: { id: c.bike.id, reported_stolen: true },
      possession_status: 'submitted',
      lock_status: 'missing',
      claims: [{ id: c.claimId }],
    });
    expect((await get(memberA, `/insurance/${insurerA}/admin/policies/${policy!.id}/bikes/${c.bike.id}`)).json().code).toBe(
      'insured_bike_not_found',
    );
    expect((await get(member, `/insurance/${insurer}/admin/policies/${policy!.id}/bikes/garbage`)).statusCode).toBe(404);
    for (const user of [c.owner, memberA, staff]) expect((await get(user, bikeUrl)).statusCode).toBe(403);
  });
});
