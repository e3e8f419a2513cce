import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { UPLOAD_MAX_BYTES } from '../../domain/bikes.js';
import { diskStorage } from '../adapters/storage/disk-storage.js';
import { documents } from '../db/schema.js';
import { insertBike, jpegWithGps, MINIMAL_PDF, multipart, type Part, png } from '../pictures/test-factory.js';
import { signFile } from '../shared/files/signed-url.js';

let t: TestApp;
let dataDir: string;
let owner: SignedUpUser;
let stranger: SignedUpUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'files-documents-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpUser(t.app);
  stranger = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const stored = (key: string) => diskStorage(path.join(dataDir, 'files')).get(key);
const get = (url: string, token?: string) => t.app.inject(token ? authed(token, { method: 'GET', url }) : { method: 'GET', url });

function upload(token: string, bikeId: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject(
    authed(token, { method: 'POST', url: `/api/bikes/${bikeId}/documents`, payload, headers: { ...headers, 'accept-language': 'en' } }),
  );
}

async function addEquipment(token: string, bikeId: string) {
  const res = await t.app.inject(
    authed(token, { method: 'POST', url: `/api/bikes/${bikeId}/equipment/`, payload: { item_type_memo: 'lock' } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('documents', () => {
  it('stores a PDF as it is and serves it as a download on the signed address', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const res = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'receipt' },
      { name: 'file', value: MINIMAL_PDF, filename: '/home/me/Kvittering: cykel* æøå.pdf', contentType: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      kind: 'receipt',
      equipment_id: null,
      file_name: 'Kvittering cykel æøå.pdf',
      content_type: 'application/pdf',
      size: MINIMAL_PDF.length,
    });
    expect(doc.url).toMatch(new RegExp(`^/api/files/documents/${doc.id}\\?exp=\\d+&sig=[\\w-]+$`));

    const file = await get(doc.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(MINIMAL_PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Kvittering cykel ___.pdf"; filename*=UTF-8''Kvittering%20cykel%20%C3%A6%C3%B8%C3%A5.pdf`,
    );

    const list = await get(`/api/bikes/${bikeId}/documents`, owner.token);
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([doc.id]);
  });

  it('re-encodes an image document without its EXIF and GPS, keeping its format', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const res = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'form' },
      { name: 'file', value: await jpegWithGps(), filename: 'photo.jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpg' });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, res.json().id));
    const file = await stored(row?.storageKey ?? '');
    const meta = await sharp(file?.body).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(file?.body.includes('SecretModel')).toBe(false);
  });

  it('refuses other files, oversized files, a missing file and a wrong kind', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const body of [Buffer.from('<html><script>alert(1)</script></html>'), gif, Buffer.from('PK\u0003\u0004 zip file')]) {
      const res = await upload(owner.token, bikeId, [
        { name: 'kind', value: 'other' },
        { name: 'file', value: body, filename: 'x.pdf', contentType: 'application/pdf' },
      ]);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().code).toBe('file_type_not_allowed');
    }
    const big = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'other' },
      { name: 'file', value: Buffer.concat([MINIMAL_PDF, Buffer.alloc(UPLOAD_MAX_BYTES)]), filename: 'big.pdf' },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('file_too_large');
    const missing = await upload(owner.token, bikeId, [{ name: 'kind', value: 'other' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'file_missing' });
    const kind = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'public' },
      { name: 'file', value: MINIMAL_PDF, filename: 'a.pdf' },
    ]);
    expect(kind.statusCode).toBe(422);
    expect(kind.json().detail[0]).toMatchObject({ loc: ['body', 'kind'], type: 'field_invalid' });
    expect(await t.database.db.select().from(documents).where(eq(documents.bikeId, bikeId))).toEqual([]);
  });

  it('files a document under equipment of the same bike only, and lists it with the equipment', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const other = await insertBike(t.database.db, owner.partyId);
    const lockId = await addEquipment(owner.token, bikeId);
    const foreignLock = await addEquipment(owner.token, other.bikeId);
    for (const equipmentId of [foreignLock, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await upload(owner.token, bikeId, [
        { name: 'kind', value: 'lock_certificate' },
        { name: 'equipment_id', value: equipmentId },
        { name: 'file', value: MINIMAL_PDF, filename: 'cert.pdf' },
      ]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'equipment_id'], type: 'equipment_unknown' });
    }
    const res = await upload(owner.token, bikeId, [
      { name: 'file', value: await png(), filename: 'cert.png' },
      { name: 'equipment_id', value: lockId },
      { name: 'kind', value: 'lock_certificate' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ equipment_id: lockId, content_type: 'image/png', file_name: 'cert.png' });
    const equipment = await get(`/api/bikes/${bikeId}/equipment/`, owner.token);
    expect(equipment.json()[0].documents.map((d: { id: string }) => d.id)).toEqual([res.json().id]);
    const list = await get(`/api/bikes/${bikeId}/documents`, owner.token);
    expect(list.json().map((d: { equipment_id: string }) => d.equipment_id)).toEqual([lockId]);

    // Deleting the equipment deletes its documents and their files.
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, res.json().id));
    expect(await stored(row?.storageKey ?? '')).not.toBeNull();
    const del = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/equipment/${lockId}/` }));
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(documents).where(eq(documents.bikeId, bikeId))).toEqual([]);
    expect(await stored(row?.storageKey ?? '')).toBeNull();
  });

  it('deletes a document with its file, and serves it no more', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const res = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'other' },
      { name: 'file', value: MINIMAL_PDF, filename: 'a.pdf' },
    ]);
    const doc = res.json();
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const del = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/documents/${doc.id}` }));
    expect(del.statusCode).toBe(204);
    expect(await stored(row?.storageKey ?? '')).toBeNull();
    expect((await get(doc.url)).statusCode).toBe(404);
    const again = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/documents/${doc.id}` }));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('document_not_found');
  });

  it('serves a document only on a valid signature, and shows nothing of my bike to another user', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const res = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'receipt' },
      { name: 'file', value: MINIMAL_PDF, filename: 'a.pdf' },
    ]);
    const doc = res.json();
    const url = new URL(doc.url, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig') ?? '';
    const past = signFile(t.config.jwtSecret, { kind: 'document', id: doc.id, size: 'file' }, new Date(Date.now() - 3600_000));
    // A picture's signature for the same id does not open the document.
    const asPicture = signFile(t.config.jwtSecret, { kind: 'picture', id: doc.id, size: 'full' });
    for (const bad of [
      `?exp=${exp}&sig=${sig.slice(1)}A`,
      `?exp=${exp - 300}&sig=${sig}`,
      `?exp=${past.exp}&sig=${past.sig}`,
      `?exp=${asPicture.exp}&sig=${asPicture.sig}`,
    ]) {
      const res = await get(`/api/files/documents/${doc.id}${bad}`, stranger.token);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await get(`/api/files/documents/${doc.id}`, owner.token)).statusCode).toBe(422);

    expect((await get(`/api/bikes/${bikeId}/documents`, stranger.token)).statusCode).toBe(404);
    const add = await upload(stranger.token, bikeId, [
      { name: 'kind', value: 'receipt' },
      { name: 'file', value: MINIMAL_PDF, filename: 'a.pdf' },
    ]);
    expect(add.statusCode).toBe(404);
    const del = await t.app.inject(authed(stranger.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/documents/${doc.id}` }));
    expect(del.statusCode).toBe(404);
    expect(await t.database.db.select().from(documents).where(eq(documents.bikeId, bikeId))).toHaveLength(1);
  });
});
