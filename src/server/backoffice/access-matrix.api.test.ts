import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { organisationMembers } from '../db/schema.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';

// Every backoffice route × every role (issue 14, §6), read from the routes the app has, so a new backoffice call is
// covered the day it is registered: a visitor 401; an ordinary user, a business user and an insurer's member 403;
// the revisor reads (GET) and is refused every change; staff do everything but what is the admin's (roles); the
// admin does all. "Allowed" means the role passed the access check: the call may still answer 404 or 422 for the
// made-up ids and empty bodies used here, never 401 or 403. What each call does is tested beside it. The routes come
// from the guard's own list (app.apiRoutes); the expectation is the rule, not the access they declare.

type Role = 'visitor' | 'private' | 'business' | 'insurerMember' | 'revisor' | 'staff' | 'admin';
const ROLES: Role[] = ['visitor', 'private', 'business', 'insurerMember', 'revisor', 'staff', 'admin'];

/** Changes only an admin may make. */
const ADMIN_ONLY = new Set(['PUT /api/backoffice/identities/:partyId/role']);

/** The staff routes outside /api/backoffice. */
const STAFF_ROUTES_ELSEWHERE = new Set(['POST /api/identities/switch-user/:id']);

let t: TestApp;
const as: Partial<Record<Role, SignedUpUser>> = {};

beforeAll(async () => {
  t = await createTestApp();
  as.private = await signUpUser(t.app);
  as.business = await signUpWithRole(t, 'business');
  as.revisor = await signUpWithRole(t, 'revisor');
  as.staff = await signUpWithRole(t, 'staff');
  as.admin = await signUpWithRole(t, 'admin');
  const insurer = await makeOrganisation(t, 'Matrix Forsikring');
  const member = await signUpUser(t.app);
  await t.database.db.insert(organisationMembers).values({ organisationPartyId: insurer, identityPartyId: member.partyId, role: 'admin' });
  // Logged in again, the member's token acts as the insurer.
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: member.email, password: member.password },
  });
  as.insurerMember = { ...member, token: login.json().authentication_token };
});
afterAll(() => t.close());

const backofficeRoutes = () =>
  t.app.apiRoutes.filter(
    (r) => r.method !== 'HEAD' && (r.url.startsWith('/api/backoffice/') || STAFF_ROUTES_ELSEWHERE.has(`${r.method} ${r.url}`)),
  );

function expected(route: { method: string; url: string }, role: Role): 'allowed' | 401 | 403 {
  if (role === 'visitor') return 401;
  if (role === 'private' || role === 'business' || role === 'insurerMember') return 403;
  if (role === 'admin') return 'allowed';
  if (ADMIN_ONLY.has(`${route.method} ${route.url}`)) return 403;
  if (role === 'revisor') return route.method === 'GET' ? 'allowed' : 403;
  return 'allowed';
}

describe('every backoffice route × every role', () => {
  it('has the routes it is about', () => {
    const names = backofficeRoutes().map((r) => `${r.method} ${r.url}`);
    for (const name of [
      ...ADMIN_ONLY,
      ...STAFF_ROUTES_ELSEWHERE,
      'GET /api/backoffice/work',
      'GET /api/backoffice/audit-log',
      // Issue 15: distributors and the newsletter.
      'GET /api/backoffice/distributors',
      'POST /api/backoffice/distributors',
      'PUT /api/backoffice/distributors/:distributorId',
      'DELETE /api/backoffice/distributors/:distributorId',
      'POST /api/backoffice/newsletters/preview',
      'POST /api/backoffice/newsletters',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('lets each role through exactly where it belongs', async () => {
    const wrong: string[] = [];
    for (const route of backofficeRoutes()) {
      const url = route.url.replace(/:\w+/g, () => randomUUID());
      for (const role of ROLES) {
        const token = as[role]?.token;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(route, role);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
        if (got !== want) wrong.push(`${route.method} ${route.url} as ${role}: ${res.statusCode}, expected ${want}`);
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  });
});
