import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, PUBLIC_BIKE_KEYS, registered } from '../bikes/bike-test-factory.js';
import { bikeEvents, bikeOwnerships, bikes, identities, ownershipVerifications, salesLinks } from '../db/schema.js';
import { multipart, png } from '../pictures/test-factory.js';

// Selling proof (issue 5): the owner makes, lists and revokes time-limited links; anyone with a link sees
// the bike's public card and "ID-verified owner, not reported stolen" as of now, until it stops holding.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function ownerWithBike(fields: Record<string, unknown> = {}) {
  const user = await signUpUser(t.app);
  await giveCredits(t.database.db, user.partyId, 1);
  const bike = await registered(t, user.token, { frame_number: frameNumber(), brand_name: 'Centurion', model: 'Cross', ...fields });
  return { user, bike };
}

const create = (token: string | null, bikeId: string, body: unknown = {}) =>
  api(t.app, token, 'POST', `/api/bikes/${bikeId}/sales-links`, body);
const proof = (id: string) => api(t.app, null, 'GET', `/api/sales-links/${id}`);

async function linkOf(token: string, bikeId: string, body: unknown = {}) {
  const res = await create(token, bikeId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; expires_at: string; active: boolean; created_at: string };
}

describe('making sales links', () => {
  it('makes a link with a random id and the default lifetime, records it, and lists it', async () => {
    const { user, bike } = await ownerWithBike();
    const link = await linkOf(user.token, bike.id);
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`http://localhost:3000/for-sale/${link.id}`);
    expect(link.active).toBe(true);
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
    const week = await linkOf(user.token, bike.id, { days: 7 });
    expect((Date.parse(week.expires_at) - Date.parse(week.created_at)) / 86_400_000).toBeCloseTo(7, 5);
    expect(week.id).not.toBe(link.id);

    const list = await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/sales-links`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: string }) => l.id)).toEqual([week.id, link.id]);
    const events = await t.database.db
      .select()
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, bike.id), eq(bikeEvents.kind, 'sales_link_created')));
    expect(events).toHaveLength(2);
    expect(events[0]?.actorPartyId).toBe(user.partyId);
  });

  it('refuses bad lifetimes (422), strangers (404), visitors (401) and a stolen bike (409)', async () => {
    const { user, bike } = await ownerWithBike();
    for (const days of [0, 31, 1.5, 'x']) {
      const res = await create(user.token, bike.id, { days });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'days']);
    }
    const stranger = await signUpUser(t.app);
    expect((await create(stranger.token, bike.id)).statusCode).toBe(404);
    expect((await api(t.app, stranger.token, 'GET', `/api/bikes/${bike.id}/sales-links`)).statusCode).toBe(404);
    expect((await create(null, bike.id)).statusCode).toBe(401);
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    const stolen = await create(user.token, bike.id);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('bike_reported_stolen');
  });
});

describe('the public proof', () => {
  it('shows the public card and the facts as of now, never the owner', async () => {
    const { user, bike } = await ownerWithBike({ searchable: false });
    // A public picture and a private one: only the public one shows, on a signed address (the bike is not searchable).
    for (const kind of ['public', 'frame_number']) {
      const body = multipart([
        { name: 'kind', value: kind },
        { name: 'file', value: await png(), filename: 'p.png', contentType: 'image/png' },
      ]);
      const res = await t.app.inject(authed(user.token, { method: 'POST', url: `/api/bikes/${bike.id}/pictures`, ...body }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const link = await linkOf(user.token, bike.id);
    const res = await proof(link.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(Object.keys(answer).sort()).toEqual([
      'bike',
      'checked_at',
      'expires_at',
      'owner_id_verified',
      'ownership_verified',
      'registered_since',
      'reported_stolen',
    ]);
    expect(Object.keys(answer.bike).sort()).toEqual(PUBLIC_BIKE_KEYS);
    expect(answer).toMatchObject({
      owner_id_verified: false,
      ownership_verified: false,
      reported_stolen: false,
      expires_at: link.expires_at,
    });
    expect(answer.bike).toMatchObject({ id: bike.id, frame_number: bike.frame_number, brand_name: 'Centurion', model: 'Cross' });
    expect(Math.abs(Date.parse(answer.checked_at) - Date.now())).toBeLessThan(60_000);
    const [ownership] = await t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    expect(answer.registered_since).toBe(ownership?.startedAt.toISOString());
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain(user.partyId);
    expect(answer.bike.picture_url).toMatch(/^\/api\/files\/pictures\/[\w-]+\/full\?exp=/);
    const picture = await t.app.inject({ method: 'GET', url: answer.bike.picture_url });
    expect(picture.statusCode).toBe(200);

    // Verified identity and verified ownership show as soon as they hold.
    await t.database.db.update(identities).set({ verifiedOn: new Date() }).where(eq(identities.partyId, user.partyId));
    await t.database.db.insert(ownershipVerifications).values({
      bikeId: bike.id,
      ownershipId: bike.bike_ownership_id,
      partyId: user.partyId,
      status: 'verified',
      verifiedAt: new Date(),
    });
    expect((await proof(link.id)).json()).toMatchObject({ owner_id_verified: true, ownership_verified: true });
  });

  it('answers 404 for an id never issued', async () => {
    expect((await proof('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await proof('x')).json().code).toBe('sales_link_not_found');
    expect((await proof('%27%20or%201%3D1')).statusCode).toBe(404);
  });

  it('is rate limited like search (SEARCH_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await api(limited.app, null, 'GET', '/api/sales-links/AAAAAAAAAAAAAAAAAAAAAA')).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stops working when revoked (only by the owner), expired, stolen or the ownership ended: 410', async () => {
    const { user, bike } = await ownerWithBike();
    const expect410 = async (id: string) => {
      const res = await proof(id);
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('sales_link_expired');
      expect(res.body).not.toContain(bike.id);
    };

    const revoked = await linkOf(user.token, bike.id);
    const stranger = await signUpUser(t.app);
    expect((await api(t.app, stranger.token, 'DELETE', `/api/sales-links/${revoked.id}`)).statusCode).toBe(404);
    expect((await api(t.app, null, 'DELETE', `/api/sales-links/${revoked.id}`)).statusCode).toBe(401);
    expect((await proof(revoked.id)).statusCode).toBe(200);
    expect((await api(t.app, user.token, 'DELETE', `/api/sales-links/${revoked.id}`)).statusCode).toBe(204);
    expect((await api(t.app, user.token, 'DELETE', `/api/sales-links/${revoked.id}`)).statusCode).toBe(204);
    expect((await api(t.app, user.token, 'DELETE', '/api/sales-links/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    await expect410(revoked.id);
    const revokedEvents = await t.database.db
      .select()
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, bike.id), eq(bikeEvents.kind, 'sales_link_revoked')));
    expect(revokedEvents).toHaveLength(1);

    const expired = await linkOf(user.token, bike.id);
    await t.database.db
      .update(salesLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(salesLinks.id, expired.id));
    await expect410(expired.id);
    const listed = (await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/sales-links`)).json();
    expect(listed.map((l: { id: string; active: boolean }) => [l.id, l.active])).toEqual([
      [expired.id, false],
      [revoked.id, false],
    ]);

    const stolen = await linkOf(user.token, bike.id);
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    await expect410(stolen.id);
    await t.database.db.update(bikes).set({ reportedStolen: false }).where(eq(bikes.id, bike.id));
    expect((await proof(stolen.id)).statusCode).toBe(200);

    // A transfer (or deletion) ends the ownership: the seller's link is dead, and the buyer does not see it.
    const buyer = await signUpUser(t.app);
    await t.database.db
      .update(bikeOwnerships)
      .set({ endedAt: new Date(), endReason: 'transferred' })
      .where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    await t.database.db.insert(bikeOwnerships).values({ bikeId: bike.id, partyId: buyer.partyId });
    await expect410(stolen.id);
    expect((await api(t.app, buyer.token, 'GET', `/api/bikes/${bike.id}/sales-links`)).json()).toEqual([]);
    expect((await api(t.app, buyer.token, 'DELETE', `/api/sales-links/${stolen.id}`)).statusCode).toBe(404);
    expect((await api(t.app, user.token, 'DELETE', `/api/sales-links/${stolen.id}`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the verification, sales link and review calls with their answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/ownership-verifications',
        '/api/bikes/{bikeId}/ownership-verification',
        '/api/bikes/{bikeId}/ownership-verification/frame',
        '/api/bikes/{bikeId}/ownership-verification/owner',
        '/api/bikes/{bikeId}/sales-links',
        '/api/sales-links/{id}',
        '/api/backoffice/ownership-verifications',
        '/api/backoffice/ownership-verifications/{id}/reject',
      ]),
    );
    expect(Object.keys(paths['/api/sales-links/{id}'].get.responses['200'].content['application/json'].schema.properties)).toContain(
      'owner_id_verified',
    );
  });
});
