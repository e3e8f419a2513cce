import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, plateBatches, plates } from '../db/schema.js';

// Test helpers of the pictures, documents and equipment API tests: bikes inserted directly (so these
// tests do not depend on the bike routes), plates, and multipart bodies for app.inject.

export async function insertBike(
  db: Db,
  partyId: string,
  overrides: Partial<typeof bikes.$inferInsert> = {},
): Promise<{ bikeId: string; ownershipId: string }> {
  const [bike] = await db.insert(bikes).values(overrides).returning({ id: bikes.id });
  if (!bike) throw new Error('bike insert failed');
  const [ownership] = await db.insert(bikeOwnerships).values({ bikeId: bike.id, partyId }).returning({ id: bikeOwnerships.id });
  if (!ownership) throw new Error('ownership insert failed');
  return { bikeId: bike.id, ownershipId: ownership.id };
}

/** Free plates with fresh random IDs (upper case), in a new standard batch. */
export async function insertPlates(db: Db, count: number): Promise<string[]> {
  const [batch] = await db.insert(plateBatches).values({ name: 'test' }).returning({ id: plateBatches.id });
  if (!batch) throw new Error('batch insert failed');
  const ids = Array.from({ length: count }, () => `T${randomBytes(5).toString('hex').toUpperCase()}`);
  await db.insert(plates).values(ids.map((id) => ({ id, batchId: batch.id })));
  return ids;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG with EXIF (camera, GPS position) and an orientation that turns it upright as portrait. */
export async function jpegWithGps(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'SecretModel' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 34/1 56/1' },
    })
    .toBuffer();
}

export async function png(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ffcc00' } })
    .png()
    .toBuffer();
}

/** A minimal valid one-page PDF. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
