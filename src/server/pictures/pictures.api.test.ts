import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { UPLOAD_MAX_BYTES } from '../../domain/bikes.js';
import { bikes, pictures, storageTrash } from '../db/schema.js';
import { signFile } from '../shared/files/signed-url.js';
import { insertBike, jpegWithGps, multipart, png } from './test-factory.js';

let t: TestApp;
let dataDir: string;
let owner: SignedUpUser;
let stranger: SignedUpUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'files-pictures-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpUser(t.app);
  stranger = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFile = async (key: string) => {
  const { diskStorage } = await import('../adapters/storage/disk-storage.js');
  return diskStorage(path.join(dataDir, 'files')).get(key);
};

function upload(token: string, bikeId: string, parts: Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject(
    authed(token, { method: 'POST', url: `/api/bikes/${bikeId}/pictures`, payload, headers: { ...headers, 'accept-language': 'en' } }),
  );
}

async function uploadOk(token: string, bikeId: string, kind: string, body?: Buffer) {
  const res = await upload(token, bikeId, [
    { name: 'kind', value: kind },
    { name: 'file', value: body ?? (await png()), filename: 'bike.png', contentType: 'image/png' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; kind: string; url: string; thumbnail_url: string; width: number; height: number };
}

const get = (url: string, token?: string) => t.app.inject(token ? authed(token, { method: 'GET', url }) : { method: 'GET', url });

describe('uploading pictures', () => {
  it('re-encodes a JPEG upright as WebP without EXIF or GPS, with a 400 px thumbnail', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const original = await jpegWithGps(3000, 2000);
    const exif = (await sharp(original).metadata()).exif;
    expect(exif).toBeDefined();
    // The test file really carries a camera name and a GPS block (tag 0x8825).
    expect(original.includes('SecretModel')).toBe(true);
    expect(exif?.includes(Buffer.from([0x88, 0x25])) || exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const picture = await uploadOk(owner.token, bikeId, 'frame_number', original);
    // Orientation 6: the 3000×2000 landscape file is a portrait photo, turned upright and fitted in 2000 px.
    expect([picture.width, picture.height]).toEqual([1333, 2000]);
    expect(picture.url).toMatch(new RegExp(`^/api/files/pictures/${picture.id}/full\\?exp=\\d+&sig=[\\w-]+$`));

    const [row] = await t.database.db.select().from(pictures).where(eq(pictures.id, picture.id));
    expect(row?.contentType).toBe('image/webp');
    const stored = await storedFile(row?.storageKey ?? '');
    const served = await get(picture.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
    const maxAge = Number(String(served.headers['cache-control']).split('=')[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(20 * 60);
    for (const bytes of [stored?.body, served.rawPayload]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes?.includes('SecretModel')).toBe(false);
      expect(bytes?.includes('TestCam')).toBe(false);
      expect(bytes?.includes('Exif')).toBe(false);
    }

    const thumb = await get(picture.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([267, 400]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('accepts PNG and WebP for every kind and lists them for the owner', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const webp = await sharp({ create: { width: 50, height: 80, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    for (const kind of ['frame_number', 'plate', 'receipt', 'lock_proof']) await uploadOk(owner.token, bikeId, kind);
    await uploadOk(owner.token, bikeId, 'public', webp);
    const list = await get(`/api/bikes/${bikeId}/pictures`, owner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { kind: string }) => p.kind)).toEqual(['frame_number', 'plate', 'receipt', 'lock_proof', 'public']);
  });

  it('accepts AVIF, which the installed sharp decodes', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .avif()
      .toBuffer();
    const picture = await uploadOk(owner.token, bikeId, 'public', avif);
    expect([picture.width, picture.height]).toEqual([64, 48]);
  });

  it('refuses a text file sent as image/jpeg, a GIF, HEIC (no decoder in this sharp) and an image that does not decode', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const truncated = (await jpegWithGps()).subarray(0, 400);
    // The start of an iPhone photo: an ISO-BMFF ftyp box of brand heic.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    for (const body of [Buffer.from('this is not a picture at all, just text'), gif, heic, truncated]) {
      const res = await upload(owner.token, bikeId, [
        { name: 'kind', value: 'public' },
        { name: 'file', value: body, filename: 'x.jpg', contentType: 'image/jpeg' },
      ]);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'file_type_not_allowed', detail: 'This type of file is not allowed' });
    }
    expect(await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bikeId))).toEqual([]);
  });

  it('refuses an oversized file with 413 file_too_large', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const res = await upload(owner.token, bikeId, [
      { name: 'kind', value: 'public' },
      { name: 'file', value: Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1), filename: 'big.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', detail: 'The file is too large' });
  });

  it('answers 422 for a missing file, a missing or wrong kind, a second file and a JSON body', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const image = await png();
    const cases: [Parameters<typeof multipart>[0], string, string][] = [
      [[{ name: 'kind', value: 'public' }], 'file', 'file_missing'],
      [
        [
          { name: 'kind', value: 'public' },
          { name: 'file', value: Buffer.alloc(0), filename: 'empty.png' },
        ],
        'file',
        'file_missing',
      ],
      [[{ name: 'file', value: image, filename: 'a.png' }], 'kind', 'field_required'],
      [
        [
          { name: 'kind', value: 'selfie' },
          { name: 'file', value: image, filename: 'a.png' },
        ],
        'kind',
        'field_invalid',
      ],
      [
        [
          { name: 'kind', value: 'public' },
          { name: 'file', value: image, filename: 'a.png' },
          { name: 'file', value: image, filename: 'b.png' },
        ],
        'file',
        'field_invalid',
      ],
    ];
    for (const [parts, field, type] of cases) {
      const res = await upload(owner.token, bikeId, parts);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', field], type });
    }
    const json = await t.app.inject(
      authed(owner.token, { method: 'POST', url: `/api/bikes/${bikeId}/pictures`, payload: { kind: 'public' } }),
    );
    expect(json.statusCode).toBe(422);
    expect(json.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'file_missing' });
    const broken = await t.app.inject(
      authed(owner.token, {
        method: 'POST',
        url: `/api/bikes/${bikeId}/pictures`,
        payload: '--xyz\r\nContent-Disposition: form-data; name="kind"\r\n\r\npub',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      }),
    );
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('keeps one public picture per bike: a new one replaces the old and its files are removed', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const first = await uploadOk(owner.token, bikeId, 'public');
    const [firstRow] = await t.database.db.select().from(pictures).where(eq(pictures.id, first.id));
    expect(await storedFile(firstRow?.storageKey ?? '')).not.toBeNull();
    const second = await uploadOk(owner.token, bikeId, 'public');
    const publics = await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bikeId));
    expect(publics.map((p) => p.id)).toEqual([second.id]);
    expect(await storedFile(firstRow?.storageKey ?? '')).toBeNull();
    expect(await storedFile(firstRow?.thumbnailKey ?? '')).toBeNull();
    expect(await t.database.db.select().from(storageTrash)).toEqual([]);
    expect((await get(first.url)).statusCode).toBe(404);
  });

  it('deletes a picture with its files', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const picture = await uploadOk(owner.token, bikeId, 'receipt');
    const [row] = await t.database.db.select().from(pictures).where(eq(pictures.id, picture.id));
    const del = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/pictures/${picture.id}` }));
    expect(del.statusCode).toBe(204);
    expect(await storedFile(row?.storageKey ?? '')).toBeNull();
    expect(await storedFile(row?.thumbnailKey ?? '')).toBeNull();
    const again = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/pictures/${picture.id}` }));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('picture_not_found');
    const junk = await t.app.inject(authed(owner.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/pictures/not-an-id` }));
    expect(junk.statusCode).toBe(404);
  });
});

describe('who sees a picture', () => {
  it('serves a private picture only on the owner’s valid, unexpired, untampered address', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const picture = await uploadOk(owner.token, bikeId, 'frame_number');
    const url = new URL(picture.url, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig') ?? '';
    const base = `/api/files/pictures/${picture.id}`;

    // Anyone holding the owner's address sees it (that is what an <img> does), no token needed.
    expect((await get(picture.url)).statusCode).toBe(200);
    // Without a signature, or with another's token instead.
    expect((await get(`${base}/full`, stranger.token)).statusCode).toBe(422);
    const refused = [
      // Its first character made another: the last one's low bits are not part of the bytes it names.
      `${base}/full?exp=${exp}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
      `${base}/full?exp=${exp + 300}&sig=${sig}`,
      `${base}/thumb?exp=${exp}&sig=${sig}`,
      `${base}/full?exp=${exp}&sig=x`,
    ];
    // Expired: a signature correctly made but in the past.
    const past = signFile(t.config.jwtSecret, { kind: 'picture', id: picture.id, size: 'full' }, new Date(Date.now() - 40 * 60_000));
    refused.push(`${base}/full?exp=${past.exp}&sig=${past.sig}`);
    // Made with another secret.
    const forged = signFile(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'), {
      kind: 'picture',
      id: picture.id,
      size: 'full',
    });
    refused.push(`${base}/full?exp=${forged.exp}&sig=${forged.sig}`);
    for (const bad of refused) {
      for (const token of [undefined, stranger.token, owner.token]) {
        const res = await get(bad, token);
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    // The public route never serves a private picture, whatever the bike's flags.
    await t.database.db.update(bikes).set({ searchable: true, reportedStolen: true }).where(eq(bikes.id, bikeId));
    expect((await get(`/api/public/pictures/${picture.id}/full`)).statusCode).toBe(404);
    expect((await get(`/api/public/pictures/${picture.id}/thumb`, owner.token)).statusCode).toBe(404);
  });

  it('serves the public picture to anyone only while the bike is searchable or reported stolen', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId, { searchable: true });
    const picture = await uploadOk(owner.token, bikeId, 'public');
    const publicUrl = `/api/public/pictures/${picture.id}/thumb`;
    const ok = await get(publicUrl);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toBe('public, max-age=300');
    await t.database.db.update(bikes).set({ searchable: false }).where(eq(bikes.id, bikeId));
    expect((await get(publicUrl)).statusCode).toBe(404);
    // The owner still sees it on the signed address.
    expect((await get(picture.thumbnail_url)).statusCode).toBe(200);
    await t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bikeId));
    expect((await get(publicUrl)).statusCode).toBe(200);
  });

  it('answers 404 to another user on every picture route of my bike', async () => {
    const { bikeId } = await insertBike(t.database.db, owner.partyId);
    const picture = await uploadOk(owner.token, bikeId, 'plate');
    const list = await get(`/api/bikes/${bikeId}/pictures`, stranger.token);
    expect(list.statusCode).toBe(404);
    expect(list.json().code).toBe('bike_not_found');
    const add = await upload(stranger.token, bikeId, [
      { name: 'kind', value: 'public' },
      { name: 'file', value: await png(), filename: 'a.png' },
    ]);
    expect(add.statusCode).toBe(404);
    const del = await t.app.inject(authed(stranger.token, { method: 'DELETE', url: `/api/bikes/${bikeId}/pictures/${picture.id}` }));
    expect(del.statusCode).toBe(404);
    expect(await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bikeId))).toHaveLength(1);
    // Visitors are refused before anything else.
    expect((await get(`/api/bikes/${bikeId}/pictures`)).statusCode).toBe(401);
  });
});

describe('the API reference', () => {
  it('documents the picture, document and equipment routes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/bikes/{bikeId}/pictures',
      '/api/files/pictures/{pictureId}/{size}',
      '/api/public/pictures/{pictureId}/{size}',
      '/api/bikes/{bikeId}/documents',
      '/api/files/documents/{documentId}',
      '/api/bikes/{bikeId}/equipment/{equipmentId}/',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
