import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, mailsTo } from '../../../tests/support/mail.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { identities, ownershipTransfers, salesLinks, theftReports } from '../db/schema.js';
import { type OwnershipTest, ownershipTest, startTransfer } from '../ownership/ownership-test-factory.js';
import { decryptField, encryptField } from '../shared/secrets.js';
import { readStolenMapVersion } from '../shared/stolen-map-version.js';
import { CPR, fileReport, localTime, makeOrganisation, reportBody, reportStolen } from './theft-test-factory.js';

// Filing a stolen report (issue 6, §3, §5): the whole report is checked at once; a filed one marks the bike
// stolen everywhere strangers look, ends what a stolen bike must not have, and tells the owner.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

describe('filing a complete report', () => {
  it('answers 201 and marks the bike stolen in search, plate scans, history, transfers, sales links and the map', async () => {
    const { t } = o;
    const owner = await o.user({ language: 'en' });
    const [plate] = await makePlates(t.database.db, 1);
    const bike = await o.bike(owner, { bikekey_id: plate, searchable: false });
    const recipient = await o.user({ language: 'no' });
    const transfer = await startTransfer(t, owner, bike.id, recipient.email);
    const link = await api(t.app, owner.token, 'POST', `/api/bikes/${bike.id}/sales-links`, {});
    expect(link.statusCode, link.body).toBe(201);
    const versionBefore = await readStolenMapVersion(t.database.db);

    const res = await fileReport(t, owner, reportBody(bike.id, { frame_number: bike.frame_number }));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({
      bike_id: bike.id,
      first_name: 'Anna',
      cpr_number_masked: '010190-••••',
      frame_number: bike.frame_number,
      is_electric: true,
      battery_location: 'possession',
      lock_status: 'locked_to_object',
      latitude: 55.683312,
      longitude: 12.571734,
      isCulpritRecognizable: true,
      culprit_info: 'Tall man in a red jacket',
      witnesses: 'A kiosk clerk saw it',
      bike_price: 7500,
      door: null,
      insurance_company: null,
      shared_with_insurer_at: null,
      policeReportRequested: true,
      police_report_url: `/api/bikes/${bike.id}/stolen-report/police-report.pdf`,
    });
    // The public cell, not what the wizard sent.
    expect(report.location_id).toMatch(/^\d+:\d+$/);
    // Stored sealed; the clear number is nowhere in the row.
    const [row] = await t.database.db.select().from(theftReports).where(eq(theftReports.bikeId, bike.id));
    expect(row?.cprEncrypted).not.toContain(CPR);
    expect(decryptField(t.config.dataKey, row?.cprEncrypted ?? '')).toBe(CPR);
    expect(row).toMatchObject({ region: 'dk', reporterPartyId: owner.partyId });
    expect(Math.abs((row?.publicLatitude ?? 0) - 55.683312)).toBeLessThan(0.01);

    // Strangers see it as stolen, though the owner had hidden it from search.
    const search = await api(t.app, null, 'GET', `/api/search/bikes?q=${encodeURIComponent(bike.frame_number ?? '')}`);
    expect(search.statusCode).toBe(200);
    expect(search.json().exact).toEqual([expect.objectContaining({ id: bike.id, reported_stolen: true })]);
    const scan = await api(t.app, null, 'GET', `/api/stickers/${plate}`);
    expect(scan.json()).toMatchObject({ status: 'registered', bike: { id: bike.id, reported_stolen: true } });
    for (const body of [search.body, scan.body]) {
      expect(body).not.toContain('010190');
      expect(body).not.toContain('Jensen');
      expect(body).not.toContain('55.683312');
    }

    const history = await api(t.app, owner.token, 'GET', `/api/bikes/${bike.id}/history`);
    expect(history.json().map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['reported_stolen', 'transfer_cancelled', 'sales_link_revoked']),
    );
    const [cancelled] = await t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id));
    expect(cancelled?.status).toBe('cancelled');
    expect((await latestMailTo(t.database.db, recipient.email)).subject).toBe('Overdragelsen av en sykkel er avbrutt');
    const [revoked] = await t.database.db.select().from(salesLinks).where(eq(salesLinks.id, link.json().id));
    expect(revoked?.revokedAt).not.toBeNull();
    expect((await api(t.app, null, 'GET', `/api/sales-links/${link.json().id}`)).statusCode).toBe(410);
    expect(await readStolenMapVersion(t.database.db)).toBe(versionBefore + 1);

    const mail = await latestMailTo(t.database.db, owner.email, 'Your bike is reported stolen');
    expect(mail.text).toContain(`http://localhost:3000/app/my-bikes/${bike.id}/stolen-bike-report`);
    expect(mail.text).toContain('map of stolen bikes');
    expect(mail.text).not.toContain('010190');

    // GET answers the same report.
    const read = await api(t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(report);
    const detail = await api(t.app, owner.token, 'GET', `/api/bikes/${bike.id}/`);
    expect(detail.json().flags).toMatchObject({ reported_stolen: true, searchable: false });
  });

  it('mails the owner in their language', async () => {
    const owner = await o.user({ language: 'da' });
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    expect((await latestMailTo(o.t.database.db, owner.email)).subject).toBe('Din cykel er meldt stjålet');
  });

  it('takes the CPR number from the profile when none is typed', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const noCpr = await fileReport(o.t, owner, reportBody(bike.id, { cpr_number: '' }));
    expect(noCpr.statusCode).toBe(422);
    expect(noCpr.json().detail).toEqual([{ loc: ['body', 'cpr_number'], msg: 'This field is required', type: 'field_required' }]);
    await o.t.database.db
      .update(identities)
      .set({ cprEncrypted: encryptField(o.t.config.dataKey, '0202851234') })
      .where(eq(identities.partyId, owner.partyId));
    const report = await reportStolen(o.t, owner, bike.id, { cpr_number: null });
    expect(report.cpr_number_masked).toBe('020285-••••');
  });

  it('names the insurer chosen from the register and shares the report with it', async () => {
    const insurer = await makeOrganisation(o.t, 'Tryg Test');
    const owner = await o.user();
    const bike = await o.bike(owner);
    const report = await reportStolen(o.t, owner, bike.id, { isInsured: true, insurance_company: insurer });
    expect(report.insurance_company).toEqual({ party_id: insurer, name: 'Tryg Test' });
    expect(report.shared_with_insurer_at).toEqual(expect.any(String));
  });

  it('takes an insurer outside the register by its name and shares the report with no insurer of the register', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const missing = await fileReport(o.t, owner, reportBody(bike.id, { isInsured: true, insurance_company: 'other' }));
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().detail).toEqual([{ loc: ['body', 'insurance_company_other'], msg: expect.any(String), type: 'field_required' }]);

    const report = await reportStolen(o.t, owner, bike.id, {
      isInsured: true,
      insurance_company: 'other',
      insurance_company_other: '  Lokal Forsikring  ',
    });
    expect(report).toMatchObject({ insurance_company: null, insurance_company_other: 'Lokal Forsikring', shared_with_insurer_at: null });
    const read = await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`);
    expect(read.json()).toMatchObject({ insurance_company: null, insurance_company_other: 'Lokal Forsikring' });
  });

  it('leaves out the insurer, battery, culprit and witnesses when they do not apply', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const report = await reportStolen(o.t, owner, bike.id, {
      isInsured: false,
      insurance_company: 'not-looked-at',
      insurance_company_other: 'Not looked at either',
      is_electric: false,
      isCulpritRecognizable: false,
      hasWitness: false,
    });
    expect(report).toMatchObject({
      insurance_company: null,
      insurance_company_other: null,
      battery_location: null,
      culprit_info: null,
      witnesses: null,
    });
  });
});

describe('a report that cannot be filed', () => {
  it('names every missing field at once (422)', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const res = await fileReport(
      o.t,
      owner,
      reportBody(bike.id, { first_name: '', email: 'not-an-email', lock_status: null, hasWitness: true, witnesses: '', latitude: null }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'first_name'], msg: 'This field is required', type: 'field_required' },
      { loc: ['body', 'email'], msg: 'The email address is not valid', type: 'email_invalid' },
      { loc: ['body', 'lock_status'], msg: 'This field is required', type: 'field_required' },
      { loc: ['body', 'witnesses'], msg: 'This field is required', type: 'field_required' },
      { loc: ['body', 'latitude'], msg: 'Mark the place on the map', type: 'theft_location_required' },
    ]);
    expect((await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(404);
  });

  it('refuses dates in the future and a theft noticed before the bike was last seen, in the caller’s language', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const future = await fileReport(o.t, owner, reportBody(bike.id, { time_last_seen: localTime(-3), noted_time: localTime(-5) }), 'da');
    expect(future.statusCode).toBe(422);
    expect(future.json().detail.map((d: { type: string }) => d.type)).toEqual(['theft_date_future', 'theft_date_future']);
    expect(future.json().detail[0].msg).toBe('Vælg venligst en dato i fortiden');
    const backwards = await fileReport(o.t, owner, reportBody(bike.id, { time_last_seen: localTime(2), noted_time: localTime(5) }));
    expect(backwards.json().detail).toEqual([
      { loc: ['body', 'noted_time'], msg: expect.any(String), type: 'theft_noted_before_last_seen' },
    ]);
  });

  it('refuses an insurer that is not an insurance company of the register, and missing acknowledgements', async () => {
    const business = await makeOrganisation(o.t, 'Cykelsmeden', 'business');
    const owner = await o.user();
    const bike = await o.bike(owner);
    for (const insurer of [business, '00000000-0000-4000-8000-000000000000', 'garbage']) {
      const res = await fileReport(o.t, owner, reportBody(bike.id, { isInsured: true, insurance_company: insurer }));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([{ loc: ['body', 'insurance_company'], msg: expect.any(String), type: 'insurer_not_found' }]);
    }
    // Insured with an insurer of the register: all three confirmations are asked.
    const insurer = await makeOrganisation(o.t, 'Forsikring Til Kvittering');
    const noAck = await fileReport(
      o.t,
      owner,
      reportBody(bike.id, {
        isInsured: true,
        insurance_company: insurer,
        acknowledgement_payout: false,
        acknowledgement_data_share: false,
      }),
    );
    expect(noAck.json().detail).toEqual([
      { loc: ['body', 'acknowledgement_payout'], msg: 'Please confirm this to continue', type: 'theft_acknowledgement_required' },
      { loc: ['body', 'acknowledgement_data_share'], msg: 'Please confirm this to continue', type: 'theft_acknowledgement_required' },
    ]);
    // Without insurance none of them applies.
    const uninsured = await fileReport(
      o.t,
      owner,
      reportBody(bike.id, { acknowledgement_payout: false, acknowledgement_data_share: false, acknowledgement_ownership_transfer: false }),
    );
    expect(uninsured.statusCode, uninsured.body).toBe(201);
  });

  it('refuses a malformed body with 422, never 500', async () => {
    const owner = await o.user();
    for (const body of [{}, { bike_id: 'x' }, { bike_id: '00000000-0000-4000-8000-000000000000', latitude: 'north' }]) {
      const res = await fileReport(o.t, owner, body);
      expect(res.statusCode, res.body).toBe(422);
    }
  });

  it('answers 409 the second time', async () => {
    const owner = await o.user({ language: 'en' });
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    const again = await fileReport(o.t, owner, reportBody(bike.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('bike_already_reported_stolen');
    expect(await mailsTo(o.t.database.db, owner.email, 'Your bike is reported stolen')).toHaveLength(1);
  });

  it('files one report when the same one is sent twice at once', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    const answers = await Promise.all([fileReport(o.t, owner, reportBody(bike.id)), fileReport(o.t, owner, reportBody(bike.id))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await o.t.database.db.select().from(theftReports).where(eq(theftReports.bikeId, bike.id))).toHaveLength(1);
  });

  it('is 404 for a bike of someone else, and leaves that bike alone', async () => {
    const owner = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(owner);
    const res = await fileReport(o.t, stranger, reportBody(bike.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('bike_not_found');
    const detail = await api(o.t.app, owner.token, 'GET', `/api/bikes/${bike.id}/`);
    expect(detail.json().flags.reported_stolen).toBe(false);
  });
});

describe('reading a report', () => {
  it('is 404 for a stranger, for the PDF too, and for a bike that is not stolen', async () => {
    const owner = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(owner);
    const other = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    for (const url of [`/api/bikes/${bike.id}/stolen-report`, `/api/bikes/${bike.id}/stolen-report/police-report.pdf`]) {
      const res = await api(o.t.app, stranger.token, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('stolen_report_not_found');
    }
    expect((await api(o.t.app, owner.token, 'GET', `/api/bikes/${other.id}/stolen-report`)).statusCode).toBe(404);
    expect((await api(o.t.app, owner.token, 'GET', '/api/bikes/not-a-uuid/stolen-report')).statusCode).toBe(404);
    expect((await api(o.t.app, null, 'GET', `/api/bikes/${bike.id}/stolen-report`)).statusCode).toBe(401);
  });

  it('lists the insurance companies of the register by name, to anyone', async () => {
    const b = await makeOrganisation(o.t, 'Zeta Forsikring');
    const a = await makeOrganisation(o.t, 'Alfa Forsikring');
    await makeOrganisation(o.t, 'Not an insurer', 'business');
    const owner = await o.user();
    const res = await api(o.t.app, owner.token, 'GET', '/api/insurers/');
    expect(res.statusCode).toBe(200);
    const names = res.json().insurers.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    expect(res.json().insurers).toEqual(
      expect.arrayContaining([
        { party_id: a, name: 'Alfa Forsikring' },
        { party_id: b, name: 'Zeta Forsikring' },
      ]),
    );
    expect(names).not.toContain('Not an insurer');
    // Open to visitors too (/forsikringsfordel lists them), with the same answer.
    const visitor = await api(o.t.app, null, 'GET', '/api/insurers/');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual(res.json());
  });
});
