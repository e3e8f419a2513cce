import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { bikeCredits, bikeOwnerships, bikes, plates } from '../db/schema.js';
import { api, frameNumber, giveCredits, makePlates, PUBLIC_BIKE_KEYS, registered } from './bike-test-factory.js';

// Bikes (issue 4): register by frame number and/or plate with a credit, list, show, change; only the owner.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const BIKE_KEYS = [
  'bike_ownership_id',
  'bikekey_id',
  'brand_id',
  'brand_name',
  'category_id',
  'color_id',
  'flags',
  'frame_number',
  'hints',
  'id',
  'is_electric',
  'model',
  'nickname',
  'normal_price_dkk',
  'picture_url',
  'production_year',
  'purchase_date',
  'registered_on',
  'type_id',
].sort();

async function owner(credits = 1) {
  const user = await signUpUser(t.app);
  if (credits > 0) await giveCredits(t.database.db, user.partyId, credits);
  return user;
}

describe('registering a bike', () => {
  it('registers by frame number and plate, consuming one credit', async () => {
    const user = await owner(2);
    const [plate] = await makePlates(t.database.db, 1);
    const frame = frameNumber();
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', {
      frame_number: ` ${frame.slice(0, 3)} ${frame.slice(3)} `,
      bikekey_id: plate?.toLowerCase(),
      nickname: 'Den røde',
      color_id: 'red',
      category_id: 'city',
      type_id: 'female',
      brand_id: 'dbs',
      is_electric: false,
      purchase_date: '2024-05-01',
      normal_price_dkk: '6000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const bike = res.json();
    expect(Object.keys(bike).sort()).toEqual(BIKE_KEYS);
    expect(bike).toMatchObject({
      frame_number: `${frame.slice(0, 3)} ${frame.slice(3)}`,
      bikekey_id: plate,
      nickname: 'Den røde',
      color_id: 'red',
      normal_price_dkk: 6000,
      flags: { active: true, private: true, searchable: true, reported_stolen: false },
      picture_url: null,
    });
    const [row] = await t.database.db.select().from(bikes).where(eq(bikes.id, bike.id));
    expect(row?.frameNumberNormalised).toBe(frame);
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, user.partyId));
    expect(credits.filter((c) => c.bikeOwnershipId === bike.bike_ownership_id)).toHaveLength(1);
    expect(credits.filter((c) => c.bikeOwnershipId === null)).toHaveLength(1);
  });

  it('registers with only a frame number, or only a plate', async () => {
    const user = await owner(2);
    const [plate] = await makePlates(t.database.db, 1);
    expect((await registered(t, user.token, { frame_number: frameNumber() })).bikekey_id).toBeNull();
    expect((await registered(t, user.token, { bikekey_id: plate })).frame_number).toBeNull();
  });

  it('refuses without frame number and plate: 422 fill_all_fields', async () => {
    const user = await owner();
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', { nickname: 'x', frame_number: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body', 'frame_number'], msg: 'Please fill in all fields', type: 'fill_all_fields' }] });
  });

  it('refuses a frame number in use, also written differently: 422 frame_number_in_use', async () => {
    const user = await owner(2);
    const other = await owner(1);
    const frame = frameNumber();
    await registered(t, user.token, { frame_number: frame });
    const res = await api(t.app, other.token, 'POST', '/api/bikes/', {
      frame_number: `${frame.slice(0, 3)}-${frame.slice(3).toLowerCase()}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'frame_number'], msg: 'Frame number already in use' });
    // Nothing was used.
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, other.partyId));
    expect(credits.every((c) => c.bikeOwnershipId === null)).toBe(true);
  });

  it.each([
    ['a plate that is not ours', () => Promise.resolve('NOTOURS99'), 'Invalid plate ID'],
    [
      'a plate already on a bike',
      async () => {
        const [plate] = await makePlates(t.database.db, 1);
        const someone = await owner();
        await registered(t, someone.token, { bikekey_id: plate });
        return plate ?? '';
      },
      'Plate already registered',
    ],
  ])('refuses %s on field bikekey_id', async (_what, plateOf, message) => {
    const user = await owner();
    const plate = await plateOf();
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber(), bikekey_id: plate });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'bikekey_id'], msg: message });
  });

  it('refuses bad input with 422 in the §8 shape, never 500', async () => {
    const user = await owner();
    const cases: [Record<string, unknown>, string][] = [
      [{ frame_number: 'AB 1' }, 'frame_number'],
      [{ frame_number: 12345 }, 'frame_number'],
      [{ frame_number: frameNumber(), bikekey_id: 'AB' }, 'bikekey_id'],
      [{ frame_number: frameNumber(), color_id: 'tartan' }, 'color_id'],
      [{ frame_number: frameNumber(), purchase_date: '2999-01-01' }, 'purchase_date'],
      [{ frame_number: frameNumber(), purchase_date: 'yesterday' }, 'purchase_date'],
      [{ frame_number: frameNumber(), production_year: 1700 }, 'production_year'],
      [{ frame_number: frameNumber(), is_electric: 'very' }, 'is_electric'],
      [{ frame_number: frameNumber(), brand_id: 'no-such-brand' }, 'brand_id'],
      [{ frame_number: 'x'.repeat(41) }, 'frame_number'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t.app, user.token, 'POST', '/api/bikes/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail[0].loc, JSON.stringify(body)).toEqual(['body', field]);
    }
    const notObject = await api(t.app, user.token, 'POST', '/api/bikes/', [1, 2]);
    expect(notObject.statusCode).toBe(422);
    expect(res500Free(notObject.statusCode)).toBe(true);
  });

  it('says purchase dates must be in the past', async () => {
    const user = await owner();
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber(), purchase_date: '2999-01-01' });
    expect(res.json().detail[0].msg).toBe('Please select a date in the past');
  });

  it('refuses without a credit: 402 no_subscription, and leaves nothing behind', async () => {
    const user = await owner(0);
    const [plate] = await makePlates(t.database.db, 1);
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber(), bikekey_id: plate });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'No subscription linked to your account', code: 'no_subscription' });
    const [row] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.id, plate ?? ''));
    expect(row?.bikeId).toBeNull();
    expect(await (await api(t.app, user.token, 'GET', '/api/bikes/')).json()).toEqual([]);
  });

  it('needs no credit with a plate sold with a registration', async () => {
    const user = await owner(0);
    const [plate] = await makePlates(t.database.db, 1, { includesRegistration: true });
    const bike = await registered(t, user.token, { bikekey_id: plate });
    const credits = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, user.partyId));
    expect(credits).toMatchObject([{ bikeOwnershipId: bike.bike_ownership_id, source: 'plate' }]);
  });

  it('registers with an active subscription', async () => {
    const user = await owner(0);
    const { subscriptions } = await import('../db/schema.js');
    await t.database.db
      .insert(subscriptions)
      .values({ partyId: user.partyId, planType: 'FAMILY', currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const [credit] = await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, bike.bike_ownership_id));
    expect(credit).toMatchObject({ source: 'subscription', planType: 'FAMILY' });
  });

  it('two registrations at once with one credit: one 201, one 402', async () => {
    const user = await owner(1);
    const results = await Promise.all([
      api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber() }),
      api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402]);
  });

  it('two registrations of one frame number at once: one 201, one 422', async () => {
    const a = await owner(1);
    const b = await owner(1);
    const frame = frameNumber();
    const results = await Promise.all([
      api(t.app, a.token, 'POST', '/api/bikes/', { frame_number: frame }),
      api(t.app, b.token, 'POST', '/api/bikes/', { frame_number: frame }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('fills the production year from a Danish frame number when not given', async () => {
    const user = await owner();
    // Year letter L: 1995 + 21k; the latest one not after this year.
    const bike = (await registered(t, user.token, { frame_number: frameNumber('WBK').replace(/.$/, 'L'), brand_id: 'dbs' })) as unknown as {
      production_year: number | null;
    };
    expect(bike.production_year === null || (bike.production_year > 1980 && bike.production_year <= new Date().getFullYear() + 1)).toBe(
      true,
    );
  });
});

function res500Free(status: number) {
  return status < 500;
}

describe('my bikes', () => {
  it('lists my bikes newest first, and only mine', async () => {
    const user = await owner(2);
    const stranger = await owner(1);
    const first = await registered(t, user.token, { frame_number: frameNumber() });
    const second = await registered(t, user.token, { frame_number: frameNumber() });
    await registered(t, stranger.token, { frame_number: frameNumber() });
    const list = (await api(t.app, user.token, 'GET', '/api/bikes/')).json();
    expect(list.map((b: { id: string }) => b.id)).toEqual([second.id, first.id]);
  });

  it('shows one bike with pictures, documents and equipment', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const res = await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bike.id, pictures: [], documents: [], equipment: [] });
  });

  it('hides a bike from anyone but its owner: 404 for another user, 401 for a visitor', async () => {
    const user = await owner();
    const stranger = await owner(0);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    for (const [method, url, body] of [
      ['GET', `/api/bikes/${bike.id}/`, undefined],
      ['GET', `/api/bikes/${bike.id}/public`, undefined],
      ['PATCH', `/api/bikes/${bike.id}/`, { nickname: 'mine now' }],
      ['DELETE', `/api/bikes/${bike.id}/`, undefined],
    ] as const) {
      const res = await api(t.app, stranger.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'The bike was not found', code: 'bike_not_found' });
      const visitor = await api(t.app, null, method, url, body);
      expect(visitor.statusCode).toBe(401);
    }
    const [row] = await t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bike.id));
    expect(row?.nickname).toBeNull();
  });

  it('answers 404, not 500, for unknown and malformed ids', async () => {
    const user = await owner(0);
    for (const id of [randomUUID(), 'not-a-uuid', '1', "'; drop table bike; --"]) {
      const res = await api(t.app, user.token, 'GET', `/api/bikes/${encodeURIComponent(id)}/`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('an organisation sees its own bikes, not the person’s, and the other way round', async () => {
    const user = await owner(1);
    const personal = await registered(t, user.token, { frame_number: frameNumber() });
    const created = await api(t.app, user.token, 'POST', '/api/organisations/', { name: 'Cykelhandler ApS' });
    const orgToken = created.json().authentication_token as string;
    const orgId = created.json().organisation.party_id as string;
    await giveCredits(t.database.db, orgId, 1);
    const orgBike = await registered(t, orgToken, { frame_number: frameNumber() });
    const orgList = (await api(t.app, orgToken, 'GET', '/api/bikes/')).json();
    expect(orgList.map((b: { id: string }) => b.id)).toEqual([orgBike.id]);
    expect(orgList[0].flags.private).toBe(false);
    expect((await api(t.app, orgToken, 'GET', `/api/bikes/${personal.id}/`)).statusCode).toBe(404);
    const personList = (await api(t.app, user.token, 'GET', '/api/bikes/')).json();
    expect(personList.map((b: { id: string }) => b.id)).toEqual([personal.id]);
  });

  it('previews the public card without owner data', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber(), bikekey_id: plate, brand_id: 'dbs', nickname: 'secret' });
    const res = await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/public`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_BIKE_KEYS);
    expect(res.json()).toMatchObject({ bikekey_id: plate, brand_id: 'dbs' });
  });
});

describe('changing a bike', () => {
  it('changes what is sent and clears with null', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber(), nickname: 'old', model: 'Classic' });
    const res = await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { nickname: 'new', model: null, searchable: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nickname: 'new', model: null, flags: { searchable: false } });
  });

  it('adds a plate later, and moves to another plate (the old one is free again)', async () => {
    const user = await owner();
    const [first, second] = await makePlates(t.database.db, 2);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    expect((await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { bikekey_id: first })).json().bikekey_id).toBe(first);
    expect((await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { bikekey_id: second })).json().bikekey_id).toBe(second);
    const [row] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.id, first ?? ''));
    expect(row?.bikeId).toBeNull();
  });

  it('corrects the frame number with the same checks', async () => {
    const user = await owner(2);
    const taken = frameNumber();
    await registered(t, user.token, { frame_number: taken });
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const clash = await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { frame_number: taken.toLowerCase() });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().detail[0].type).toBe('frame_number_in_use');
    const fresh = frameNumber();
    const ok = await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { frame_number: fresh });
    expect(ok.json().frame_number).toBe(fresh);
    // Its own frame number again is no clash.
    expect((await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { frame_number: fresh.toLowerCase() })).statusCode).toBe(200);
  });

  it('refuses to leave a bike with neither frame number nor plate', async () => {
    const user = await owner();
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const res = await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { frame_number: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].type).toBe('fill_all_fields');
  });

  it('keeps frame number and plate of a bike reported stolen: 409 bike_stolen_locked', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    for (const body of [{ frame_number: frameNumber() }, { bikekey_id: plate }]) {
      const res = await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('bike_stolen_locked');
    }
    // Other fields can still change.
    expect((await api(t.app, user.token, 'PATCH', `/api/bikes/${bike.id}/`, { nickname: 'still mine' })).statusCode).toBe(200);
  });
});
