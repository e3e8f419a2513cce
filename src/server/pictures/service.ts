import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { PICTURE_KINDS, type Picture, type PictureKind } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, pictures } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { isUuid } from '../shared/files/ids.js';
import { detectFileType, encodePicture, PICTURE_TYPES } from '../shared/files/image.js';
import { perceptualHash } from '../shared/files/perceptual-hash.js';
import { publicPictureUrl, secondsLeft, signedPictureUrl, verifyFileSignature } from '../shared/files/signed-url.js';
import { emptyTrashQuietly, trashKeys } from '../shared/files/trash.js';
import type { Upload } from '../shared/files/upload.js';

// Pictures of a bike (§1, §3): private to the owner, except the one public picture, which anyone
// searching sees while the bike is searchable or reported stolen. A picture belongs to the ownership
// it was added under: a new owner does not see the old owner's pictures unless they are handed over.

type PictureRow = typeof pictures.$inferSelect;

function toPicture(ctx: AppContext, row: PictureRow): Picture {
  return {
    id: row.id,
    kind: row.kind,
    url: signedPictureUrl(ctx.config.jwtSecret, row.id, 'full'),
    thumbnail_url: signedPictureUrl(ctx.config.jwtSecret, row.id, 'thumb'),
    width: row.width,
    height: row.height,
    created_on: row.createdAt.toISOString(),
  };
}

/** Pictures of the current ownership of the bike, oldest first, with the owner's signed addresses (also for the public one). */
export async function picturesOfBike(ctx: AppContext, bikeId: string): Promise<Picture[]> {
  const rows = await ctx.db
    .select({ picture: pictures })
    .from(pictures)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, pictures.ownershipId), isNull(bikeOwnerships.endedAt)))
    .where(eq(pictures.bikeId, bikeId))
    .orderBy(asc(pictures.createdAt), asc(pictures.id));
  return rows.map((r) => toPicture(ctx, r.picture));
}

/**
 * The public picture of each bike that has one (of its current ownership). By default the public
 * addresses (served only while the bike is searchable or reported stolen: for search and plate
 * scans); with `forOwner`, the owner's signed addresses, which work whatever the bike's flags.
 */
export async function publicPictures(
  ctx: AppContext,
  bikeIds: string[],
  options: { forOwner?: boolean } = {},
): Promise<Map<string, { url: string; thumbnail_url: string }>> {
  const result = new Map<string, { url: string; thumbnail_url: string }>();
  if (bikeIds.length === 0) return result;
  const rows = await ctx.db
    .select({ id: pictures.id, bikeId: pictures.bikeId })
    .from(pictures)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, pictures.ownershipId), isNull(bikeOwnerships.endedAt)))
    .where(and(inArray(pictures.bikeId, bikeIds), eq(pictures.kind, 'public')))
    .orderBy(asc(pictures.createdAt));
  for (const row of rows) {
    const url = options.forOwner
      ? (size: 'full' | 'thumb') => signedPictureUrl(ctx.config.jwtSecret, row.id, size)
      : (size: 'full' | 'thumb') => publicPictureUrl(row.id, size);
    // The newest wins, should there ever be two.
    result.set(row.bikeId, { url: url('full'), thumbnail_url: url('thumb') });
  }
  return result;
}

/** GET /bikes/{bikeId}/pictures */
export async function listPictures(ctx: AppContext, caller: Caller, bikeId: string): Promise<Picture[]> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  return picturesOfBike(ctx, bikeId);
}

export function pictureKindOf(value: string | undefined): PictureKind {
  if (value === undefined || value === '') throw new AppError('field_required', 'kind');
  if (!(PICTURE_KINDS as readonly string[]).includes(value)) throw new AppError('field_invalid', 'kind');
  return value as PictureKind;
}

/**
 * The caller's current ownership of the bike, locked for the rest of the transaction (so two uploads
 * of a public picture, or an upload and the bike's deletion, take turns); 404 when it is not theirs.
 */
export async function lockOwnership(tx: Db, caller: Caller, bikeId: string): Promise<string> {
  const [row] = await tx
    .select({ id: bikeOwnerships.id })
    .from(bikeOwnerships)
    .where(and(eq(bikeOwnerships.bikeId, bikeId), isNull(bikeOwnerships.endedAt), eq(bikeOwnerships.partyId, caller.actingPartyId)))
    .for('update');
  if (!row) throw new AppError('bike_not_found');
  return row.id;
}

/**
 * Stores a picture's two files, then its row in a transaction in which `prepare` checks and returns
 * the ownership to file it under (and may clear the way); the files are removed again if the row
 * cannot be written.
 */
export async function storePicture(
  ctx: AppContext,
  input: { bikeId: string; kind: PictureKind; body: Buffer },
  prepare: (tx: Db) => Promise<string>,
): Promise<PictureRow> {
  const { full, thumb } = await encodePicture(input.body);
  // From the thumbnail, as the backfill of older pictures does: the same picture hashes the same either way.
  const hash = await perceptualHash(thumb.body);
  const id = randomUUID();
  const storageKey = `pictures/${input.bikeId}/${id}.${full.ext}`;
  const thumbnailKey = `pictures/${input.bikeId}/${id}-thumb.${thumb.ext}`;
  await ctx.storage.put(storageKey, full.body, full.contentType);
  await ctx.storage.put(thumbnailKey, thumb.body, thumb.contentType);
  try {
    return await ctx.db.transaction(async (tx) => {
      const ownershipId = await prepare(tx);
      const [row] = await tx
        .insert(pictures)
        .values({
          id,
          bikeId: input.bikeId,
          ownershipId,
          kind: input.kind,
          storageKey,
          thumbnailKey,
          contentType: full.contentType,
          width: full.width,
          height: full.height,
          size: full.body.length,
          perceptualHash: hash,
        })
        .returning();
      if (!row) throw new Error('picture insert returned nothing');
      return row;
    });
  } catch (err) {
    await Promise.allSettled([ctx.storage.delete(storageKey), ctx.storage.delete(thumbnailKey)]);
    throw err;
  }
}

/**
 * POST /bikes/{bikeId}/pictures: a new picture; a public one replaces the bike's public picture. The
 * route checks the owner before reading the upload; the ownership is checked again, and locked, when
 * the row is written.
 */
export async function addPicture(ctx: AppContext, caller: Caller, bikeId: string, upload: Upload): Promise<Picture> {
  const kind = pictureKindOf(upload.fields.kind);
  await detectFileType(upload.file.body, PICTURE_TYPES);
  const row = await storePicture(ctx, { bikeId, kind, body: upload.file.body }, async (tx) => {
    const ownershipId = await lockOwnership(tx, caller, bikeId);
    if (kind === 'public') await removePictures(tx, and(eq(pictures.bikeId, bikeId), eq(pictures.kind, 'public')));
    return ownershipId;
  });
  if (kind === 'public') await emptyTrashQuietly(ctx);
  return toPicture(ctx, row);
}

/** Deletes the pictures and queues their files for removal. */
export async function removePictures(tx: Db, where: SQL | undefined): Promise<number> {
  const removed = await tx
    .delete(pictures)
    .where(where)
    .returning({ storageKey: pictures.storageKey, thumbnailKey: pictures.thumbnailKey });
  await trashKeys(
    tx,
    removed.flatMap((r) => [r.storageKey, r.thumbnailKey]),
  );
  return removed.length;
}

/** DELETE /bikes/{bikeId}/pictures/{pictureId} */
export async function deletePicture(ctx: AppContext, caller: Caller, bikeId: string, pictureId: string): Promise<void> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  if (!isUuid(pictureId)) throw new AppError('picture_not_found');
  const removed = await ctx.db.transaction(async (tx) => {
    const ownershipId = await lockOwnership(tx, caller, bikeId);
    return removePictures(
      tx,
      and(eq(pictures.id, pictureId), eq(pictures.bikeId, bikeId), or(eq(pictures.ownershipId, ownershipId), isNull(pictures.ownershipId))),
    );
  });
  if (removed === 0) throw new AppError('picture_not_found');
  await emptyTrashQuietly(ctx);
}

export interface ServedFile {
  body: Buffer;
  contentType: string;
}

async function fileOfPicture(ctx: AppContext, row: { storageKey: string; thumbnailKey: string }, size: 'full' | 'thumb') {
  const file = await ctx.storage.get(size === 'full' ? row.storageKey : row.thumbnailKey);
  if (!file) throw new AppError('picture_not_found');
  return file;
}

/** GET /files/pictures/{pictureId}/{size}: only on the owner's signed address (403 otherwise; 404 when the picture is gone). */
export async function signedPictureFile(
  ctx: AppContext,
  input: { pictureId: string; size: 'full' | 'thumb'; exp: number; sig: string },
): Promise<ServedFile & { maxAge: number }> {
  if (!verifyFileSignature(ctx.config.jwtSecret, { kind: 'picture', id: input.pictureId, size: input.size }, input.exp, input.sig)) {
    throw new AppError('forbidden');
  }
  const [row] = await ctx.db
    .select({ storageKey: pictures.storageKey, thumbnailKey: pictures.thumbnailKey })
    .from(pictures)
    .where(eq(pictures.id, input.pictureId));
  if (!row) throw new AppError('picture_not_found');
  return { ...(await fileOfPicture(ctx, row, input.size)), maxAge: secondsLeft(input.exp) };
}

/**
 * GET /public/pictures/{pictureId}/{size}: the public picture of a bike with a current owner that is
 * searchable or reported stolen; anything else is 404, so no private picture is ever reachable here.
 */
export async function publicPictureFile(ctx: AppContext, input: { pictureId: string; size: 'full' | 'thumb' }): Promise<ServedFile> {
  const [row] = await ctx.db
    .select({ storageKey: pictures.storageKey, thumbnailKey: pictures.thumbnailKey })
    .from(pictures)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, pictures.ownershipId), isNull(bikeOwnerships.endedAt)))
    .innerJoin(bikes, eq(bikes.id, pictures.bikeId))
    .where(
      and(eq(pictures.id, input.pictureId), eq(pictures.kind, 'public'), or(eq(bikes.searchable, true), eq(bikes.reportedStolen, true))),
    );
  if (!row) throw new AppError('picture_not_found');
  return fileOfPicture(ctx, row, input.size);
}
