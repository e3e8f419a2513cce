import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createTestApp,
  type SignedUpUser,
  signUpUser,
  signUpWithRole,
  type TestApp,
  uniqueEmail,
} from '../../../tests/support/test-app.js';

// Issue 14: organisations in the backoffice. Staff and admins create and change them, their members and credits;
// the revisor reads and changes nothing; an ordinary user and an insurer's member are refused. Every change is in
// the audit log with before and after, and an organisation is never left without an admin.

let t: TestApp;
let staff: SignedUpUser;
let admin: SignedUpUser;
let revisor: SignedUpUser;
let user: SignedUpUser;
let insurerMember: SignedUpUser;
let firstAdmin: SignedUpUser;
let second: SignedUpUser;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: SignedUpUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject(authed(who.token, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function create(who: SignedUpUser, body: Record<string, unknown>) {
  return call(who, 'POST', '/backoffice/organisations', body);
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRole(t, 'staff');
  admin = await signUpWithRole(t, 'admin');
  revisor = await signUpWithRole(t, 'revisor');
  user = await signUpUser(t.app);
  firstAdmin = await signUpUser(t.app);
  second = await signUpUser(t.app);
  // An insurer's member, acting as the insurer: someone with an organisation but no backoffice role.
  insurerMember = await signUpUser(t.app);
  const insurer = await create(staff, {
    name: 'Vagt Forsikring',
    organisation_type: 'insurance_company',
    admin_email: insurerMember.email,
  });
  expect(insurer.statusCode, insurer.body).toBe(201);
  const chosen = await call(insurerMember, 'POST', '/identities/acting-party/', { party_id: insurer.json().party_id });
  insurerMember = { ...insurerMember, token: chosen.json().authentication_token };
});
afterAll(() => t.close());

const auditOf = async (partyId: string) =>
  (await call(revisor, 'GET', `/backoffice/audit-log?record_type=organisation&record_id=${partyId}`)).json() as {
    action: string;
    actor_party_id: string;
    before: unknown;
    after: unknown;
    data: unknown;
  }[];

describe('creating and changing an organisation', () => {
  it('creates an insurance company with its first admin, and logs it', async () => {
    const res = await create(staff, {
      name: '  Hjul Forsikring A/S ',
      organisation_type: 'insurance_company',
      cvr_number: '1234 5678',
      admin_email: firstAdmin.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({
      name: 'Hjul Forsikring A/S',
      organisation_type: 'insurance_company',
      cvr_number: '12345678',
      members: 1,
      members_list: [{ party_id: firstAdmin.partyId, email: firstAdmin.email, role: 'admin' }],
      credits: { credits: 0 },
    });
    const [entry] = await auditOf(org.party_id);
    expect(entry).toMatchObject({
      action: 'organisation.create',
      actor_party_id: staff.partyId,
      before: null,
      after: { name: 'Hjul Forsikring A/S', organisation_type: 'insurance_company', cvr_number: '12345678' },
    });
  });

  it('refuses bad input with 422 on the field, and an unknown admin email', async () => {
    const bad = await create(staff, { name: 'X', organisation_type: 'bank', cvr_number: '123', admin_email: 'nope' });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().detail.map((d: { loc: string[] }) => d.loc.at(-1));
    expect(fields).toEqual(expect.arrayContaining(['name', 'organisation_type', 'cvr_number', 'admin_email']));
    const unknown = await create(staff, { name: 'Ingen ApS', organisation_type: 'business', admin_email: uniqueEmail() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'admin_email'] });
  });

  it('changes name, type and CVR number, logs only what changed, and says when nothing changes', async () => {
    const org = (await create(admin, { name: 'Cykel ApS', organisation_type: 'business', admin_email: firstAdmin.email })).json();
    const res = await call(staff, 'PATCH', `/backoffice/organisations/${org.party_id}`, { name: 'Cykel & Co ApS', cvr_number: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Cykel & Co ApS', organisation_type: 'business', cvr_number: null });
    const [latest] = await auditOf(org.party_id);
    expect(latest).toMatchObject({ action: 'organisation.update', before: { name: 'Cykel ApS' }, after: { name: 'Cykel & Co ApS' } });
    expect((await call(staff, 'PATCH', `/backoffice/organisations/${org.party_id}`, { name: 'Cykel & Co ApS' })).statusCode).toBe(422);
    expect((await call(staff, 'PATCH', `/backoffice/organisations/${org.party_id}`, { organisation_type: 'bank' })).statusCode).toBe(422);
    expect((await call(staff, 'PATCH', `/backoffice/organisations/${crypto.randomUUID()}`, { name: 'Ny' })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('finds by part of the name or the CVR number and by type, a page at a time', async () => {
    for (const n of [1, 2, 3])
      await create(staff, { name: `Listeby Cykler ${n}`, organisation_type: 'association', admin_email: firstAdmin.email });
    const found = (await call(revisor, 'GET', '/backoffice/organisations?q=listeby')).json();
    expect(found.total).toBe(3);
    expect(found.items.map((o: { name: string }) => o.name)).toEqual(['Listeby Cykler 1', 'Listeby Cykler 2', 'Listeby Cykler 3']);
    expect(found.items[0].members).toBe(1);
    const page = (await call(revisor, 'GET', '/backoffice/organisations?q=listeby&offset=2')).json();
    expect(page.items.map((o: { name: string }) => o.name)).toEqual(['Listeby Cykler 3']);
    expect((await call(staff, 'GET', '/backoffice/organisations?q=listeby&type=business')).json().total).toBe(0);
    expect((await call(staff, 'GET', '/backoffice/organisations?q=12345678')).json().items[0].name).toBe('Hjul Forsikring A/S');
    expect((await call(staff, 'GET', '/backoffice/organisations?type=bank')).statusCode).toBe(422);
    expect((await call(staff, 'GET', '/backoffice/organisations?offset=-1')).statusCode).toBe(422);
    expect((await call(staff, 'GET', '/backoffice/organisations/not-an-id')).statusCode).toBe(422);
  });
});

describe('members and roles', () => {
  it('adds by email, changes the role, removes, and never leaves the organisation without an admin', async () => {
    const org = (await create(staff, { name: 'Medlem ApS', organisation_type: 'business', admin_email: firstAdmin.email })).json();
    const base = `/backoffice/organisations/${org.party_id}/members`;

    // The only admin can be neither demoted nor removed.
    expect((await call(staff, 'PUT', `${base}/${firstAdmin.partyId}`, { role: 'member' })).json()).toMatchObject({
      detail: expect.any(String),
    });
    expect((await call(staff, 'PUT', `${base}/${firstAdmin.partyId}`, { role: 'member' })).statusCode).toBe(409);
    expect((await call(staff, 'DELETE', `${base}/${firstAdmin.partyId}`)).statusCode).toBe(409);

    const added = await call(staff, 'POST', base, { email: second.email });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().members_list.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [firstAdmin.email, 'admin'],
      [second.email, 'member'],
    ]);
    expect((await call(staff, 'POST', base, { email: second.email })).statusCode).toBe(409);
    expect((await call(staff, 'POST', base, { email: uniqueEmail() })).statusCode).toBe(422);
    expect((await call(staff, 'POST', base, { email: 'not an email' })).statusCode).toBe(422);
    expect((await call(staff, 'POST', base, { email: second.email, role: 'owner' })).statusCode).toBe(422);

    // With a second admin, the first may step down and then leave.
    expect((await call(staff, 'PUT', `${base}/${second.partyId}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call(staff, 'PUT', `${base}/${firstAdmin.partyId}`, { role: 'member' })).statusCode).toBe(200);
    const removed = await call(admin, 'DELETE', `${base}/${firstAdmin.partyId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().members_list).toEqual([expect.objectContaining({ email: second.email, role: 'admin' })]);
    expect((await call(staff, 'DELETE', `${base}/${second.partyId}`)).statusCode).toBe(409);
    expect((await call(staff, 'DELETE', `${base}/${firstAdmin.partyId}`)).statusCode).toBe(404);

    const actions = (await auditOf(org.party_id)).map((e) => e.action);
    expect(actions).toEqual([
      'organisation.member_remove',
      'organisation.member_role',
      'organisation.member_role',
      'organisation.member_add',
      'organisation.create',
    ]);
    const [removal] = await auditOf(org.party_id);
    expect(removal).toMatchObject({ before: { member: firstAdmin.email, role: 'member' }, after: null });
  });
});

describe('plan and credits', () => {
  it('gives credits with a reason, shown in the overview and kept in the audit log', async () => {
    const org = (await create(staff, { name: 'Kredit ApS', organisation_type: 'business', admin_email: firstAdmin.email })).json();
    const url = `/backoffice/organisations/${org.party_id}/credits`;
    const res = await call(staff, 'POST', url, { count: 3, reason: 'Compensation for a missing shipment' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ credits: { credits: 3, plan_type: 'ORGANISATION' }, credits_total: 3, credits_used: 0 });
    const [entry] = await auditOf(org.party_id);
    expect(entry).toMatchObject({
      action: 'organisation.credits_grant',
      before: { unused_credits: 0 },
      after: { unused_credits: 3 },
      data: { count: 3, reason: 'Compensation for a missing shipment' },
    });
    expect((await call(staff, 'POST', url, { count: 0, reason: 'zero' })).statusCode).toBe(422);
    expect((await call(staff, 'POST', url, { count: 1001, reason: 'too many' })).statusCode).toBe(422);
    expect((await call(staff, 'POST', url, { count: 1 })).statusCode).toBe(422);
    expect((await call(staff, 'POST', url, { count: 1, reason: '  ' })).statusCode).toBe(422);
  });
});

describe('who may', () => {
  it('lets the revisor read and refuses every change; refuses an ordinary user and an insurer’s member', async () => {
    const org = (await create(staff, { name: 'Adgang ApS', organisation_type: 'business', admin_email: firstAdmin.email })).json();
    const id = org.party_id;
    const changes: [Method, string, unknown][] = [
      ['POST', '/backoffice/organisations', { name: 'Revisor ApS', organisation_type: 'business', admin_email: firstAdmin.email }],
      ['PATCH', `/backoffice/organisations/${id}`, { name: 'Omdøbt' }],
      ['POST', `/backoffice/organisations/${id}/members`, { email: second.email }],
      ['PUT', `/backoffice/organisations/${id}/members/${firstAdmin.partyId}`, { role: 'member' }],
      ['DELETE', `/backoffice/organisations/${id}/members/${firstAdmin.partyId}`, undefined],
      ['POST', `/backoffice/organisations/${id}/credits`, { count: 1, reason: 'because' }],
    ];
    for (const [method, url, body] of changes) {
      for (const who of [revisor, user, insurerMember])
        expect((await call(who, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of ['/backoffice/organisations', `/backoffice/organisations/${id}`]) {
      expect((await call(revisor, 'GET', url)).statusCode).toBe(200);
      expect((await call(user, 'GET', url)).statusCode).toBe(403);
      expect((await call(insurerMember, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(revisor, 'GET', `/backoffice/organisations/${id}`)).json()).toMatchObject({ name: 'Adgang ApS', members: 1 });
  });
});
