import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import type { IdentityRole } from '../../domain/roles.js';
import { auditLog, identities } from '../db/schema.js';

let t: TestApp;
let admin: SignedUpUser;
let staff: SignedUpUser;
let revisor: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  admin = await userWithRole('admin');
  staff = await userWithRole('staff');
  revisor = await userWithRole('revisor');
});
afterAll(() => t.close());

async function userWithRole(role: IdentityRole): Promise<SignedUpUser> {
  const user = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role }).where(eq(identities.partyId, user.partyId));
  return user;
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
const switchTo = (token: string, partyId: string) =>
  t.app.inject(authed(token, { method: 'POST', url: `/api/identities/switch-user/${partyId}` }));
const switchBack = (token: string) => t.app.inject(authed(token, { method: 'POST', url: '/api/identities/switch-user/back' }));
const me = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me' }));
const auditOf = (actor: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.actorPartyId, actor)).orderBy(asc(auditLog.createdAt));

describe('POST /api/identities/switch-user/{id} (§6)', () => {
  it('gives an admin an hour-long token for the user that says who is really acting', async () => {
    const user = await signUpUser(t.app);
    const res = await switchTo(admin.token, user.partyId);
    expect(res.statusCode).toBe(200);
    const token = res.json().authentication_token as string;
    const c = claims(token);
    expect(c).toMatchObject({ email: user.email, party_id: user.partyId, identity_party_id: user.partyId, switched_by: admin.partyId });
    expect(Number(c.exp) - Number(c.iat)).toBeGreaterThan(3590);
    expect(Number(c.exp) - Number(c.iat)).toBeLessThanOrEqual(3600);
    // The API now answers as the user.
    expect((await me(token)).json()).toMatchObject({ party_id: user.partyId, email: user.email });
    // The admin's own tokens stay valid meanwhile.
    expect((await me(admin.token)).json().party_id).toBe(admin.partyId);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch_user.start'), eq(auditLog.targetPartyId, user.partyId)));
    expect(entry).toMatchObject({ actorPartyId: admin.partyId, data: { actor_role: 'admin', target_role: 'private' } });
    expect(entry?.createdAt).toBeInstanceOf(Date);
  });

  it('lets staff act as private and business users only; an admin as anyone but themselves', async () => {
    const user = await signUpUser(t.app);
    const businessUser = await userWithRole('business');
    const otherStaff = await userWithRole('staff');
    const otherAdmin = await userWithRole('admin');
    expect((await switchTo(staff.token, user.partyId)).statusCode).toBe(200);
    expect((await switchTo(staff.token, businessUser.partyId)).statusCode).toBe(200);
    expect((await switchTo(staff.token, otherStaff.partyId)).statusCode).toBe(403);
    expect((await switchTo(staff.token, revisor.partyId)).statusCode).toBe(403);
    expect((await switchTo(staff.token, otherAdmin.partyId)).statusCode).toBe(403);
    expect((await switchTo(admin.token, otherStaff.partyId)).statusCode).toBe(200);
    expect((await switchTo(admin.token, otherAdmin.partyId)).statusCode).toBe(200);
    expect((await switchTo(admin.token, admin.partyId)).statusCode).toBe(403);
    expect((await switchTo(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is refused to private users and revisors, and to visitors', async () => {
    const user = await signUpUser(t.app);
    const target = await signUpUser(t.app);
    expect((await switchTo(user.token, target.partyId)).statusCode).toBe(403);
    expect((await switchTo(revisor.token, target.partyId)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/identities/switch-user/${target.partyId}` })).statusCode).toBe(401);
  });

  it('cannot be made again from a switched session', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const switched = (await switchTo(admin.token, user.partyId)).json().authentication_token as string;
    expect((await switchTo(switched, other.partyId)).statusCode).toBe(403);
    // Even when the user is themselves staff.
    const staffTarget = await userWithRole('staff');
    const asStaff = (await switchTo(admin.token, staffTarget.partyId)).json().authentication_token as string;
    expect((await switchTo(asStaff, other.partyId)).statusCode).toBe(403);
  });
});

describe('while switched', () => {
  it('writes every change to the audit log: who, as whom, what, when; reads are not logged', async () => {
    const user = await signUpUser(t.app);
    const switched = (await switchTo(staff.token, user.partyId)).json().authentication_token as string;
    const before = await auditOf(staff.partyId);

    expect((await me(switched)).statusCode).toBe(200);
    const saved = await t.app.inject(authed(switched, { method: 'PUT', url: '/api/identities/me', payload: { first_name: 'Støttet' } }));
    expect(saved.statusCode).toBe(200);
    const refused = await t.app.inject(authed(switched, { method: 'PUT', url: '/api/identities/me', payload: { zip_code: 'abc' } }));
    expect(refused.statusCode).toBe(422);
    const consent = await t.app.inject(
      authed(switched, { method: 'POST', url: '/api/identities/consents/newsletter/', payload: { action: 'add' } }),
    );
    expect(consent.statusCode).toBe(200);

    const entries = (await auditOf(staff.partyId)).slice(before.length);
    expect(entries.map((e) => [e.action, e.targetPartyId, e.data])).toEqual([
      ['switch_user.request', user.partyId, { method: 'PUT', route: '/api/identities/me', acting_party_id: user.partyId, status: 200 }],
      ['switch_user.request', user.partyId, { method: 'PUT', route: '/api/identities/me', acting_party_id: user.partyId, status: 422 }],
      [
        'switch_user.request',
        user.partyId,
        { method: 'POST', route: '/api/identities/consents/:type/', acting_party_id: user.partyId, status: 200 },
      ],
    ]);
    for (const entry of entries) expect(Date.now() - (entry.createdAt?.getTime() ?? 0)).toBeLessThan(60_000);
    // The change itself was made, as the user.
    const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row?.firstName).toBe('Støttet');
  });

  it('a refresh stays switched, and so does a change of user', async () => {
    const user = await signUpUser(t.app);
    const switched = (await switchTo(admin.token, user.partyId)).json().authentication_token as string;
    const refreshed = await t.app.inject(authed(switched, { method: 'POST', url: '/api/identities/authentications/refresh' }));
    expect(claims(refreshed.json().authentication_token)).toMatchObject({ party_id: user.partyId, switched_by: admin.partyId });
    // The refresh retired the token it replaced.
    expect((await me(switched)).statusCode).toBe(401);
    const created = await t.app.inject(
      authed(refreshed.json().authentication_token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Hjulpet ApS' } }),
    );
    expect(created.statusCode).toBe(201);
    expect(claims(created.json().authentication_token)).toMatchObject({
      party_id: created.json().organisation.party_id,
      switched_by: admin.partyId,
    });
    const logged = await auditOf(admin.partyId);
    expect(logged.filter((e) => e.targetPartyId === user.partyId).map((e) => (e.data as { route?: string } | null)?.route)).toEqual([
      undefined,
      '/api/identities/authentications/refresh',
      '/api/organisations/',
    ]);
  });

  it('ends when the one who switched loses the right to switch', async () => {
    const user = await signUpUser(t.app);
    const former = await userWithRole('staff');
    const switched = (await switchTo(former.token, user.partyId)).json().authentication_token as string;
    expect((await me(switched)).statusCode).toBe(200);
    await t.database.db.update(identities).set({ role: 'private' }).where(eq(identities.partyId, former.partyId));
    expect((await me(switched)).statusCode).toBe(401);
  });
});

describe('POST /api/identities/switch-user/back', () => {
  it('answers a fresh token of the admin and logs the end of the switch', async () => {
    const user = await signUpUser(t.app);
    const switched = (await switchTo(admin.token, user.partyId)).json().authentication_token as string;
    const back = await switchBack(switched);
    expect(back.statusCode).toBe(200);
    const token = back.json().authentication_token as string;
    const c = claims(token);
    expect(c).toMatchObject({ email: admin.email, party_id: admin.partyId, identity_party_id: admin.partyId });
    expect(c).not.toHaveProperty('switched_by');
    expect((await me(token)).json().party_id).toBe(admin.partyId);
    const entries = (await auditOf(admin.partyId)).filter((e) => e.targetPartyId === user.partyId);
    expect(entries.map((e) => e.action)).toEqual(['switch_user.start', 'switch_user.end']);
  });

  it('is refused to a session that is not switched', async () => {
    const res = await t.app.inject(
      authed(admin.token, { method: 'POST', url: '/api/identities/switch-user/back', headers: { 'accept-language': 'en' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'You are not acting as another user', code: 'not_switched' });
  });
});

describe('the backoffice identities list', () => {
  it('finds users by email or name and says whom the caller may switch to', async () => {
    const user = await signUpUser(t.app, { email: `find-me-${Date.now()}@example.dk` });
    const find = (token: string, q: string) =>
      t.app.inject(authed(token, { method: 'GET', url: `/api/backoffice/identities?q=${encodeURIComponent(q)}` }));
    const asStaff = await find(staff.token, user.email.slice(0, 20).toUpperCase());
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toEqual([
      { party_id: user.partyId, email: user.email, name: null, role: 'private', signed_up_at: expect.any(String), can_switch: true },
    ]);
    const asRevisor = await find(revisor.token, user.email);
    expect(asRevisor.json()[0].can_switch).toBe(false);
    expect((await find(staff.token, admin.email)).json()[0]).toMatchObject({ role: 'admin', can_switch: false });
    expect((await find(admin.token, staff.email)).json()[0]).toMatchObject({ role: 'staff', can_switch: true });
    expect((await find(staff.token, '%')).json()).toEqual([]);
    expect((await find(user.token, '')).statusCode).toBe(403);
  });

  it('lets a revisor and an admin read the audit log, not a private user', async () => {
    const read = (token: string) =>
      t.app.inject(authed(token, { method: 'GET', url: `/api/backoffice/audit-log?party_id=${admin.partyId}` }));
    const res = await read(revisor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json()[0]).toMatchObject({ actor_party_id: expect.any(String), action: expect.stringMatching(/^switch_user\./) });
    expect((await read(admin.token)).statusCode).toBe(200);
    expect((await read((await signUpUser(t.app)).token)).statusCode).toBe(403);
  });
});
