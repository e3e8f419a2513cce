import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { type OwnershipTest, ownershipTest, uploadPicture } from '../ownership/ownership-test-factory.js';
import { reportStolen } from './theft-test-factory.js';

// The police report PDF (issue 6): the owner's own document with everything the police ask for, in the
// language of the request, with the bike's pictures; never cached.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

/** The text drawn on the pages: pdf-lib writes it as hex strings inside Flate-compressed content streams. */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) text += `${Buffer.from(hex[1] ?? '', 'hex').toString('latin1')}\n`;
    } catch {
      // Not a compressed content stream (an image, say).
    }
  }
  return text;
}

const get = (token: string, bikeId: string, language = 'en') =>
  api(o.t.app, token, 'GET', `/api/bikes/${bikeId}/stolen-report/police-report.pdf`, undefined, { 'accept-language': language });

describe('the police report', () => {
  it('is a PDF with the report, the owner with the full CPR number, the bike, its plate and its pictures', async () => {
    const owner = await o.user({ language: 'en' });
    const [plate] = await makePlates(o.t.database.db, 1);
    const bike = await o.bike(owner, { bikekey_id: plate, production_year: 2021, normal_price_dkk: 8999 });
    await uploadPicture(o.t, owner, bike.id, 'public');
    await uploadPicture(o.t, owner, bike.id, 'frame_number');
    const report = await reportStolen(o.t, owner, bike.id, { frame_number: bike.frame_number });

    const res = await get(owner.token, bike.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="police-report-${bike.frame_number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    // Both pictures are in it, as JPEG images.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
    expect(pdf.toString('latin1')).toContain('/DCTDecode');

    const text = drawnText(pdf);
    for (const expected of [
      'Bicycle theft report',
      String(report.id),
      'Anna Jensen',
      '010190-1234',
      'Nørregade 1, 3. floor, side th',
      '1165 København K',
      'anna.jensen@example.dk',
      bike.frame_number ?? '',
      plate ?? '',
      '2021',
      '8,999 kr.',
      'Locked to an object',
      'The battery was with the owner',
      'Nørreport Station, cykelparkeringen',
      '55.683312, 12.571734',
      'Tall man in a red jacket',
      'A kiosk clerk saw it',
      '7,500 kr.',
      'Frame number',
    ])
      expect(text).toContain(expected);
  });

  it("lists the bike's registered locks, carries the letterhead and numbers its pages", async () => {
    const owner = await o.user({ language: 'en' });
    const bike = await o.bike(owner);
    const lock = await api(o.t.app, owner.token, 'POST', `/api/bikes/${bike.id}/equipment/`, {
      item_type_memo: 'lock',
      manufacturer_name: 'Abus',
      product_name: 'Granit X-Plus 540',
      lock_type_memo: 'padlock',
      serial_numbers: ['SN-1'],
      varefakta_number: 'VF-12345',
      physical_key_number: 'K-998',
    });
    expect(lock.statusCode, lock.body).toBe(201);
    // A battery is no lock: it stays off the list.
    await api(o.t.app, owner.token, 'POST', `/api/bikes/${bike.id}/equipment/`, { item_type_memo: 'battery', manufacturer_name: 'Bosch' });
    // Long descriptions, so the report runs over more than one page.
    const long = 'The culprit wore a green jacket and rode away towards the lakes. '.repeat(30);
    await reportStolen(o.t, owner, bike.id, { culprit_info: long, witnesses: long });

    const pdf = (await get(owner.token, bike.id)).rawPayload;
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = drawnText(pdf);
    expect(text).toContain('Registered locks');
    expect(text).toContain('Abus Granit X-Plus 540');
    expect(text).toContain('Padlock');
    expect(text).toContain('VF-12345');
    expect(text).toContain('K-998');
    expect(text).not.toContain('Bosch');
    // The letterhead on every page: the product's name and its address on the web.
    expect(text.match(/^Bike Register$/gm)?.length).toBe(pages);
    expect(text.match(/^localhost:3000$/gm)?.length).toBe(pages);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).not.toContain(`Page ${pages + 1} of`);
  });

  it('says when no lock is registered, and writes a Norwegian fødselsnummer grouped', async () => {
    const owner = await o.user({ language: 'no' });
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id, {
      cpr_number: '19038112349',
      isInsured: true,
      insurance_company: 'other',
      insurance_company_other: 'Lokal Forsikring',
    });
    const text = drawnText((await get(owner.token, bike.id, 'no')).rawPayload);
    expect(text).toContain('190381 12349');
    expect(text).toContain('Ingen registrerte låser');
    expect(text).toMatch(/^Side 1 av \d$/m);
    expect(text).toContain('Sykkelregisteret');
    expect(text).toMatch(/^Forsikringsselskap\nLokal Forsikring$/m);
  });

  it('speaks the language of the request and makes do without pictures', async () => {
    const owner = await o.user();
    const bike = await o.bike(owner);
    await reportStolen(o.t, owner, bike.id);
    const da = drawnText((await get(owner.token, bike.id, 'da')).rawPayload);
    expect(da).toContain('Anmeldelse af cykeltyveri');
    expect(da).toContain('CPR-nummer');
    expect(da).toContain('Ejeren har ikke tilføjet billeder.');
    const no = drawnText((await get(owner.token, bike.id, 'no')).rawPayload);
    expect(no).toContain('Anmeldelse av sykkeltyveri');
    expect(no).toContain('Fødselsnummer');
  });
});
