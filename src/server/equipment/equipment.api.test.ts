import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { equipment, plates } from '../db/schema.js';
import { insertBike, insertPlates } from '../pictures/test-factory.js';

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t.app);
  stranger = await signUpUser(t.app);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(authed(token, { method, url, payload, headers: { 'accept-language': 'en' } }));

const FULL_LOCK = {
  item_type_memo: 'lock',
  note: 'Kept on the rear wheel',
  serial_numbers: ['SN-1', 'SN-2'],
  dna_paste_ids: ['DNA-77'],
  manufacturer_name: 'Abus',
  product_name: 'Granit X-Plus 540',
  frame_number_match: true,
  has_signature: false,
  varefakta_number: 'VF-12345',
  lock_date: '2024-05-01',
  physical_key_number: 'K-998',
  lock_type_memo: 'padlock',
};

describe('equipment', () => {
  it('creates a lock with every lock field, lists it, changes and deletes it', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const [plateId] = await insertPlates(t.database.db, 1);
    const created = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, {
      ...FULL_LOCK,
      plate_ids: [plateId?.toLowerCase()],
    });
    expect(created.statusCode, created.body).toBe(201);
    const lock = created.json();
    expect(lock).toEqual({ id: expect.any(String), ...FULL_LOCK, accessory_type: null, plate_ids: [plateId], documents: [] });

    const list = await call(owner.token, 'GET', `/api/bikes/${bikeId}/equipment/`);
    expect(list.json()).toEqual([lock]);

    const patched = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${lock.id}/`, {
      physical_key_number: null,
      lock_type_memo: 'chain',
      note: '',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...lock, physical_key_number: null, lock_type_memo: 'chain', note: null });

    const deleted = await call(owner.token, 'DELETE', `/api/bikes/${bikeId}/equipment/${lock.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(owner.token, 'GET', `/api/bikes/${bikeId}/equipment/`)).json()).toEqual([]);
    // Its plate is free again.
    const [plate] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.id, plateId ?? ''));
    expect(plate).toMatchObject({ equipmentId: null, bikeId: null, assignedAt: null });
    const again = await call(owner.token, 'DELETE', `/api/bikes/${bikeId}/equipment/${lock.id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('equipment_not_found');
  });

  it('defaults to a battery and clears the lock and accessory fields of other types', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const battery = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, {
      ...FULL_LOCK,
      item_type_memo: undefined,
      accessory_type: 'basket',
    });
    expect(battery.statusCode, battery.body).toBe(201);
    expect(battery.json()).toMatchObject({
      item_type_memo: 'battery',
      serial_numbers: ['SN-1', 'SN-2'],
      manufacturer_name: 'Abus',
      frame_number_match: null,
      has_signature: null,
      varefakta_number: null,
      lock_date: null,
      physical_key_number: null,
      lock_type_memo: null,
      accessory_type: null,
    });
    const accessory = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${battery.json().id}/`, {
      item_type_memo: 'accessory',
      accessory_type: 'Child seat',
    });
    expect(accessory.json()).toMatchObject({ item_type_memo: 'accessory', accessory_type: 'Child seat', serial_numbers: ['SN-1', 'SN-2'] });
    // A partial update keeps the type.
    const noted = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${battery.json().id}/`, { note: 'Front' });
    expect(noted.json()).toMatchObject({ item_type_memo: 'accessory', accessory_type: 'Child seat', note: 'Front' });
    // Turning a lock into a battery drops the lock's fields.
    const lock = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, FULL_LOCK);
    const turned = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${lock.json().id}/`, { item_type_memo: 'battery' });
    expect(turned.json()).toMatchObject({ item_type_memo: 'battery', varefakta_number: null, lock_type_memo: null, lock_date: null });
  });

  it('attaches free plates only, and detaches plates left out on update', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const [a, b, c, onBike] = await insertPlates(t.database.db, 4);
    const other = await insertBike(t.database.db, stranger.partyId);
    await t.database.db
      .update(plates)
      .set({ bikeId: other.bikeId })
      .where(eq(plates.id, onBike ?? ''));
    const first = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, { plate_ids: [a, b] });
    expect(first.json().plate_ids.sort()).toEqual([a, b].sort());

    const cases: [unknown[], string][] = [
      [['NOSUCHPLATE1'], 'plate_invalid'],
      [[onBike], 'plate_already_registered'],
      [[a], 'plate_on_equipment'],
    ];
    for (const [ids, type] of cases) {
      const res = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, { item_type_memo: 'lock', plate_ids: ids });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'plate_ids'], type });
    }
    // A refused create leaves nothing behind.
    expect(await t.database.db.select().from(equipment).where(eq(equipment.bikeId, bikeId))).toHaveLength(1);
    const short = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, { plate_ids: ['AB'] });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({ loc: ['body', 'plate_ids', '0'], type: 'plate_id_too_short' });

    const updated = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${first.json().id}/`, { plate_ids: [b, c] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().plate_ids.sort()).toEqual([b, c].sort());
    const [freed] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.id, a ?? ''));
    expect(freed?.equipmentId).toBeNull();
    const cleared = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/${first.json().id}/`, { plate_ids: [] });
    expect(cleared.json().plate_ids).toEqual([]);
  });

  it('refuses bad input with 422, never a 500', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const cases: [object, string, string][] = [
      [{ item_type_memo: 'wheel' }, 'item_type_memo', 'field_invalid'],
      [{ item_type_memo: 'lock', lock_type_memo: 'magic' }, 'lock_type_memo', 'field_invalid'],
      [{ item_type_memo: 'lock', lock_date: '2999-01-01' }, 'lock_date', 'purchase_date_future'],
      [{ serial_numbers: [''] }, 'serial_numbers', 'field_required'],
      [{ note: 'x'.repeat(501) }, 'note', 'too_long'],
    ];
    for (const [payload, field, type] of cases) {
      const res = await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0].loc.slice(0, 2)).toEqual(['body', field]);
      expect(res.json().detail[0].type).toBe(type);
    }
    const junk = await call(owner.token, 'PATCH', `/api/bikes/${bikeId}/equipment/not-an-id/`, { note: 'x' });
    expect(junk.statusCode).toBe(404);
  });

  it('answers 404 to another user on every equipment route, and 401 to a visitor', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const item = (await call(owner.token, 'POST', `/api/bikes/${bikeId}/equipment/`, { note: 'mine' })).json();
    for (const [method, url, payload] of [
      ['GET', `/api/bikes/${bikeId}/equipment/`],
      ['POST', `/api/bikes/${bikeId}/equipment/`, { note: 'theirs' }],
      ['PATCH', `/api/bikes/${bikeId}/equipment/${item.id}/`, { note: 'theirs' }],
      ['DELETE', `/api/bikes/${bikeId}/equipment/${item.id}/`],
    ] as const) {
      const res = await call(stranger.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('bike_not_found');
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
    // Equipment of another bike of mine is not reachable through this bike.
    const mine = await insertBike(t.database.db, owner.partyId);
    const cross = await call(owner.token, 'PATCH', `/api/bikes/${mine.bikeId}/equipment/${item.id}/`, { note: 'moved' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().code).toBe('equipment_not_found');
    expect((await call(owner.token, 'GET', `/api/bikes/${bikeId}/equipment/`)).json()).toMatchObject([{ note: 'mine' }]);
  });
});
