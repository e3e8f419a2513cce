import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, type PDFNumber, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, makePlates, registered } from '../bikes/bike-test-factory.js';
import { auditLog, bikes, organisationMembers, organisations, parties, plates } from '../db/schema.js';

// /backoffice/plates (issue 14): batches, their print sheet, ranges for organisations, any plate found with its history.

let t: TestApp;
let staff: SignedUpUser;
let admin: SignedUpUser;
let revisor: SignedUpUser;
let user: SignedUpUser;
let insurerMember: SignedUpUser;
let insurerId: string;
let clubId: string;
let shopId: string;

async function organisation(name: string, type: 'insurance_company' | 'business' | 'association'): Promise<string> {
  const [party] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
  if (!party) throw new Error('no party');
  await t.database.db.insert(organisations).values({ partyId: party.id, name, organisationType: type });
  return party.id;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  [staff, admin, revisor, user] = await Promise.all([
    signUpWithRole(t, 'staff'),
    signUpWithRole(t, 'admin'),
    signUpWithRole(t, 'revisor'),
    signUpUser(t.app),
  ]);
  insurerId = await organisation('Tryg Cykel A/S', 'insurance_company');
  clubId = await organisation('Cykelklubben Øst', 'association');
  shopId = await organisation('Byens Cykler ApS', 'business');
  insurerMember = await signUpUser(t.app);
  await t.database.db
    .insert(organisationMembers)
    .values({ organisationPartyId: insurerId, identityPartyId: insurerMember.partyId, role: 'admin' });
});
afterAll(() => t.close());

const get = (who: SignedUpUser, url: string) => api(t.app, who.token, 'GET', `/api/backoffice/plates${url}`);
const post = (who: SignedUpUser, url: string, body: Record<string, unknown>) =>
  api(t.app, who.token, 'POST', `/api/backoffice/plates${url}`, body);

async function batch(who: SignedUpUser, body: Record<string, unknown>) {
  const res = await post(who, '/batches', { name: 'Test', kind: 'standard', count: 5, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; first_id: string; last_id: string; counts: Record<string, number> };
}

async function idsOf(batchId: string): Promise<string[]> {
  return (await get(staff, `?batch_id=${batchId}`)).json().items.map((p: { id: string }) => p.id);
}

describe('making a batch', () => {
  it('makes the plates with the prefix and kind asked for, audited plate.batch_create', async () => {
    const made = await batch(staff, { name: 'Forår 2026', kind: 'registration', count: 12, prefix: 'dk' });
    expect(made).toMatchObject({ name: 'Forår 2026', kind: 'registration', insurer: null, counts: { total: 12, free: 12, in_use: 0 } });
    const ids = await idsOf(made.id);
    expect(ids).toHaveLength(12);
    for (const id of ids) expect(id).toMatch(/^DK[ACDEFGHJKLMNPRTUVWXY34679]{8}$/);
    expect(ids).toEqual([...ids].sort());
    expect([made.first_id, made.last_id]).toEqual([ids[0], ids.at(-1)]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'plate_batch'), eq(auditLog.recordId, made.id)));
    expect(entry).toMatchObject({
      action: 'plate.batch_create',
      actorPartyId: staff.partyId,
      before: null,
      after: { name: 'Forår 2026', kind: 'registration', prefix: 'DK', count: 12 },
    });
  });

  it('makes insurance plates for an insurance company only, and admins make batches too', async () => {
    const made = await batch(admin, { kind: 'insurance', insurer_party_id: insurerId, count: 2 });
    expect(made).toMatchObject({ kind: 'insurance', insurer: { party_id: insurerId, name: 'Tryg Cykel A/S' } });
    const refused = async (body: Record<string, unknown>, code: string, status = 422) => {
      const res = await post(staff, '/batches', { name: 'X', kind: 'standard', count: 1, ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.stringify(res.json())).toContain(code);
    };
    await refused({ kind: 'insurance' }, 'plate_insurer_required');
    await refused({ insurer_party_id: insurerId }, 'plate_insurer_required');
    await refused({ kind: 'insurance', insurer_party_id: clubId }, 'insurer_not_found');
    await refused({ count: 0 }, 'plate_count_invalid');
    await refused({ count: 5001 }, 'plate_count_invalid');
    await refused({ count: 2.5 }, 'plate_count_invalid');
    await refused({ prefix: 'OB' }, 'plate_prefix_invalid');
    await refused({ prefix: 'ACDEF' }, 'too_long');
    await refused({ name: ' ' }, 'field_required');
    await refused({ kind: 'gold' }, 'field_invalid');
  });
});

describe('the batches and the plates, paged and filtered on the server', () => {
  it('lists batches newest first with their counts, a page at a time', async () => {
    for (let i = 0; i < 20; i++) await makePlates(t.database.db, 1);
    const first = await get(revisor, '/batches');
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer.items).toHaveLength(20);
    expect(answer.next_offset).toBe(20);
    const times = answer.items.map((b: { created_at: string }) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const second = (await get(revisor, '/batches?offset=20')).json();
    expect(second.items.length).toBe(answer.total - 20);
    expect(second.next_offset).toBeNull();
    expect((await get(staff, '/batches?offset=-1')).statusCode).toBe(422);
  });

  it('pages a batch’s plates by ID, filters by state and by the beginning of the ID', async () => {
    const made = await batch(staff, { count: 60, prefix: 'W' });
    const page1 = (await get(staff, `?batch_id=${made.id}`)).json();
    expect(page1.items).toHaveLength(50);
    const page2 = (await get(staff, `?batch_id=${made.id}&after=${page1.next_after}`)).json();
    expect(page2.items).toHaveLength(10);
    expect(page2.next_after).toBeNull();
    const all = [...page1.items, ...page2.items].map((p: { id: string }) => p.id);
    expect(new Set(all).size).toBe(60);

    const owner = await signUpUser(t.app);
    await giveCredits(t.database.db, owner.partyId, 1);
    await registered(t, owner.token, { frame_number: frameNumber(), bikekey_id: all[3] });
    const inUse = (await get(staff, `?batch_id=${made.id}&state=in_use`)).json().items;
    expect(inUse).toMatchObject([{ id: all[3], state: 'in_use' }]);
    expect((await get(staff, `?batch_id=${made.id}&state=free`)).json().items.map((p: { id: string }) => p.id)).not.toContain(all[3]);
    // The batch's counts follow its plates (kept by triggers on plate): one registered, one deleted.
    expect((await get(staff, `/batches/${made.id}`)).json().counts).toEqual({
      total: 60,
      free: 59,
      organisation: 0,
      shipped: 0,
      in_use: 1,
    });
    await t.database.db.delete(plates).where(eq(plates.id, all[4] ?? ''));
    expect((await get(staff, `/batches/${made.id}`)).json().counts).toEqual({
      total: 59,
      free: 58,
      organisation: 0,
      shipped: 0,
      in_use: 1,
    });

    const prefix = (all[7] ?? '').slice(0, 4).toLowerCase();
    const found = (await get(staff, `?q=${prefix}`)).json().items.map((p: { id: string }) => p.id);
    expect(found).toContain(all[7]);
    for (const id of found) expect(id.startsWith(prefix.toUpperCase())).toBe(true);
    expect((await get(staff, '?state=lost')).statusCode).toBe(422);
    expect((await get(staff, '?batch_id=nope')).statusCode).toBe(422);
    expect((await get(staff, '?q=%25%25')).statusCode).toBe(422);
  });
});

describe('giving a range to an organisation', () => {
  it('gives a range (all or nothing), refuses taken plates with 409, and audits plate.assign_range', async () => {
    const made = await batch(staff, { count: 10 });
    const ids = await idsOf(made.id);
    const assign = (body: Record<string, unknown>, who = staff) => post(who, `/batches/${made.id}/assignments`, body);

    const res = await assign({ organisation_party_id: clubId, from_id: ids[2]?.toLowerCase(), to_id: ids[5] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ assigned: 4, from_id: ids[2], to_id: ids[5] });
    const org = (await get(staff, `?batch_id=${made.id}&state=organisation`)).json().items;
    expect(org.map((p: { id: string }) => p.id)).toEqual(ids.slice(2, 6));
    expect(org[0].organisation).toEqual({ party_id: clubId, name: 'Cykelklubben Øst' });

    // Overlapping another organisation's plates: nothing changes.
    const taken = await assign({ organisation_party_id: shopId, from_id: ids[0], to_id: ids[3] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'plate_range_taken' });
    const [still] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.id, ids[0] ?? ''));
    expect(still?.organisationPartyId).toBeNull();

    // A plate on a bike is taken too.
    const owner = await signUpUser(t.app);
    await giveCredits(t.database.db, owner.partyId, 1);
    await registered(t, owner.token, { frame_number: frameNumber(), bikekey_id: ids[8] });
    expect((await assign({ organisation_party_id: shopId, from_id: ids[6] })).statusCode).toBe(409);
    // The same organisation again is fine (its own plates stay its own).
    expect((await assign({ organisation_party_id: clubId, from_id: ids[0], to_id: ids[5] })).json()).toMatchObject({ assigned: 6 });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plate.assign_range'), eq(auditLog.recordId, made.id)));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actorPartyId: staff.partyId,
      targetPartyId: clubId,
      recordType: 'plate_batch',
      after: { organisation_party_id: clubId },
      data: { from_id: ids[2], to_id: ids[5], count: 4 },
    });
  });

  it('gives a whole batch, and refuses bad ranges and unknown organisations', async () => {
    const made = await batch(staff, { count: 3 });
    const other = await batch(staff, { count: 1 });
    const ids = await idsOf(made.id);
    const assign = (body: Record<string, unknown>, batchId = made.id) => post(staff, `/batches/${batchId}/assignments`, body);
    const code = async (body: Record<string, unknown>, status: number, expected: string, batchId = made.id) => {
      const res = await assign(body, batchId);
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.stringify(res.json())).toContain(expected);
    };
    await code({ organisation_party_id: shopId, from_id: ids[2], to_id: ids[0] }, 422, 'plate_range_invalid');
    await code({ organisation_party_id: shopId, from_id: other.first_id }, 422, 'plate_range_invalid');
    await code({ organisation_party_id: '00000000-0000-4000-8000-000000000000' }, 422, 'plate_organisation_unknown');
    await code({ organisation_party_id: 'x' }, 422, 'field_invalid');
    await code({ organisation_party_id: shopId }, 404, 'plate_batch_not_found', '00000000-0000-4000-8000-000000000000');
    expect((await assign({ organisation_party_id: shopId })).json()).toEqual({ assigned: 3, from_id: ids[0], to_id: ids[2] });
    expect((await get(staff, `/batches/${made.id}`)).json().counts).toMatchObject({ total: 3, free: 0, organisation: 3 });
  });
});

describe('finding a plate', () => {
  it('finds any plate by its ID as typed, with its state, bike, owner and history', async () => {
    const made = await batch(staff, { count: 3 });
    const ids = await idsOf(made.id);
    const id = ids[1] ?? '';
    expect(await post(staff, `/batches/${made.id}/assignments`, { organisation_party_id: shopId, from_id: id, to_id: id })).toMatchObject({
      statusCode: 200,
    });
    const owner = await signUpUser(t.app);
    await giveCredits(t.database.db, owner.partyId, 1);
    const bike = await registered(t, owner.token, { frame_number: frameNumber(), bikekey_id: id });

    const typed = `${id.slice(0, 4).toLowerCase()} - ${id.slice(4)}`;
    const res = await get(revisor, `/${encodeURIComponent(typed)}`);
    expect(res.statusCode, res.body).toBe(200);
    const plate = res.json();
    expect(plate).toMatchObject({
      id,
      state: 'in_use',
      organisation: { party_id: shopId, name: 'Byens Cykler ApS' },
      batch: { id: made.id, kind: 'standard' },
      url_path: `/sticker-id/01/05790001234560/21/${id}`,
      bike: { id: bike.id, owner_email: owner.email },
      shipped_to: null,
    });
    expect(plate.history.map((h: { kind: string }) => h.kind)).toEqual(['batch_created', 'organisation_assigned', 'on_bike']);
    expect(plate.history[0]).toMatchObject({ actor_email: staff.email, action: 'plate.batch_create' });
    expect(plate.history[1]).toMatchObject({ actor_email: staff.email, organisation_name: 'Byens Cykler ApS' });
    expect(plate.history[2]).toMatchObject({ bike_id: bike.id });

    // The bike gone (its plate set free by the foreign key): the history keeps that it was released.
    await t.database.db.delete(bikes).where(eq(bikes.id, bike.id));
    const after = (await get(staff, `/${id}`)).json();
    expect(after).toMatchObject({ state: 'organisation', bike: null });
    expect(after.history.map((h: { kind: string }) => h.kind)).toEqual(['batch_created', 'organisation_assigned', 'on_bike', 'off_bike']);

    // A plate outside the range has no assignment in its history.
    const neighbour = (await get(staff, `/${ids[0]}`)).json();
    expect(neighbour.history.map((h: { kind: string }) => h.kind)).toEqual(['batch_created']);
    expect(neighbour.state).toBe('free');

    expect((await get(staff, '/NOSUCHPLATE')).statusCode).toBe(404);
    expect((await get(staff, `/${'A'.repeat(65)}`)).statusCode).toBe(422);
  });
});

describe('the print sheet', () => {
  it('holds one QR per plate, whose content is the plate’s GS1 Digital Link address, 24 to an A4 page', async () => {
    const made = await batch(staff, { count: 26, name: 'Print / test' });
    const ids = await idsOf(made.id);
    const res = await get(revisor, `/batches/${made.id}/print-sheet.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="plates-Print-test.pdf"');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo(595.28, 1);

    const wasmBinary = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer }, fireImmediately: true });
    const decoded: string[] = [];
    for (const page of pdf.getPages()) {
      const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
      if (!xObjects || !('entries' in xObjects)) throw new Error('no images');
      for (const [, ref] of (xObjects as unknown as { entries(): [PDFName, unknown][] }).entries()) {
        const stream = pdf.context.lookup(ref as never) as PDFRawStream;
        const size = (stream.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
        decoded.push(await readQr(inflateSync(stream.contents), size));
      }
    }
    expect(decoded).toEqual(ids.map((id) => `http://localhost:3000/sticker-id/01/05790001234560/21/${id}`));
  });

  it('answers 404 for an unknown batch', async () => {
    expect((await get(staff, '/batches/00000000-0000-4000-8000-000000000000/print-sheet.pdf')).statusCode).toBe(404);
  });
});

/** Reads a QR code from grey pixels (one per module), enlarged so the reader sees modules of several pixels. */
async function readQr(grey: Uint8Array, size: number): Promise<string> {
  const scale = 4;
  const side = size * scale;
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const v = grey[Math.floor(y / scale) * size + Math.floor(x / scale)] ?? 255;
      rgba.set([v, v, v, 255], (y * side + x) * 4);
    }
  }
  const [result] = await readBarcodes({ data: rgba, width: side, height: side, colorSpace: 'srgb' } as ImageData, { formats: ['QRCode'] });
  return result?.text ?? '';
}

describe('who may', () => {
  it('lets staff, admins and revisors read; only staff and admins change; others get 403', async () => {
    const made = await batch(staff, { count: 1 });
    const reads = [
      '/batches',
      `/batches/${made.id}`,
      `/batches/${made.id}/print-sheet.pdf`,
      `?batch_id=${made.id}`,
      `/${made.first_id}`,
      '/organisations?q=tryg',
    ];
    for (const url of reads) {
      for (const who of [staff, admin, revisor]) expect((await get(who, url)).statusCode, url).toBe(200);
      for (const who of [user, insurerMember]) expect((await get(who, url)).statusCode, url).toBe(403);
    }
    expect((await get(revisor, '/organisations?q=tryg&type=insurance_company')).json()).toEqual([
      { party_id: insurerId, name: 'Tryg Cykel A/S', type: 'insurance_company' },
    ]);
    const changes: [string, Record<string, unknown>][] = [
      ['/batches', { name: 'X', kind: 'standard', count: 1 }],
      [`/batches/${made.id}/assignments`, { organisation_party_id: shopId }],
    ];
    for (const [url, body] of changes) {
      for (const who of [revisor, user, insurerMember]) expect((await post(who, url, body)).statusCode, url).toBe(403);
    }
    expect((await api(t.app, null, 'GET', '/api/backoffice/plates/batches')).statusCode).toBe(401);
  });
});
