import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { pictures } from '../../db/schema.js';

// A perceptual hash of every picture (picture.perceptual_hash): the same photo reused on another bike is a
// fraud signal an insurer sees beside a claim. dHash: the picture in grey at 9×8 pixels, one bit per pair of
// neighbours in a row (is the left one brighter?), 64 bits as 16 hex digits. Re-encoding, resizing and small
// changes of brightness leave it (nearly) unchanged; another picture differs in about half of the bits.

/** Pictures whose hashes differ in at most this many of the 64 bits count as the same picture. */
export const SAME_PICTURE_MAX_DISTANCE = 6;

/** A picture this plain (almost no edges: a blank wall, a dark shot) matches every other one, so it says nothing. */
const MIN_EDGE_BITS = 4;

/** Stored for a picture that could not be hashed (its file gone or unreadable), so the backfill does not retry it forever. */
const UNHASHABLE = '';

/** The 64-bit dHash of an image, as 16 hex digits. */
export async function perceptualHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image, { failOn: 'error' })
    .rotate()
    .greyscale()
    // Every source pixel counts (no shrink-on-load while decoding a JPEG), so a re-encoded copy lands on the same grid.
    .resize(9, 8, { fit: 'fill', kernel: 'linear', fastShrinkOnLoad: false })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

export interface SimilarPicture {
  /** The other bike. */
  bike_id: string;
  /** Its picture, and the picture of the bike asked about that it resembles. */
  picture_id: string;
  matches_picture_id: string;
  /** Bits that differ (0: the same picture). */
  distance: number;
}

/**
 * The other bikes with a picture within `maxDistance` bits of one of this bike's pictures (the fraud signal "the
 * same picture reused on another bike"), closest first, one row per other bike. Pictures too plain to tell are
 * left out. A full scan of the hashed pictures in the database (bit_count over the XOR of the two hashes).
 */
export async function bikesWithSimilarPictures(db: Db, bikeId: string, maxDistance = SAME_PICTURE_MAX_DISTANCE): Promise<SimilarPicture[]> {
  const result = await db.execute(sql`
    with mine as (
      select id, ('x' || perceptual_hash)::bit(64) as bits
      from picture
      where bike_id = ${bikeId} and length(perceptual_hash) = 16
    ),
    close as (
      select other.bike_id, other.id as picture_id, mine.id as matches_picture_id,
             bit_count(mine.bits # ('x' || other.perceptual_hash)::bit(64))::int as distance
      from picture other, mine
      where other.bike_id <> ${bikeId} and length(other.perceptual_hash) = 16
        and bit_count(mine.bits) between ${MIN_EDGE_BITS} and ${64 - MIN_EDGE_BITS}
    )
    select distinct on (bike_id) bike_id, picture_id, matches_picture_id, distance
    from close
    where distance <= ${maxDistance}
    order by bike_id, distance, picture_id`);
  const rows = ((result as { rows?: SimilarPicture[] }).rows ?? []) as SimilarPicture[];
  return rows
    .map((r) => ({ bike_id: r.bike_id, picture_id: r.picture_id, matches_picture_id: r.matches_picture_id, distance: Number(r.distance) }))
    .sort((a, b) => a.distance - b.distance || a.bike_id.localeCompare(b.bike_id));
}

/**
 * Hashes the pictures stored before hashes were (from their thumbnails, as uploads are), a batch at a time until
 * none is left; returns how many it did. Run at start (main.ts); safe to run on several instances at once.
 */
export async function backfillPerceptualHashes(ctx: AppContext, batchSize = 50): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: pictures.id, thumbnailKey: pictures.thumbnailKey })
      .from(pictures)
      .where(isNull(pictures.perceptualHash))
      .orderBy(asc(pictures.createdAt))
      .limit(batchSize);
    if (batch.length === 0) return done;
    for (const picture of batch) {
      const file = await ctx.storage.get(picture.thumbnailKey).catch(() => null);
      const hash = file ? await perceptualHash(file.body).catch(() => UNHASHABLE) : UNHASHABLE;
      await ctx.db
        .update(pictures)
        .set({ perceptualHash: hash })
        .where(and(eq(pictures.id, picture.id), isNull(pictures.perceptualHash)));
      done++;
    }
  }
}
