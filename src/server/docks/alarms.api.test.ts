import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../tests/support/mail.js';
import { authed, type SignedUpUser, signUpWithRole } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOwnerships, bikes, dockAlarms, identities, locks, theftReports } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { encryptField } from '../shared/secrets.js';
import { mailDockAlarm } from './alarms-mail.js';

// Issue 16: a tamper alarm from the lock holding my bike, offered as a one-tap stolen report with the dock's place
// and the alarm's time; only the alarm's own party reaches it.

let o: OwnershipTest;
let staff: SignedUpUser;
let lockId: string;
const DOCK = { name: 'Stationspladsen', address: 'Banegårdspladsen 1, 8000 Aarhus C', latitude: 56.1503, longitude: 10.2045 };

beforeAll(async () => {
  o = await ownershipTest();
  staff = await signUpWithRole(o.t, 'staff');
  const business = await signUpWithRole(o.t, 'business');
  const org = await o.t.app.inject(authed(business.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Alarm ApS' } }));
  const dock = await api(o.t.app, staff.token, 'POST', '/api/backoffice/docks', {
    ...DOCK,
    owner_party_id: org.json().organisation.party_id,
    access: 'everyone',
    published: true,
  });
  const added = await api(o.t.app, staff.token, 'POST', `/api/backoffice/docks/${dock.json().id}/locks`, { label: 'A1' });
  lockId = added.json().lock.id;
});
afterAll(() => o.close());

/** An owner with a complete profile, a bike in the lock, and the alarm lock-core stores when the lock raises tamper. */
async function alarmed(profile: { complete: boolean } = { complete: true }) {
  const owner = await o.user({ language: 'en', firstName: 'Anna', lastName: 'Jensen' });
  if (profile.complete)
    await o.t.database.db
      .update(identities)
      .set({
        street: 'Nørregade 1',
        city: 'Aarhus C',
        zipCode: '8000',
        mobile: '+45 12 34 56 78',
        cprEncrypted: encryptField(o.t.config.dataKey, '0101901234'),
      })
      .where(eq(identities.partyId, owner.partyId));
  const bike = await o.bike(owner, { category_id: 'city', is_electric: false });
  await o.t.database.db
    .update(locks)
    .set({ reportedState: 'closed', occupantPartyId: owner.partyId, occupantBikeId: bike.id })
    .where(eq(locks.id, lockId));
  const raisedAt = new Date(Date.now() - 60_000);
  const [alarm] = await o.t.database.db
    .insert(dockAlarms)
    .values({ lockId, partyId: owner.partyId, bikeId: bike.id, raisedAt })
    .returning();
  if (!alarm) throw new Error('no alarm');
  return { owner, bike, alarm, raisedAt };
}

describe('GET /api/docks/alarms/', () => {
  it("lists the caller's open alarms with dock, lock and bike, and nobody else's", async () => {
    const { owner, bike, alarm, raisedAt } = await alarmed();
    const stranger = await o.user();
    const mine = await api(o.t.app, owner.token, 'GET', '/api/docks/alarms/');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        id: alarm.id,
        dock_id: expect.any(String),
        dock_name: 'Stationspladsen',
        dock_address: DOCK.address,
        lock_id: lockId,
        lock_label: 'A1',
        bike_id: bike.id,
        bike_label: 'Kildemoes Logic (black)',
        raised_at: raisedAt.toISOString(),
        theft_report_id: null,
      },
    ]);
    expect((await api(o.t.app, stranger.token, 'GET', '/api/docks/alarms/')).json()).toEqual([]);
    expect((await api(o.t.app, null, 'GET', '/api/docks/alarms/')).statusCode).toBe(401);
  });
});

describe('POST /api/docks/alarms/{alarmId}/stolen-report', () => {
  it("asks only what the tap cannot know, then files a real report with the dock's place and the alarm's time; a second tap answers the same", async () => {
    const { owner, bike, alarm, raisedAt } = await alarmed();
    const first = await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`);
    expect(first.statusCode).toBe(200);
    const asked = first.json();
    expect(asked.status).toBe('needs_answers');
    expect(asked.problems.map((p: { field: string }) => p.field).sort()).toEqual(['bike_price', 'isInsured']);
    expect(asked.draft).toMatchObject({
      bike_id: bike.id,
      place: `Stationspladsen, ${DOCK.address}`,
      latitude: DOCK.latitude,
      first_name: 'Anna',
    });

    const answers = { isInsured: false, bike_price: '6000' };
    const filed = await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`, answers);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ status: 'filed', alarm_id: alarm.id, bike_id: bike.id, theft_report_id: expect.any(String) });
    const [report] = await o.t.database.db.select().from(theftReports).where(eq(theftReports.bikeId, bike.id));
    expect(report).toMatchObject({
      id: filed.json().theft_report_id,
      latitude: DOCK.latitude,
      longitude: DOCK.longitude,
      place: `Stationspladsen, ${DOCK.address}`,
      lockStatus: 'locked_to_object',
    });
    expect(report?.timeLastSeen.toISOString()).toBe(raisedAt.toISOString());
    const [stored] = await o.t.database.db.select({ stolen: bikes.reportedStolen }).from(bikes).where(eq(bikes.id, bike.id));
    expect(stored?.stolen).toBe(true);

    const again = await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`);
    expect(again.json()).toEqual(filed.json());
    expect(await o.t.database.db.select().from(theftReports).where(eq(theftReports.bikeId, bike.id))).toHaveLength(1);
    expect((await api(o.t.app, owner.token, 'GET', '/api/docks/alarms/')).json()).toEqual([]);
  });

  it('knows the price the owner gave the bike, and asks only whether it is insured', async () => {
    const { owner, bike, alarm } = await alarmed();
    await o.t.database.db.update(bikeOwnerships).set({ normalPriceDkk: 8500 }).where(eq(bikeOwnerships.bikeId, bike.id));
    const asked = (await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`)).json();
    expect(asked.problems.map((p: { field: string }) => p.field)).toEqual(['isInsured']);
    expect(asked.draft.bike_price).toBe(8500);
    const filed = await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`, { isInsured: false });
    expect(filed.json()).toMatchObject({ status: 'filed', bike_id: bike.id });
  });

  it('asks for the profile fields that are empty, and refuses bad answers with 422', async () => {
    const { owner, alarm } = await alarmed({ complete: false });
    const asked = (await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`)).json();
    expect(asked.problems.map((p: { field: string }) => p.field)).toEqual(
      expect.arrayContaining(['street_address', 'city', 'zip_code', 'mobile', 'cpr_number']),
    );
    expect((await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`, { isInsured: 'yes' })).statusCode).toBe(
      422,
    );
    expect((await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/stolen-report`, [1])).statusCode).toBe(422);
  });

  it("answers 404 to anyone but the alarm's party, for reporting and dismissing alike", async () => {
    const { alarm } = await alarmed();
    const stranger = await o.user();
    for (const path of ['stolen-report', 'dismiss']) {
      const res = await api(o.t.app, stranger.token, 'POST', `/api/docks/alarms/${alarm.id}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('dock_alarm_not_found');
    }
    expect((await api(o.t.app, stranger.token, 'POST', '/api/docks/alarms/not-an-id/dismiss')).statusCode).toBe(422);
  });
});

describe('POST /api/docks/alarms/{alarmId}/dismiss', () => {
  it('closes the alarm: it is no longer listed', async () => {
    const { owner, alarm } = await alarmed();
    expect((await api(o.t.app, owner.token, 'POST', `/api/docks/alarms/${alarm.id}/dismiss`)).statusCode).toBe(204);
    expect((await api(o.t.app, owner.token, 'GET', '/api/docks/alarms/')).json()).toEqual([]);
  });
});

describe('mailDockAlarm', () => {
  it('tells the owner, in their language, which dock and lock, with a link to their docks', async () => {
    const { owner, alarm } = await alarmed();
    await o.t.database.db.transaction((tx) => mailDockAlarm(o.t.app.appContext, tx, alarm.id));
    const mail = await latestMailTo(o.t.database.db, owner.email, 'Alarm from the lock holding your bike');
    expect(mail.text).toContain('A1');
    expect(mail.text).toContain('Stationspladsen');
    expect(mail.text).toContain('/app/docks');
  });
});
