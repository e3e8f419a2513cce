import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { type BikeDocument, DOCUMENT_KINDS, type DocumentKind } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, documents, equipment } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { lockOwnership } from '../pictures/service.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { isUuid } from '../shared/files/ids.js';
import { DOCUMENT_IMAGE_TYPES, DOCUMENT_TYPES, detectFileType, encodeDocumentImage } from '../shared/files/image.js';
import { secondsLeft, signedDocumentUrl, verifyFileSignature } from '../shared/files/signed-url.js';
import { emptyTrashQuietly, trashKeys } from '../shared/files/trash.js';
import { attachmentDisposition, safeFileName, type Upload } from '../shared/files/upload.js';

// Documents (§3: receipt, form, lock certificate, other) of a bike or of one of its pieces of
// equipment. Always private: downloaded on the owner's signed address only. Bike documents belong to
// the ownership they were added under (like pictures); equipment documents go with the equipment.

type DocumentRow = typeof documents.$inferSelect;

function toDocument(ctx: AppContext, row: DocumentRow): BikeDocument {
  return {
    id: row.id,
    kind: row.kind,
    equipment_id: row.equipmentId,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    url: signedDocumentUrl(ctx.config.jwtSecret, row.id),
    created_on: row.createdAt.toISOString(),
  };
}

/** The bike's own documents (equipment_id null) of its current ownership, oldest first. */
export async function documentsOfBike(ctx: AppContext, bikeId: string): Promise<BikeDocument[]> {
  const rows = await ctx.db
    .select({ document: documents })
    .from(documents)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, documents.ownershipId), isNull(bikeOwnerships.endedAt)))
    .where(and(eq(documents.bikeId, bikeId), isNull(documents.equipmentId)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map((r) => toDocument(ctx, r.document));
}

/** The documents of each piece of equipment, oldest first. */
export async function documentsOfEquipment(ctx: AppContext, equipmentIds: string[]): Promise<Map<string, BikeDocument[]>> {
  const result = new Map<string, BikeDocument[]>(equipmentIds.map((id) => [id, []]));
  if (equipmentIds.length === 0) return result;
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(inArray(documents.equipmentId, equipmentIds))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  for (const row of rows) if (row.equipmentId) result.get(row.equipmentId)?.push(toDocument(ctx, row));
  return result;
}

/** GET /bikes/{bikeId}/documents: the bike's documents and those of its equipment. */
export async function listDocuments(ctx: AppContext, caller: Caller, bikeId: string): Promise<BikeDocument[]> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  const own = await documentsOfBike(ctx, bikeId);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.bikeId, bikeId),
        inArray(documents.equipmentId, ctx.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.bikeId, bikeId))),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return [...own, ...rows.map((row) => toDocument(ctx, row))];
}

function documentKindOf(value: string | undefined): DocumentKind {
  if (value === undefined || value === '') throw new AppError('field_required', 'kind');
  if (!(DOCUMENT_KINDS as readonly string[]).includes(value)) throw new AppError('field_invalid', 'kind');
  return value as DocumentKind;
}

async function equipmentOfBikeExists(db: Db, bikeId: string, equipmentId: string): Promise<boolean> {
  if (!isUuid(equipmentId)) return false;
  const [row] = await db
    .select({ id: equipment.id })
    .from(equipment)
    .where(and(eq(equipment.id, equipmentId), eq(equipment.bikeId, bikeId)));
  return Boolean(row);
}

/**
 * Stores a document's file (an image re-encoded without metadata, a PDF as it is), then its row in a
 * transaction in which `prepare` returns the ownership to file it under; the file is removed again
 * if the row cannot be written.
 */
export async function storeDocument(
  ctx: AppContext,
  input: { bikeId: string; kind: DocumentKind; equipmentId: string | null; body: Buffer; fileName: string },
  prepare: (tx: Db) => Promise<string>,
): Promise<DocumentRow> {
  const type = await detectFileType(input.body, DOCUMENT_TYPES);
  const file = DOCUMENT_IMAGE_TYPES.includes(type.mime)
    ? await encodeDocumentImage(input.body, type.mime)
    : { body: input.body, contentType: type.mime, ext: type.ext };
  const id = randomUUID();
  const storageKey = `documents/${input.bikeId}/${id}.${file.ext}`;
  await ctx.storage.put(storageKey, file.body, file.contentType);
  try {
    return await ctx.db.transaction(async (tx) => {
      const ownershipId = await prepare(tx);
      const [row] = await tx
        .insert(documents)
        .values({
          id,
          bikeId: input.bikeId,
          equipmentId: input.equipmentId,
          ownershipId,
          kind: input.kind,
          fileName: safeFileName(input.fileName, input.kind, file.ext),
          contentType: file.contentType,
          storageKey,
          size: file.body.length,
        })
        .returning();
      if (!row) throw new Error('document insert returned nothing');
      return row;
    });
  } catch (err) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** POST /bikes/{bikeId}/documents: a document of the bike, or of one of its pieces of equipment (field equipment_id). */
export async function addDocument(ctx: AppContext, caller: Caller, bikeId: string, upload: Upload): Promise<BikeDocument> {
  // The route checked the owner before reading the upload; lockOwnership checks again when the row is written.
  const kind = documentKindOf(upload.fields.kind);
  const equipmentId = upload.fields.equipment_id?.trim() || null;
  if (equipmentId && !(await equipmentOfBikeExists(ctx.db, bikeId, equipmentId))) {
    throw new AppError('equipment_unknown', 'equipment_id');
  }
  const row = await storeDocument(
    ctx,
    { bikeId, kind, equipmentId, body: upload.file.body, fileName: upload.file.filename },
    async (tx) => {
      const ownershipId = await lockOwnership(tx, caller, bikeId);
      // The equipment may have been deleted while the file was processed.
      if (equipmentId && !(await equipmentOfBikeExists(tx, bikeId, equipmentId))) throw new AppError('equipment_unknown', 'equipment_id');
      return ownershipId;
    },
  );
  return toDocument(ctx, row);
}

/** Deletes the documents and queues their files for removal. */
export async function removeDocuments(tx: Db, where: SQL | undefined): Promise<number> {
  const removed = await tx.delete(documents).where(where).returning({ storageKey: documents.storageKey });
  await trashKeys(
    tx,
    removed.map((r) => r.storageKey),
  );
  return removed.length;
}

/** DELETE /bikes/{bikeId}/documents/{documentId} */
export async function deleteDocument(ctx: AppContext, caller: Caller, bikeId: string, documentId: string): Promise<void> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  if (!isUuid(documentId)) throw new AppError('document_not_found');
  const removed = await ctx.db.transaction(async (tx) => {
    const ownershipId = await lockOwnership(tx, caller, bikeId);
    return removeDocuments(
      tx,
      and(
        eq(documents.id, documentId),
        eq(documents.bikeId, bikeId),
        // A bike document of the current ownership, or any document of the bike's equipment.
        or(
          eq(documents.ownershipId, ownershipId),
          isNull(documents.ownershipId),
          inArray(documents.equipmentId, tx.select({ id: equipment.id }).from(equipment).where(eq(equipment.bikeId, bikeId))),
        ),
      ),
    );
  });
  if (removed === 0) throw new AppError('document_not_found');
  await emptyTrashQuietly(ctx);
}

/** GET /files/documents/{documentId}: only on the owner's signed address (403 otherwise; 404 when it is gone). */
export async function signedDocumentFile(
  ctx: AppContext,
  input: { documentId: string; exp: number; sig: string },
): Promise<{ body: Buffer; contentType: string; disposition: string; maxAge: number }> {
  if (!verifyFileSignature(ctx.config.jwtSecret, { kind: 'document', id: input.documentId, size: 'file' }, input.exp, input.sig)) {
    throw new AppError('forbidden');
  }
  const [row] = await ctx.db
    .select({ storageKey: documents.storageKey, contentType: documents.contentType, fileName: documents.fileName })
    .from(documents)
    .where(eq(documents.id, input.documentId));
  if (!row) throw new AppError('document_not_found');
  const file = await ctx.storage.get(row.storageKey);
  if (!file) throw new AppError('document_not_found');
  return {
    body: file.body,
    contentType: row.contentType,
    disposition: attachmentDisposition(row.fileName),
    maxAge: secondsLeft(input.exp),
  };
}
