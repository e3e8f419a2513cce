import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, giveCredits, makePlates, PUBLIC_BIKE_KEYS, registered } from '../bikes/bike-test-factory.js';
import { bikes, identities } from '../db/schema.js';

// Public search by frame number or plate ID: exact first, close ones only without an exact match, only
// searchable or stolen bikes, never the owner; and an organisation's search with the registration's state.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function owner() {
  const user = await signUpUser(t.app);
  await giveCredits(t.database.db, user.partyId, 5);
  return user;
}

const search = (q: string, token: string | null = null, path = '/api/search/bikes') =>
  api(t.app, token, 'GET', `${path}?q=${encodeURIComponent(q)}`);

// Fixed, distinct frame numbers for this file's fresh database.
const FRAME = 'WBK4711239L';
const HIDDEN = 'WBK9988776M';
const STOLEN = 'WBK5550001N';

let plate = '';
let bikeId = '';
let stolenId = '';
let user: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  user = await owner();
  [plate = ''] = await makePlates(t.database.db, 1);
  bikeId = (await registered(t, user.token, { frame_number: FRAME, bikekey_id: plate, nickname: 'Secret name', color_id: 'green' })).id;
  await registered(t, user.token, { frame_number: HIDDEN, searchable: false });
  stolenId = (await registered(t, user.token, { frame_number: STOLEN, searchable: false })).id;
  await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, stolenId));
});

describe('public search', () => {
  it('finds a frame number exactly, however it is written, with the public card only', async () => {
    for (const q of [FRAME, 'wbk 4711239 l', 'WBK-4711239-L']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().exact.map((b: { id: string }) => b.id),
        q,
      ).toEqual([bikeId]);
      expect(res.json().similar).toEqual([]);
    }
    const body = (await search(FRAME)).json();
    expect(Object.keys(body).sort()).toEqual(['exact', 'query', 'similar']);
    expect(Object.keys(body.exact[0]).sort()).toEqual(PUBLIC_BIKE_KEYS);
    const raw = (await search(FRAME)).body;
    expect(raw).not.toContain('Secret name');
    expect(raw).not.toContain(user.email);
    expect(raw).not.toContain(user.partyId);
  });

  it('finds a plate ID exactly', async () => {
    const res = await search(plate.toLowerCase());
    expect(res.json().exact).toMatchObject([{ id: bikeId, bikekey_id: plate }]);
  });

  it('offers close ones (edit distance ≤ 2) only when nothing matches exactly', async () => {
    const typo = `${FRAME.slice(0, 4)}8${FRAME.slice(5, 9)}${FRAME.slice(10)}`; // one substitution, one deletion
    const res = await search(typo);
    expect(res.json().exact).toEqual([]);
    expect(res.json().similar.map((b: { id: string }) => b.id)).toEqual([bikeId]);
    const plateTypo = `${plate.slice(0, -1)}${plate.endsWith('A') ? 'C' : 'A'}`;
    expect((await search(plateTypo)).json().similar.map((b: { id: string }) => b.id)).toContain(bikeId);
    // Three edits away: nothing.
    expect((await search('WBK4700000L')).json()).toMatchObject({ exact: [], similar: [] });
  });

  it('hides bikes that are not searchable, but always shows stolen ones', async () => {
    expect((await search(HIDDEN)).json()).toMatchObject({ exact: [], similar: [] });
    expect((await search(STOLEN)).json().exact).toMatchObject([{ id: stolenId, reported_stolen: true }]);
  });

  it('answers no results as empty lists', async () => {
    expect((await search('ZZZZZZZZZZ')).json()).toEqual({ query: 'ZZZZZZZZZZ', exact: [], similar: [] });
  });

  it('needs 5 significant characters: 422 search_query_too_short; and q at all', async () => {
    for (const q of ['ab12', ' a-b 1 ', '']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail[0].type).toBe('search_query_too_short');
      expect(res.json().detail[0].msg).toBe('Type at least 5 characters of the frame or ID number');
    }
    expect((await api(t.app, null, 'GET', '/api/search/bikes')).statusCode).toBe(422);
    expect((await search('x'.repeat(65))).statusCode).toBe(422);
  });

  it('takes odd input without a 500', async () => {
    for (const q of ["'; drop table bike; --", '%%%%%%%', '\\\\\\\\\\', 'æøåÆØÅ12345', '____ ____']) {
      expect((await search(q)).statusCode, q).toBeLessThan(500);
    }
  });
});

describe("an organisation's search", () => {
  it('refuses a private user: 403 organisation_required; a visitor 401', async () => {
    const private_ = await owner();
    const res = await search(FRAME, private_.token, '/api/search/org-bikes');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only members of an organisation can use this', code: 'organisation_required' });
    expect((await search(FRAME, null, '/api/search/org-bikes')).statusCode).toBe(401);
  });

  it('answers the card with since when, whether paid, whether the owner is verified — never the owner', async () => {
    const member = await signUpUser(t.app);
    const created = await api(t.app, member.token, 'POST', '/api/organisations/', { name: 'Politi Test' });
    const orgToken = created.json().authentication_token as string;
    const before = (await search(FRAME, orgToken, '/api/search/org-bikes')).json();
    expect(before.exact).toMatchObject([{ id: bikeId, active: true, owner_verified: false }]);
    expect(Date.parse(before.exact[0].registered_on)).not.toBeNaN();
    await t.database.db.update(identities).set({ verifiedOn: new Date() }).where(eq(identities.partyId, user.partyId));
    const after = (await search(FRAME, orgToken, '/api/search/org-bikes')).json();
    expect(after.exact[0].owner_verified).toBe(true);
    const raw = JSON.stringify(after);
    expect(raw).not.toContain(user.email);
    expect(raw).not.toContain(user.partyId);
    expect(raw).not.toContain('Secret name');
  });
});

describe('close matches (property)', () => {
  const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const frameArb = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 8, maxLength: 17 });
  const editArb = fc.record({ kind: fc.constantFrom('sub', 'del', 'ins'), at: fc.nat(), ch: fc.constantFrom(...ALNUM) });

  function edit(value: string, e: { kind: string; at: number; ch: string }): string {
    const i = e.at % (value.length + 1);
    if (e.kind === 'ins') return value.slice(0, i) + e.ch + value.slice(i);
    const j = Math.min(i, value.length - 1);
    if (e.kind === 'del') return value.slice(0, j) + value.slice(j + 1);
    return value.slice(0, j) + e.ch + value.slice(j + 1);
  }

  it('finds a registered frame number from a query at most two edits away', async () => {
    const someone = await owner();
    await fc.assert(
      fc.asyncProperty(frameArb, editArb, editArb, async (frame, first, second) => {
        const typed = edit(edit(frame, first), second);
        fc.pre(typed.length >= 6);
        const existing = await t.database.db.select({ id: bikes.id }).from(bikes).where(eq(bikes.frameNumberNormalised, frame));
        const id = existing[0]?.id ?? (await registered(t, someone.token, { frame_number: frame })).id;
        await giveCredits(t.database.db, someone.partyId, 1);
        const body = (await search(typed)).json();
        return [...body.exact, ...body.similar].some((b: { id: string }) => b.id === id);
      }),
      { numRuns: 15 },
    );
  });
});
