import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { auditLog, identities } from '../db/schema.js';
import type { ApiRoute } from '../http/auth.js';

// Hardening: every request that may change something (any method but GET, HEAD, OPTIONS) made with a switch-user
// token leaves an audit row naming the staff member as actor and the user as target — on every registered route,
// so a route added later is covered without touching this file. Like the role table (http/access-table.api.test.ts),
// each route is called so that it does as little as it can: path parameters that are not ids and a body that is
// not an object fail validation, which runs after the audit entry is written.

/** Routes that write no switch_user.request, and why. */
const NOT_AUDITED_AS_REQUEST: Record<string, string> = {
  // Analytics are not acts on an account; they are not counted for the user while switched either.
  'POST /api/actions/:category/:action': 'analytics',
  // Ends the switch: writes switch_user.end itself (checked below).
  'POST /api/identities/switch-user/back': 'switch_user.end',
};
/** Calls that end the token they are made with: the staff member switches again after them. */
const ENDS_SESSION = new Set([
  'POST /api/identities/authentications/refresh',
  'DELETE /api/identities/authentications',
  'DELETE /api/identities/authentications/all',
]);

let t: TestApp;
let staff: SignedUpUser;
let user: SignedUpUser;
let switched: string;

async function switchAgain(): Promise<void> {
  const res = await t.app.inject(authed(staff.token, { method: 'POST', url: `/api/identities/switch-user/${user.partyId}` }));
  expect(res.statusCode, res.body).toBe(200);
  switched = res.json().authentication_token;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', SEARCH_RATE_LIMIT_PER_MINUTE: '100000' });
  staff = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
  user = await signUpUser(t.app);
  await switchAgain();
});
afterAll(() => t.close());

const staffEntries = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.actorPartyId, staff.partyId)).orderBy(asc(auditLog.createdAt));

function harmless(route: ApiRoute) {
  const url = route.url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
  return t.app.inject(
    authed(switched, {
      method: route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url,
      headers: { 'accept-language': 'en', 'content-type': 'application/json' },
      payload: '"not an object"',
    }),
  );
}

it('writes a switch_user.request row (staff member as actor, user as target) for every changing call on every route', async () => {
  const changing = t.app.apiRoutes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
  expect(changing.length).toBeGreaterThan(40);
  const missing: string[] = [];
  for (const route of changing) {
    const key = `${route.method} ${route.url}`;
    const before = new Set((await staffEntries()).map((e) => e.id));
    const res = await harmless(route);
    const entries = (await staffEntries()).filter((e) => !before.has(e.id));
    const mine = entries.filter((e) => {
      const data = e.data as { method?: string; route?: string; status?: number | null } | null;
      return e.action === 'switch_user.request' && data?.method === route.method && data.route === route.url;
    });
    // A backoffice route refuses the user (a private user) in the guard, before anything is done or audited.
    const refusedByGuard = route.access !== 'public' && route.access !== 'user';
    if (refusedByGuard && res.statusCode !== 403) missing.push(`${key}: expected the guard's 403, answered ${res.statusCode}`);
    if (key in NOT_AUDITED_AS_REQUEST) {
      if (mine.length > 0) missing.push(`${key}: audited though listed as not`);
    } else if (!refusedByGuard) {
      const entry = mine.at(-1);
      if (!entry) missing.push(`${key}: no audit row (answered ${res.statusCode})`);
      else if (entry.targetPartyId !== user.partyId || (entry.data as { status?: unknown }).status !== res.statusCode) {
        missing.push(`${key}: row ${JSON.stringify([entry.targetPartyId, entry.data])}, answered ${res.statusCode}`);
      }
    }
    if (ENDS_SESSION.has(key) || key === 'POST /api/identities/switch-user/back') await switchAgain();
  }
  expect(missing).toEqual([]);
});

it('the switch back is audited as switch_user.end', async () => {
  await switchAgain();
  const res = await t.app.inject(authed(switched, { method: 'POST', url: '/api/identities/switch-user/back' }));
  expect(res.statusCode).toBe(200);
  const ends = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorPartyId, staff.partyId), eq(auditLog.action, 'switch_user.end'), eq(auditLog.targetPartyId, user.partyId)));
  expect(ends.length).toBeGreaterThan(0);
});
