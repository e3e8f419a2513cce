import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { identities } from '../db/schema.js';
import type { Access, ApiRoute } from './auth.js';

// §6: every API route declares who may call it, and the guard holds to it. The table below says, for
// each access level, which callers are let through; every registered /api route is called as each of
// them. A route added later is covered without touching this file — unless it uses an access level
// the table does not know, which fails here until the table says who that level admits.

const CALLERS = ['visitor', 'private', 'business', 'staff', 'revisor', 'admin'] as const;
type CallerKind = (typeof CALLERS)[number];

const ALLOWED: Record<Access, readonly CallerKind[]> = {
  public: ['visitor', 'private', 'business', 'staff', 'revisor', 'admin'],
  user: ['private', 'business', 'staff', 'revisor', 'admin'],
  'backoffice-read': ['staff', 'revisor', 'admin'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
};

/** Routes whose access is part of the product's rules (§6, §7), pinned so a slip in a declaration shows. */
const PINNED: Record<string, Access> = {
  'POST /api/identities/': 'public',
  'POST /api/identities/authentications': 'public',
  'GET /api/identities/social-providers': 'public',
  'POST /api/identities/social/:provider/start': 'public',
  'POST /api/identities/authentications/:provider': 'public',
  'POST /api/identities/:provider': 'public',
  // The payment provider calls it unauthenticated; its signature is the check (webshop/webhook.ts).
  'POST /api/webshop/webhooks/stripe': 'public',
  'GET /api/identities/me': 'user',
  'GET /api/identities/me/export': 'user',
  // Counts of one's own referrals; the theme is chosen before signing up too (§1).
  'GET /api/identities/me/referrals': 'user',
  'PUT /api/identities/theme/': 'public',
  'DELETE /api/identities/:partyIdToDelete/': 'user',
  'POST /api/organisations/': 'user',
  'GET /api/organisations/mine': 'user',
  'POST /api/identities/acting-party/': 'user',
  'POST /api/identities/switch-user/:id': 'staff',
  'POST /api/identities/switch-user/back': 'user',
  'GET /api/backoffice/identities': 'backoffice-read',
  'GET /api/backoffice/audit-log': 'backoffice-read',
  'PUT /api/backoffice/identities/:partyId/role': 'admin',
  'GET /api/webshop/products/': 'public',
};

let t: TestApp;
const tokens: Partial<Record<CallerKind, string>> = {};
const logins: Partial<Record<CallerKind, { email: string; password: string }>> = {};
/** Calls that end the token they are made with (log out, refresh): the caller logs in again after them. */
const ENDS_SESSION = new Set([
  'POST /api/identities/authentications/refresh',
  'DELETE /api/identities/authentications',
  'DELETE /api/identities/authentications/all',
]);
let routes: ApiRoute[];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD');
  for (const kind of ['private', 'staff', 'revisor', 'admin'] as const) {
    const user = await signUpUser(t.app);
    await t.database.db.update(identities).set({ role: kind }).where(eq(identities.partyId, user.partyId));
    tokens[kind] = user.token;
    logins[kind] = user;
  }
  // A business user: a person acting as their business organisation.
  const owner = await signUpUser(t.app);
  await t.database.db.update(identities).set({ role: 'business' }).where(eq(identities.partyId, owner.partyId));
  const created = await t.app.inject(authed(owner.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Tabel ApS' } }));
  tokens.business = created.json().authentication_token;
  logins.business = owner;
});

async function logInAgain(kind: CallerKind): Promise<void> {
  const login = logins[kind];
  if (!login) return;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: login.email, password: login.password },
  });
  tokens[kind] = res.json().authentication_token;
}
afterAll(() => t.close());

/**
 * A request that passes the guard but, as far as it can, does nothing: path parameters that are not
 * ids and a body that is not an object fail validation, which runs after the guard. Only a route
 * that takes no input at all reaches its handler.
 */
function harmless(route: ApiRoute, kind: CallerKind) {
  const url = route.url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  const withBody = !['GET', 'OPTIONS'].includes(method);
  const options = {
    method,
    url,
    headers: { 'accept-language': 'en', ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: '"not an object"' } : {}),
  };
  const token = kind === 'visitor' ? undefined : tokens[kind];
  return t.app.inject(token ? authed(token, options) : options);
}

describe('the role table (§6)', () => {
  it('finds the API routes, each with an access level the table knows', () => {
    expect(routes.length).toBeGreaterThan(20);
    const unknown = routes.filter((r) => !(r.access in ALLOWED)).map((r) => `${r.method} ${r.url}: ${r.access}`);
    expect(unknown, 'access levels missing from the table in access-table.api.test.ts').toEqual([]);
  });

  it('keeps the pinned routes at their access level', () => {
    const declared = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    const pinned = Object.fromEntries(Object.keys(PINNED).map((key) => [key, declared[key]]));
    expect(pinned).toEqual(PINNED);
  });

  it('lets exactly the allowed callers through every route', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const kind of CALLERS) {
        const res = await harmless(route, kind);
        if (ENDS_SESSION.has(`${route.method} ${route.url}`)) await logInAgain(kind);
        const refused =
          (res.statusCode === 401 && res.json().detail === 'invalid_token') || (res.statusCode === 403 && res.json().code === 'forbidden');
        const allowed = ALLOWED[route.access].includes(kind);
        if (allowed === refused) {
          wrong.push(`${kind} → ${route.method} ${route.url} (${route.access}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * CALLERS.length);
  });
});
