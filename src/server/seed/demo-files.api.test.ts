import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import type { AppContext } from '../context.js';
import { bikes, documents, pictures, storageTrash } from '../db/schema.js';
import { insertBike } from '../pictures/test-factory.js';
import { emptyTrash, trashFilesOfBike } from '../shared/files/trash.js';
import { receiptPdf, seedDemoFiles } from './demo-files.js';

let t: TestApp;
let ctx: AppContext;
let dataDir: string;
let owner: SignedUpUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'files-demo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  ctx = {
    config: t.config,
    db: t.database.db,
    storage: createStorage(t.config),
    log: t.app.log,
    mailer: undefined as never,
    payments: t.app.appContext.payments,
  };
  owner = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo files', () => {
  it('writes a valid PDF with a correct cross-reference table', async () => {
    const pdf = receiptPdf(['Kvittering (demo)', 'Pris: 100 kr']);
    expect(pdf.length).toBeLessThan(1000);
    expect(await fileTypeFromBuffer(pdf)).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    const text = pdf.toString('latin1');
    const xref = Number(text.match(/startxref\n(\d+)/)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    for (const [i, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
      expect(text.slice(Number(offset[1]), Number(offset[1]) + 7)).toBe(`${i + 1} 0 obj`);
    }
  });

  it('gives each demo bike a public picture, a frame-number picture and a receipt, visible to its owner', async () => {
    const first = await insertBike(t.database.db, owner.partyId, { searchable: true });
    const second = await insertBike(t.database.db, owner.partyId);
    await seedDemoFiles(ctx, [
      { id: first.bikeId, ownershipId: first.ownershipId },
      { id: second.bikeId, ownershipId: second.ownershipId },
    ]);
    const list = await t.app.inject(authed(owner.token, { method: 'GET', url: `/api/bikes/${first.bikeId}/pictures` }));
    expect(list.json().map((p: { kind: string }) => p.kind)).toEqual(['public', 'frame_number']);
    const picture = await t.app.inject({ method: 'GET', url: list.json()[0].url });
    expect(picture.statusCode).toBe(200);
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(1200);
    const docs = await t.app.inject(authed(owner.token, { method: 'GET', url: `/api/bikes/${second.bikeId}/documents` }));
    expect(docs.json()).toMatchObject([{ kind: 'receipt', content_type: 'application/pdf', file_name: 'kvittering.pdf' }]);
    const pdf = await t.app.inject({ method: 'GET', url: docs.json()[0].url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('trashes every file of a deleted bike and removes them from storage after the commit', async () => {
    const bike = await insertBike(t.database.db, owner.partyId);
    await seedDemoFiles(ctx, [{ id: bike.bikeId, ownershipId: bike.ownershipId }]);
    const pictureRows = await t.database.db.select().from(pictures).where(eq(pictures.bikeId, bike.bikeId));
    const documentRows = await t.database.db.select().from(documents).where(eq(documents.bikeId, bike.bikeId));
    const keys = [...pictureRows.flatMap((p) => [p.storageKey, p.thumbnailKey]), ...documentRows.map((d) => d.storageKey)];
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(await ctx.storage.get(key)).not.toBeNull();

    await t.database.db.transaction(async (tx) => {
      await trashFilesOfBike(tx, bike.bikeId);
      await tx.delete(bikes).where(eq(bikes.id, bike.bikeId));
    });
    const trashed = await t.database.db.select({ key: storageTrash.storageKey }).from(storageTrash);
    expect(trashed.map((r) => r.key).sort()).toEqual([...keys].sort());
    // Two at once, as a timer and a request might.
    await Promise.all([emptyTrash(ctx), emptyTrash(ctx)]);
    for (const key of keys) expect(await ctx.storage.get(key)).toBeNull();
    expect(await t.database.db.select().from(storageTrash)).toEqual([]);
  });
});
