import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../../../tests/support/eid.js';
import { authed, createTestApp, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, registered } from '../bikes/bike-test-factory.js';
import { auditLog, bikeEvents, bikeOwnerships, identities, outbox, ownershipVerifications, pictures } from '../db/schema.js';
import { jpegWithGps, MINIMAL_PDF, multipart } from '../pictures/test-factory.js';

// Verify ownership (issue 5): a frame-number picture, then national ID; staff may reject it. Only the
// owner reads or changes their verification; a new owner starts at 'none'.

const autotest = Array.from({ length: 20 }, () => uniqueEmail('autotest'));
let next = 0;
let t: TestApp;
let staff: string;
let revisor: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', AUTOTEST_ACCOUNTS: autotest.join(',') });
  for (const role of ['staff', 'revisor'] as const) {
    const user = await signUpUser(t.app);
    await t.database.db.update(identities).set({ role }).where(eq(identities.partyId, user.partyId));
    if (role === 'staff') staff = user.token;
    else revisor = user.token;
  }
});
afterAll(() => t.close());

/** An autotest account (approves without the provider's screen) with a registered bike. */
async function ownerWithBike(language = 'da') {
  const user = await signUpUser(t.app, { email: autotest[next++], chosen_language: language });
  await giveCredits(t.database.db, user.partyId, 2);
  const bike = await registered(t, user.token, { frame_number: frameNumber(), nickname: 'Racer' });
  return { user, bike };
}

async function approvalFor(token: string, bikeId: string): Promise<string> {
  const res = await complete(t.app, token, {
    verification_session_type: 'approve',
    act: 'verify_ownership',
    subject_id: bikeId,
    verification_type: 'mitid',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session_task_result.approval_id;
}

async function uploadFrame(token: string | null, bikeId: string, file?: Buffer) {
  const body = multipart([{ name: 'file', value: file ?? (await jpegWithGps()), filename: 'frame.jpg', contentType: 'image/jpeg' }]);
  const options = { method: 'POST' as const, url: `/api/bikes/${bikeId}/ownership-verification/frame`, ...body };
  return t.app.inject(token ? authed(token, options) : options);
}

const confirm = (token: string, bikeId: string, approval?: string) =>
  api(t.app, token, 'POST', `/api/bikes/${bikeId}/ownership-verification/owner`, undefined, approval ? { 'x-approval-id': approval } : {});

const status = (token: string, bikeId: string) => api(t.app, token, 'GET', `/api/bikes/${bikeId}/ownership-verification`);

async function verified() {
  const owner = await ownerWithBike();
  expect((await uploadFrame(owner.user.token, owner.bike.id)).statusCode).toBe(200);
  const res = await confirm(owner.user.token, owner.bike.id, await approvalFor(owner.user.token, owner.bike.id));
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

describe('the owner verifies', () => {
  it('starts at none, and a frame picture goes through the picture pipeline (no EXIF or GPS) to owner_pending', async () => {
    const { user, bike } = await ownerWithBike();
    const start = await status(user.token, bike.id);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({
      bike_id: bike.id,
      status: 'none',
      frame_picture_url: null,
      frame_picture_thumbnail_url: null,
      verified_at: null,
      reject_reason: null,
    });

    const res = await uploadFrame(user.token, bike.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('owner_pending');
    expect(res.json().frame_picture_url).toMatch(/^\/api\/files\/pictures\/[\w-]+\/full\?exp=\d+&sig=/);
    const [picture] = await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bike.id));
    expect(picture).toMatchObject({ kind: 'frame_number', ownershipId: bike.bike_ownership_id });

    const file = await t.app.inject({ method: 'GET', url: res.json().frame_picture_url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('webp');
    // Turned upright by its orientation: 600×400 with orientation 6 is portrait.
    expect(meta.height).toBeGreaterThan(meta.width ?? 0);
  });

  it('refuses what is not an image (415) and a missing file (422)', async () => {
    const { user, bike } = await ownerWithBike();
    const pdf = await uploadFrame(user.token, bike.id, MINIMAL_PDF);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().code).toBe('file_type_not_allowed');
    const empty = await api(t.app, user.token, 'POST', `/api/bikes/${bike.id}/ownership-verification/frame`, {});
    expect(empty.statusCode).toBe(422);
    expect((await status(user.token, bike.id)).json().status).toBe('none');
  });

  it('needs the frame picture first (409), then the approval of THIS bike (403), and is verified with it', async () => {
    const { user, bike } = await ownerWithBike();
    const other = await registered(t, user.token, { frame_number: frameNumber() });
    const early = await confirm(user.token, bike.id, await approvalFor(user.token, bike.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('verification_frame_missing');

    await uploadFrame(user.token, bike.id);
    const without = await confirm(user.token, bike.id);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('approval_required');
    expect((await confirm(user.token, bike.id, await approvalFor(user.token, other.id))).statusCode).toBe(403);
    expect((await confirm(user.token, bike.id, 'not-a-uuid')).statusCode).toBe(403);

    const approval = await approvalFor(user.token, bike.id);
    const res = await confirm(user.token, bike.id, approval);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('verified');
    expect(Date.parse(res.json().verified_at)).toBeGreaterThan(Date.now() - 60_000);
    const events = await t.database.db
      .select()
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, bike.id), eq(bikeEvents.kind, 'ownership_verified')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorPartyId: user.partyId, ownershipId: bike.bike_ownership_id });

    // Verified stays verified: no new picture replaces the proof.
    const again = await uploadFrame(user.token, bike.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ownership_already_verified');
    const list = await api(t.app, user.token, 'GET', '/api/ownership-verifications');
    expect(list.statusCode).toBe(200);
    expect(list.json().find((v: { bike_id: string }) => v.bike_id === bike.id)?.status).toBe('verified');
  });

  it('waits for a picture again when the owner deletes the proof picture', async () => {
    const { user, bike } = await ownerWithBike();
    await uploadFrame(user.token, bike.id);
    const [picture] = await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bike.id));
    expect((await api(t.app, user.token, 'DELETE', `/api/bikes/${bike.id}/pictures/${picture?.id}`)).statusCode).toBe(204);
    expect((await status(user.token, bike.id)).json()).toMatchObject({ status: 'frame_pending', frame_picture_url: null });
    const res = await confirm(user.token, bike.id, await approvalFor(user.token, bike.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('verification_frame_missing');
    expect((await uploadFrame(user.token, bike.id)).json().status).toBe('owner_pending');
  });

  it('lets no one else read or change it', async () => {
    const { user, bike } = await ownerWithBike();
    await uploadFrame(user.token, bike.id);
    const stranger = await signUpUser(t.app, { email: autotest[next++] });
    expect((await status(stranger.token, bike.id)).statusCode).toBe(404);
    expect((await uploadFrame(stranger.token, bike.id)).statusCode).toBe(404);
    const theirs = await approvalFor(stranger.token, bike.id);
    expect((await confirm(stranger.token, bike.id, theirs)).statusCode).toBe(404);
    // The owner cannot use the stranger's approval either.
    expect((await confirm(user.token, bike.id, theirs)).statusCode).toBe(403);
    expect((await api(t.app, stranger.token, 'GET', '/api/ownership-verifications')).json()).toEqual([]);
    expect((await api(t.app, null, 'GET', `/api/bikes/${bike.id}/ownership-verification`)).statusCode).toBe(401);
    expect((await uploadFrame(null, bike.id)).statusCode).toBe(401);
    expect((await status(user.token, 'not-a-bike')).statusCode).toBe(404);
    expect((await status(user.token, bike.id)).json().status).toBe('owner_pending');
  });

  it('resets by itself when the bike changes hands: the new owner starts at none', async () => {
    const { user, bike } = await verified();
    const buyer = await signUpUser(t.app);
    await t.database.db
      .update(bikeOwnerships)
      .set({ endedAt: new Date(), endReason: 'transferred' })
      .where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    await t.database.db.insert(bikeOwnerships).values({ bikeId: bike.id, partyId: buyer.partyId });
    expect((await status(buyer.token, bike.id)).json().status).toBe('none');
    expect((await status(user.token, bike.id)).statusCode).toBe(404);
  });
});

describe('staff review', () => {
  it('lists verifications for staff and revisors only, with the picture, frame number and owner email', async () => {
    const { user, bike } = await verified();
    expect((await api(t.app, user.token, 'GET', '/api/backoffice/ownership-verifications')).statusCode).toBe(403);
    expect((await api(t.app, revisor, 'GET', '/api/backoffice/ownership-verifications')).statusCode).toBe(200);
    const res = await api(t.app, staff, 'GET', '/api/backoffice/ownership-verifications?status=verified');
    expect(res.statusCode).toBe(200);
    const item = res.json().find((i: { bike: { id: string } }) => i.bike.id === bike.id);
    expect(item).toMatchObject({ status: 'verified', owner_email: user.email, frame_number: bike.frame_number, reject_reason: null });
    expect(item.frame_picture_url).toMatch(/^\/api\/files\/pictures\//);
    expect((await t.app.inject({ method: 'GET', url: item.frame_picture_url })).statusCode).toBe(200);
    const pending = await api(t.app, staff, 'GET', '/api/backoffice/ownership-verifications?status=owner_pending');
    expect(pending.json().some((i: { bike: { id: string } }) => i.bike.id === bike.id)).toBe(false);
    expect((await api(t.app, staff, 'GET', '/api/backoffice/ownership-verifications?status=bogus')).statusCode).toBe(422);
  });

  it('rejects with a reason: mail in the owner’s language, history, audit log; the owner starts over', async () => {
    const owner = await ownerWithBike('no');
    await uploadFrame(owner.user.token, owner.bike.id);
    const [row] = await t.database.db.select().from(ownershipVerifications).where(eq(ownershipVerifications.bikeId, owner.bike.id));
    const id = row?.id ?? '';
    const url = `/api/backoffice/ownership-verifications/${id}/reject`;

    expect((await api(t.app, revisor, 'POST', url, { reason: 'Uskarpt' })).statusCode).toBe(403);
    expect((await api(t.app, owner.user.token, 'POST', url, { reason: 'Uskarpt' })).statusCode).toBe(403);
    const blank = await api(t.app, staff, 'POST', url, { reason: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0].loc).toEqual(['body', 'reason']);
    expect((await api(t.app, staff, 'POST', url, { reason: 'x'.repeat(501) })).statusCode).toBe(422);

    const res = await api(t.app, staff, 'POST', url, { reason: 'Stelnummeret kan ikke læses' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'rejected', reject_reason: 'Stelnummeret kan ikke læses' });
    const again = await api(t.app, staff, 'POST', url, { reason: 'igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('verification_already_rejected');

    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, owner.user.email));
    const mail = mails.find((m) => m.subject === 'Bekreftelsen av eierskapet ditt ble avvist');
    expect(mail?.text).toContain('Begrunnelse: Stelnummeret kan ikke læses');
    expect(mail?.text).toContain(`http://localhost:3000/app/bikes/verify-ownership/${owner.bike.id}/frame`);
    const [event] = await t.database.db
      .select()
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, owner.bike.id), eq(bikeEvents.kind, 'ownership_verification_rejected')));
    const staffId = JSON.parse(Buffer.from(staff.split('.')[1] ?? '', 'base64url').toString()).party_id;
    expect(event).toMatchObject({ actorPartyId: staffId, ownershipId: owner.bike.bike_ownership_id });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ownership_verification.reject'));
    expect(audit.find((a) => a.targetPartyId === owner.user.partyId)).toMatchObject({ actorPartyId: staffId });

    // The owner sees why, cannot confirm the rejected proof, and starts over with a new picture.
    const seen = (await status(owner.user.token, owner.bike.id)).json();
    expect(seen).toMatchObject({ status: 'rejected', reject_reason: 'Stelnummeret kan ikke læses' });
    const stale = await confirm(owner.user.token, owner.bike.id, await approvalFor(owner.user.token, owner.bike.id));
    expect(stale.json().code).toBe('verification_frame_missing');
    const retry = await uploadFrame(owner.user.token, owner.bike.id);
    expect(retry.json()).toMatchObject({ status: 'owner_pending', reject_reason: null });
  });

  it('answers 404 for an unknown verification', async () => {
    for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
      const res = await api(t.app, staff, 'POST', `/api/backoffice/ownership-verifications/${id}/reject`, { reason: 'r' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('verification_not_found');
    }
  });
});
