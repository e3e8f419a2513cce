import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThroughProvider } from '../../../tests/support/eid.js';
import { mailsTo } from '../../../tests/support/mail.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { frameNumber, giveCredits, makePlates, registered } from '../bikes/bike-test-factory.js';
import {
  auditLog,
  bikes,
  consents,
  events,
  identities,
  newsletterSubscriptions,
  oneTimeTokens,
  organisationMembers,
  organisations,
  outbox,
  parties,
} from '../db/schema.js';
import { readStolenMapVersion } from '../shared/stolen-map-version.js';
import { reportStolen } from '../theft/theft-test-factory.js';

let t: TestApp;
let staff: SignedUpUser;
let admin: SignedUpUser;
async function withRole(role: 'private' | 'business' | 'staff' | 'revisor' | 'admin'): Promise<SignedUpUser> {
  const user = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role }).where(eq(identities.partyId, user.partyId));
  return user;
}
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  staff = await withRole('staff');
  admin = await withRole('admin');
});
afterAll(() => t.close());

const del = (token: string, partyId: string, approvalId?: string) =>
  t.app.inject(
    authed(token, {
      method: 'DELETE',
      url: `/api/identities/${partyId}/`,
      headers: { 'accept-language': 'en', ...(approvalId ? { 'x-approval-id': approvalId } : {}) },
    }),
  );
const logIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });

async function count(
  table: typeof identities | typeof consents | typeof oneTimeTokens | typeof outbox | typeof parties | typeof newsletterSubscriptions,
  partyId: string,
) {
  const column = 'partyId' in table ? table.partyId : table.id;
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, partyId));
  return row?.n ?? 0;
}

describe('DELETE /api/identities/{partyIdToDelete}/', () => {
  it('lets a user delete themselves, and really removes their personal data', async () => {
    const sessionId = `tab-${randomUUID()}`;
    const user = await signUpUser(t.app, { 'x-session-id': undefined, chosen_language: 'en' });
    // Leave traces: an event, a consent change, a reset link (token + mail), an organisation membership.
    await t.app.inject(
      authed(user.token, {
        method: 'POST',
        url: '/api/actions/bike/viewed?installed=false',
        headers: { 'x-session-id': sessionId },
        payload: { event_name: 'viewed' },
      }),
    );
    await t.app.inject(authed(user.token, { method: 'POST', url: '/api/identities/consents/newsletter/', payload: { action: 'add' } }));
    await t.app.inject({ method: 'POST', url: '/api/identities/authentications/password-resets', payload: { email: user.email } });
    const [org] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
    await t.database.db.insert(organisations).values({ partyId: org?.id ?? '', name: 'Klubben', organisationType: 'association' });
    await t.database.db.insert(organisationMembers).values({ organisationPartyId: org?.id ?? '', identityPartyId: user.partyId });
    expect(await count(oneTimeTokens, user.partyId)).toBe(2);
    // The verification link, the newsletter's confirmation link (the address is not verified) and the reset link.
    expect(await count(outbox, user.partyId)).toBe(3);
    expect(await count(newsletterSubscriptions, user.partyId)).toBe(1);

    // Deleting yourself is approved through national ID first (step-up, verification/approvals.ts).
    const approvalId = await approveThroughProvider(t.app, user.token, 'mitid-test-anna');
    const res = await del(user.token, user.partyId, approvalId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    // The token no longer works, and neither does the password.
    const me = await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/me' }));
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toBe('invalid_token');
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);

    for (const table of [parties, identities, consents, oneTimeTokens, outbox, newsletterSubscriptions] as const) {
      expect(await count(table, user.partyId)).toBe(0);
    }
    const memberships = await t.database.db.select().from(organisationMembers).where(eq(organisationMembers.identityPartyId, user.partyId));
    expect(memberships).toEqual([]);

    // Of the mail only the goodbye is left, belonging to no one.
    const left = await mailsTo(t.database.db, user.email);
    expect(left.map((m) => ({ subject: m.subject, partyId: m.partyId }))).toEqual([{ subject: 'Your account is deleted', partyId: null }]);

    // Events keep their counts without the person.
    const kept = await t.database.db.select().from(events).where(eq(events.sessionId, sessionId));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.partyId).toBeNull();
    // A self-deletion is not a staff action.
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetPartyId, user.partyId))).toEqual([]);
  });

  it('frees the email for a new sign-up', async () => {
    const user = await signUpUser(t.app);
    expect((await del(user.token, user.partyId, await approveThroughProvider(t.app, user.token, 'mitid-test-mads'))).statusCode).toBe(204);
    const again = await signUpUser(t.app, { email: user.email });
    expect(again.partyId).not.toBe(user.partyId);
  });

  it('does not let a user delete someone else (403)', async () => {
    const victim = await signUpUser(t.app);
    const attacker = await signUpUser(t.app);
    const res = await del(attacker.token, victim.partyId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have access to this', code: 'forbidden' });
    expect(await count(identities, victim.partyId)).toBe(1);
    expect((await logIn(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const victim = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/identities/${victim.partyId}/` });
    expect(res.statusCode).toBe(401);
    expect(await count(identities, victim.partyId)).toBe(1);
  });

  it('lets an admin delete a user of a lower role, and writes it to the audit log', async () => {
    for (const role of ['private', 'business', 'revisor', 'staff'] as const) {
      const target = await withRole(role);
      const res = await del(admin.token, target.partyId);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(204);
      expect(await count(identities, target.partyId)).toBe(0);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetPartyId, target.partyId));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorPartyId: admin.partyId,
        action: 'identity.delete',
        data: { actor_role: 'admin', target_role: role },
      });
    }
    // The admin is unaffected.
    expect((await t.app.inject(authed(admin.token, { method: 'GET', url: '/api/identities/me' }))).statusCode).toBe(200);
  });

  it('does not let staff delete anyone else, whatever their role (403, nothing deleted, nothing audited)', async () => {
    for (const role of ['private', 'business', 'revisor', 'staff', 'admin'] as const) {
      const target = await withRole(role);
      const res = await del(staff.token, target.partyId);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have access to this', code: 'forbidden' });
      expect(await count(identities, target.partyId)).toBe(1);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetPartyId, target.partyId))).toEqual([]);
    }
  });

  it('does not let an admin delete another admin', async () => {
    const other = await withRole('admin');
    const res = await del(admin.token, other.partyId);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await count(identities, other.partyId)).toBe(1);
    expect((await logIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('does not let anyone delete someone else from a switched session', async () => {
    const boss = await withRole('admin');
    const actingAs = await withRole('admin');
    const victim = await withRole('private');
    const switched = await t.app.inject(authed(boss.token, { method: 'POST', url: `/api/identities/switch-user/${actingAs.partyId}` }));
    expect(switched.statusCode, switched.body).toBe(200);
    const res = await del(switched.json().authentication_token, victim.partyId);
    expect(res.statusCode).toBe(403);
    expect(await count(identities, victim.partyId)).toBe(1);
  });

  it('takes their stolen reports with them: the bike is no longer shown as stolen, and the map knows', async () => {
    const target = await signUpUser(t.app);
    await giveCredits(t.database.db, target.partyId);
    const bike = await registered(t, target.token, { frame_number: `WBK${randomUUID().slice(0, 8)}A` });
    await reportStolen(t, target, bike.id);
    const before = await readStolenMapVersion(t.database.db);
    expect((await del(admin.token, target.partyId)).statusCode).toBe(204);
    expect(await t.database.db.select().from(bikes).where(eq(bikes.id, bike.id))).toEqual([]);
    expect(await readStolenMapVersion(t.database.db)).toBe(before + 1);
  });

  it('takes the bikes they own with them: their plates and frame numbers are free for a new registration', async () => {
    const target = await signUpUser(t.app);
    await giveCredits(t.database.db, target.partyId, 2);
    const [plate] = await makePlates(t.database.db, 1);
    const frame = frameNumber();
    const withPlate = await registered(t, target.token, { frame_number: frame, bikekey_id: plate });
    const other = await registered(t, target.token, { frame_number: frameNumber() });

    const approvalId = await approveThroughProvider(t.app, target.token, 'mitid-test-sofie');
    expect((await del(target.token, target.partyId, approvalId)).statusCode).toBe(204);

    expect(
      await t.database.db
        .select()
        .from(bikes)
        .where(inArray(bikes.id, [withPlate.id, other.id])),
    ).toEqual([]);
    const newcomer = await signUpUser(t.app);
    await giveCredits(t.database.db, newcomer.partyId);
    const again = await registered(t, newcomer.token, { frame_number: frame, bikekey_id: plate });
    expect(again.bikekey_id).toBe(plate);
  });

  it('answers 404 for an unknown party and 422 for something that is not an id', async () => {
    const missing = await del(admin.token, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found', code: 'not_found' });
    const malformed = await del(admin.token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(['params', 'partyIdToDelete']);
  });

  it('does not tell a non-admin whether a party exists', async () => {
    const user = await signUpUser(t.app);
    expect((await del(user.token, randomUUID())).statusCode).toBe(403);
    expect((await del(user.token, staff.partyId)).statusCode).toBe(403);
    expect((await del(staff.token, randomUUID())).statusCode).toBe(403);
  });
});
