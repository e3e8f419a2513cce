import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { plateUrlPath } from '../../domain/bikes/plate-id.js';
import { api, frameNumber, giveCredits, makePlates, PUBLIC_BIKE_KEYS, registered } from '../bikes/bike-test-factory.js';
import { bikes, equipment, organisations, parties, plates } from '../db/schema.js';

// Plates (§4 plate check), my plates (/app/qr-id) and stickers (§2: what a scanned plate leads to).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function owner() {
  const user = await signUpUser(t.app);
  await giveCredits(t.database.db, user.partyId, 3);
  return user;
}

async function onEquipment(bikeId: string, plateId: string) {
  const [item] = await t.database.db
    .insert(equipment)
    .values({ bikeId, itemTypeMemo: 'battery', productName: 'PowerPack 500' })
    .returning();
  await t.database.db.update(plates).set({ equipmentId: item?.id, assignedAt: new Date() }).where(eq(plates.id, plateId));
  return item?.id ?? '';
}

describe('plate check (§4)', () => {
  it('answers the four statuses with the message in the caller’s language', async () => {
    const user = await owner();
    const [free, onBike, onItem] = await makePlates(t.database.db, 3);
    const bike = await registered(t, user.token, { frame_number: frameNumber(), bikekey_id: onBike });
    await onEquipment(bike.id, onItem ?? '');
    const check = async (id: string, language = 'en') =>
      (
        await api(t.app, user.token, 'GET', `/api/plates/${encodeURIComponent(id)}/check`, undefined, { 'accept-language': language })
      ).json();
    expect(await check((free ?? '').toLowerCase())).toEqual({ bikekey_id: free, status: 'valid', message: 'The plate ID is valid' });
    expect(await check('NOSUCHPLATE')).toEqual({ bikekey_id: 'NOSUCHPLATE', status: 'invalid', message: 'Invalid plate ID' });
    expect(await check('AB1')).toMatchObject({ status: 'invalid', message: 'The plate ID must be at least 5 characters' });
    expect(await check(onBike ?? '')).toEqual({
      bikekey_id: onBike,
      status: 'already_registered',
      message: `Plate already registered: ${onBike}`,
    });
    expect(await check(onBike ?? '', 'da')).toMatchObject({ message: `Pladen er allerede registreret: ${onBike}` });
    expect(await check(onItem ?? '')).toEqual({
      bikekey_id: onItem,
      status: 'equipment',
      message: 'This ID belongs to equipment, not a bike',
    });
  });

  it('is for signed-in users; an over-long ID is 422', async () => {
    expect((await api(t.app, null, 'GET', '/api/plates/ABCDEF/check')).statusCode).toBe(401);
    const user = await owner();
    expect((await api(t.app, user.token, 'GET', `/api/plates/${'A'.repeat(65)}/check`)).statusCode).toBe(422);
  });

  it('a plate on equipment cannot be registered on a bike', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    await onEquipment(bike.id, plate ?? '');
    const res = await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber(), bikekey_id: plate });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'bikekey_id'], type: 'plate_on_equipment' });
  });
});

describe('my plates', () => {
  it('lists the plates on my bikes and their equipment, with the QR path, and no one else’s', async () => {
    const user = await owner();
    const stranger = await owner();
    const [a, b, c] = await makePlates(t.database.db, 3);
    const bike = await registered(t, user.token, { frame_number: frameNumber(), bikekey_id: a, nickname: 'Racer' });
    const itemId = await onEquipment(bike.id, b ?? '');
    await registered(t, stranger.token, { bikekey_id: c });
    const res = await api(t.app, user.token, 'GET', '/api/plates/mine');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { bikekey_id: a, bike_id: bike.id, equipment_id: null, label: 'Racer', url_path: plateUrlPath(a ?? '') },
      {
        bikekey_id: b,
        bike_id: bike.id,
        equipment_id: itemId,
        label: 'PowerPack 500',
        url_path: expect.stringMatching(new RegExp(`/21/${b}$`)),
      },
    ]);
    expect((await api(t.app, null, 'GET', '/api/plates/mine')).statusCode).toBe(401);
  });
});

describe('stickers (public)', () => {
  it('a registered, searchable bike shows its public card and nothing of the owner', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await registered(t, user.token, {
      frame_number: frameNumber(),
      bikekey_id: plate,
      nickname: 'Private nickname',
      normal_price_dkk: 9000,
      color_id: 'blue',
    });
    const res = await api(t.app, null, 'GET', `/api/stickers/${plate?.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bike', 'insurer_party_id', 'status', 'sticker_id']);
    expect(body).toMatchObject({ sticker_id: plate, status: 'registered', insurer_party_id: null });
    expect(Object.keys(body.bike).sort()).toEqual(PUBLIC_BIKE_KEYS);
    expect(body.bike).toMatchObject({ id: bike.id, color_id: 'blue', bikekey_id: plate });
    expect(res.body).not.toContain('Private nickname');
    expect(res.body).not.toContain(user.partyId);
    expect(res.body).not.toContain(user.email);
  });

  it('a registered bike that is not searchable: registered without a card; stolen: always the card', async () => {
    const user = await owner();
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber(), bikekey_id: plate, searchable: false });
    expect((await api(t.app, null, 'GET', `/api/stickers/${plate}`)).json()).toMatchObject({ status: 'registered', bike: null });
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    expect((await api(t.app, null, 'GET', `/api/stickers/${plate}`)).json()).toMatchObject({
      status: 'registered',
      bike: { id: bike.id, reported_stolen: true },
    });
  });

  it('unregistered, insurance, equipment and unknown', async () => {
    const user = await owner();
    const [free, onItem] = await makePlates(t.database.db, 2);
    const [insurer] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
    await t.database.db
      .insert(organisations)
      .values({ partyId: insurer?.id ?? '', name: 'Forsikring A/S', organisationType: 'insurance_company' });
    const [insurance] = await makePlates(t.database.db, 1, { kind: 'insurance', insurerPartyId: insurer?.id });
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    await onEquipment(bike.id, onItem ?? '');
    const sticker = async (id: string) => (await api(t.app, null, 'GET', `/api/stickers/${encodeURIComponent(id)}`)).json();
    expect(await sticker(free ?? '')).toEqual({ sticker_id: free, status: 'unregistered', bike: null, insurer_party_id: null });
    expect(await sticker(insurance ?? '')).toEqual({
      sticker_id: insurance,
      status: 'insurance',
      bike: null,
      insurer_party_id: insurer?.id,
    });
    expect(await sticker(onItem ?? '')).toMatchObject({ status: 'equipment', bike: null });
    expect(await sticker('UNKNOWN77')).toMatchObject({ status: 'unknown', bike: null });
    expect(await sticker('ab')).toMatchObject({ status: 'unknown' });
    expect((await api(t.app, null, 'GET', `/api/stickers/${'Z'.repeat(65)}`)).statusCode).toBe(422);
  });
});
