import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { auditLog, identities, lockEvents, locks } from '../db/schema.js';
import { hashLockSecret, lockSecretMatches } from './lock-secret.js';

// Issue 16: managing docks and locks, by staff in the backoffice and by an organisation's admin acting as it.

let t: TestApp;
let staff: SignedUpUser;
let revisor: SignedUpUser;
let privateUser: SignedUpUser;
/** Tokens acting as the organisation: its admin, a plain member of it, and another organisation's admin. */
let orgAdmin: string;
let orgMember: string;
let otherAdmin: string;
let orgPartyId: string;
let otherPartyId: string;

async function businessOrganisation(name: string): Promise<{ token: string; partyId: string; user: SignedUpUser }> {
  const user = await signUpWithRole(t, 'business');
  const res = await t.app.inject(authed(user.token, { method: 'POST', url: '/api/organisations/', payload: { name } }));
  expect(res.statusCode).toBe(201);
  return { token: res.json().authentication_token, partyId: res.json().organisation.party_id, user };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRole(t, 'staff');
  revisor = await signUpWithRole(t, 'revisor');
  privateUser = await signUpUser(t.app);
  const org = await businessOrganisation('Cykelkælderen ApS');
  orgAdmin = org.token;
  orgPartyId = org.partyId;
  const other = await businessOrganisation('Andet Firma ApS');
  otherAdmin = other.token;
  otherPartyId = other.partyId;
  const member = await signUpUser(t.app);
  const added = await t.app.inject(
    authed(staff.token, {
      method: 'POST',
      url: `/api/backoffice/organisations/${orgPartyId}/members`,
      payload: { email: member.email, role: 'member' },
    }),
  );
  expect(added.statusCode).toBe(201);
  const acting = await t.app.inject(
    authed(member.token, { method: 'POST', url: '/api/identities/acting-party/', payload: { party_id: orgPartyId } }),
  );
  expect(acting.statusCode).toBe(200);
  orgMember = acting.json().authentication_token;
});
afterAll(() => t.close());

const dock = (overrides: Record<string, unknown> = {}) => ({
  name: 'Stationspladsen',
  address: 'Banegårdspladsen 1, 8000 Aarhus C',
  latitude: 56.1503,
  longitude: 10.2045,
  access: 'members',
  published: true,
  ...overrides,
});
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));

describe('staff manage docks in the backoffice', () => {
  it('creates a dock for an organisation, adds a lock whose secret is shown once and kept only as a hash, and audits it', async () => {
    const created = await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId }));
    expect(created.statusCode).toBe(201);
    const d = created.json();
    expect(d).toMatchObject({ name: 'Stationspladsen', organisation_name: 'Cykelkælderen ApS', lock_count: 0, free_count: 0, locks: [] });

    const added = await call(staff.token, 'POST', `/api/backoffice/docks/${d.id}/locks`, { label: ' A1 ' });
    expect(added.statusCode).toBe(201);
    const { lock, secret } = added.json();
    expect(lock).toMatchObject({ label: 'A1', state: 'offline', holds_bike: false, connected: false });
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.database.db.select().from(locks).where(eq(locks.id, lock.id));
    expect(row?.secretHash).toBe(hashLockSecret(secret));
    expect(row?.secretHash).not.toContain(secret);

    const detail = await call(staff.token, 'GET', `/api/backoffice/docks/${d.id}`);
    expect(detail.json().locks).toHaveLength(1);
    expect(detail.body).not.toContain(secret);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, d.id));
    expect(audits.map((a) => a.action)).toEqual(['dock.create']);
    const lockAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, lock.id), eq(auditLog.action, 'lock.create')));
    expect(lockAudit).toHaveLength(1);
  });

  it('refuses a second lock with the same label (any case) in a dock, but allows it in another dock', async () => {
    const a = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ name: 'Dock A', owner_party_id: orgPartyId }))).json();
    const b = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ name: 'Dock B', owner_party_id: orgPartyId }))).json();
    expect((await call(staff.token, 'POST', `/api/backoffice/docks/${a.id}/locks`, { label: 'B7' })).statusCode).toBe(201);
    const again = await call(staff.token, 'POST', `/api/backoffice/docks/${a.id}/locks`, { label: 'b7' });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail[0]).toMatchObject({ loc: ['body', 'label'] });
    expect((await call(staff.token, 'POST', `/api/backoffice/docks/${b.id}/locks`, { label: 'B7' })).statusCode).toBe(201);
  });

  it('answers bad input with 422 naming the field, and an unknown organisation or dock as such', async () => {
    const bad = await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId, latitude: 91, name: '' }));
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().detail.map((d: { loc: string[] }) => d.loc.at(-1));
    expect(fields).toEqual(expect.arrayContaining(['latitude', 'name']));
    expect((await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: 'nope' }))).statusCode).toBe(422);
    expect((await call(staff.token, 'POST', '/api/backoffice/docks', dock({ access: 'all', owner_party_id: orgPartyId }))).statusCode).toBe(
      422,
    );
    const unknownOwner = await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: staff.partyId }));
    expect(unknownOwner.statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(staff.token, 'GET', `/api/backoffice/docks/${missing}`)).json().code).toBe('dock_not_found');
    expect((await call(staff.token, 'PATCH', `/api/backoffice/docks/${missing}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(staff.token, 'POST', `/api/backoffice/docks/${missing}/locks`, { label: 'X' })).statusCode).toBe(404);
    const d = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId }))).json();
    expect((await call(staff.token, 'PATCH', `/api/backoffice/docks/${d.id}`, {})).statusCode).toBe(422);
    expect((await call(staff.token, 'POST', `/api/backoffice/docks/${d.id}/locks`, { label: 'x'.repeat(21) })).statusCode).toBe(422);
    expect((await call(staff.token, 'DELETE', `/api/backoffice/docks/${d.id}/locks/${missing}`)).json().code).toBe('lock_not_found');
  });

  it('changes a dock (audited before and after)', async () => {
    const d = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId }))).json();
    const changed = await call(staff.token, 'PATCH', `/api/backoffice/docks/${d.id}`, {
      name: 'Nyt navn',
      access: 'everyone',
      published: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Nyt navn', access: 'everyone', published: false, address: d.address });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, d.id), eq(auditLog.action, 'dock.update')));
    expect(entry?.before).toMatchObject({ name: 'Stationspladsen', access: 'members' });
    expect(entry?.after).toMatchObject({ name: 'Nyt navn', access: 'everyone' });
  });

  it('rotates a secret (the old one no longer matches, the history says so) and removes a lock, but not one holding a bike', async () => {
    const d = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId }))).json();
    const { lock, secret } = (await call(staff.token, 'POST', `/api/backoffice/docks/${d.id}/locks`, { label: 'C1' })).json();
    const rotated = await call(staff.token, 'POST', `/api/backoffice/docks/${d.id}/locks/${lock.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret;
    expect(fresh).not.toBe(secret);
    const [row] = await t.database.db.select().from(locks).where(eq(locks.id, lock.id));
    expect(lockSecretMatches(row?.secretHash ?? '', secret)).toBe(false);
    expect(lockSecretMatches(row?.secretHash ?? '', fresh)).toBe(true);

    const history = await call(staff.token, 'GET', `/api/backoffice/docks/${d.id}/locks/${lock.id}/events`);
    expect(history.json()).toMatchObject({ total: 2, offset: 0, page_size: 50 });
    expect(history.json().items.map((e: { kind: string }) => e.kind)).toEqual(['secret_rotated', 'added']);
    expect((await call(staff.token, 'GET', `/api/backoffice/docks/${d.id}/locks/${lock.id}/events?offset=-1`)).statusCode).toBe(422);
    expect((await call(staff.token, 'GET', `/api/backoffice/docks/${d.id}/locks/${lock.id}/commands`)).json()).toMatchObject({
      items: [],
      total: 0,
    });

    // A bike in it: the server's record of who closed it.
    await t.database.db.update(locks).set({ reportedState: 'closed', occupantPartyId: privateUser.partyId }).where(eq(locks.id, lock.id));
    const refused = await call(staff.token, 'DELETE', `/api/backoffice/docks/${d.id}/locks/${lock.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('lock_holds_bike');
    await t.database.db.update(locks).set({ reportedState: 'open', occupantPartyId: null }).where(eq(locks.id, lock.id));
    expect((await call(staff.token, 'DELETE', `/api/backoffice/docks/${d.id}/locks/${lock.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(lockEvents).where(eq(lockEvents.lockId, lock.id))).toEqual([]);
  });

  it('lets the revisor read but change nothing, and a private user reach none of it', async () => {
    const d = (await call(staff.token, 'POST', '/api/backoffice/docks', dock({ owner_party_id: orgPartyId }))).json();
    expect((await call(revisor.token, 'GET', '/api/backoffice/docks')).statusCode).toBe(200);
    expect((await call(revisor.token, 'GET', `/api/backoffice/docks/${d.id}`)).statusCode).toBe(200);
    expect((await call(revisor.token, 'PATCH', `/api/backoffice/docks/${d.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(revisor.token, 'POST', `/api/backoffice/docks/${d.id}/locks`, { label: 'R1' })).statusCode).toBe(403);
    expect((await call(privateUser.token, 'GET', '/api/backoffice/docks')).statusCode).toBe(403);
    expect((await call(orgAdmin, 'GET', `/api/backoffice/docks/${d.id}`)).statusCode).toBe(403);
  });
});

describe("an organisation's admin manages its own docks", () => {
  it('creates a dock of the organisation, adds a lock, and lists only its own docks', async () => {
    const created = await call(orgAdmin, 'POST', '/api/organisations/docks', dock({ name: 'Kælderen', owner_party_id: otherPartyId }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ owner_party_id: orgPartyId, name: 'Kælderen' });
    const id = created.json().id;
    const added = await call(orgAdmin, 'POST', `/api/organisations/docks/${id}/locks`, { label: 'K1' });
    expect(added.statusCode).toBe(201);
    expect(added.json().secret).toEqual(expect.any(String));
    const mine = (await call(orgAdmin, 'GET', '/api/organisations/docks')).json();
    expect(mine.every((d: { owner_party_id: string }) => d.owner_party_id === orgPartyId)).toBe(true);
    expect(mine.map((d: { name: string }) => d.name)).toContain('Kælderen');
    expect((await call(otherAdmin, 'GET', '/api/organisations/docks')).json()).toEqual([]);
  });

  it("refuses a plain member, a private user and another organisation's admin", async () => {
    const id = (await call(orgAdmin, 'POST', '/api/organisations/docks', dock())).json().id;
    const member = await call(orgMember, 'GET', '/api/organisations/docks');
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('organisation_admin_required');
    expect((await call(orgMember, 'POST', '/api/organisations/docks', dock())).statusCode).toBe(403);
    expect((await call(privateUser.token, 'GET', '/api/organisations/docks')).statusCode).toBe(403);
    expect((await call(privateUser.token, 'POST', `/api/organisations/docks/${id}/locks`, { label: 'P' })).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/api/organisations/docks/${id}`],
      ['PATCH', `/api/organisations/docks/${id}`, { name: 'Mine now' }],
      ['POST', `/api/organisations/docks/${id}/locks`, { label: 'Z9' }],
    ] as const) {
      const res = await call(otherAdmin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('dock_not_found');
    }
  });

  it('an admin who now acts as themselves manages nothing', async () => {
    const person = await signUpWithRole(t, 'business');
    const org = await t.app.inject(authed(person.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Skift ApS' } }));
    const back = await t.app.inject(
      authed(org.json().authentication_token, {
        method: 'POST',
        url: '/api/identities/acting-party/',
        payload: { party_id: person.partyId },
      }),
    );
    expect((await call(back.json().authentication_token, 'GET', '/api/organisations/docks')).statusCode).toBe(403);
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.partyId, person.partyId));
    expect(identity?.actingPartyId).toBe(person.partyId);
  });
});
