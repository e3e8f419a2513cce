import { type AnyColumn, and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FraudSignal } from '../../domain/insurance.js';
import { PICTURE_HASH_MAX_DISTANCE, RECENT_REGISTRATION_DAYS } from '../../domain/insurance-claims.js';
import type { Db } from '../db/client.js';
import { pictures, theftReports } from '../db/schema.js';

// The fraud signals shown to the insurer beside a claim, computed here from what the register knows:
// - registered_shortly_before_theft: the bike was registered RECENT_REGISTRATION_DAYS or fewer before the theft (days);
// - frame_number_elsewhere: other stolen reports (so also other claims, at any insurer) name the same frame number (count);
// - picture_reused: a picture of this bike is, by its perceptual hash, the same as one of another bike (count of such bikes);
// - owner_not_verified: the owner has not verified their identity with national ID.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A frame number as the fraud check compares them: letters and digits only, upper case. */
export const looseFrameNumber = (column: typeof theftReports.frameNumber) => sql`upper(regexp_replace(${column}, '[^[:alnum:]]', '', 'g'))`;

/** Other stolen reports on the frame number (any bike, kept found ones too), newest first. */
export async function otherReportsOnFrameNumber(db: Db, reportId: string, frameNumber: string) {
  const loose = frameNumber.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  if (!loose) return [];
  return db
    .select({
      bikeId: theftReports.bikeId,
      createdAt: theftReports.createdAt,
      notedTime: theftReports.notedTime,
      foundAt: theftReports.foundAt,
    })
    .from(theftReports)
    .where(and(ne(theftReports.id, reportId), sql`${looseFrameNumber(theftReports.frameNumber)} = ${loose}`))
    .orderBy(sql`${theftReports.createdAt} desc`);
}

/** How many other bikes have a picture within PICTURE_HASH_MAX_DISTANCE bits of one of this bike's (hashes: 16 hex digits). */
async function bikesWithReusedPictures(db: Db, bikeId: string): Promise<number> {
  const other = alias(pictures, 'other_picture');
  const bits = (hash: AnyColumn) => sql`('x' || ${hash})::bit(64)`;
  const wellFormed = (hash: AnyColumn) => sql`${hash} ~ '^[0-9a-f]{16}$'`;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${other.bikeId})::int` })
    .from(pictures)
    .innerJoin(
      other,
      and(
        ne(other.bikeId, pictures.bikeId),
        wellFormed(other.perceptualHash),
        sql`bit_count(${bits(other.perceptualHash)} # ${bits(pictures.perceptualHash)}) <= ${PICTURE_HASH_MAX_DISTANCE}`,
      ),
    )
    .where(and(eq(pictures.bikeId, bikeId), wellFormed(pictures.perceptualHash)));
  return row?.n ?? 0;
}

export interface FraudFacts {
  bikeId: string | null;
  registeredAt: Date | null;
  stolenAt: Date;
  otherReports: number;
  ownerVerified: boolean;
}

export async function fraudSignals(db: Db, facts: FraudFacts): Promise<FraudSignal[]> {
  const signals: FraudSignal[] = [];
  if (facts.registeredAt) {
    const days = Math.floor((facts.stolenAt.getTime() - facts.registeredAt.getTime()) / DAY_MS);
    if (days <= RECENT_REGISTRATION_DAYS) signals.push({ code: 'registered_shortly_before_theft', days: Math.max(0, days) });
  }
  if (facts.otherReports > 0) signals.push({ code: 'frame_number_elsewhere', count: facts.otherReports });
  const reused = facts.bikeId ? await bikesWithReusedPictures(db, facts.bikeId) : 0;
  if (reused > 0) signals.push({ code: 'picture_reused', count: reused });
  if (!facts.ownerVerified) signals.push({ code: 'owner_not_verified' });
  return signals;
}
