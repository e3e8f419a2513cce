import { and, ne, sql } from 'drizzle-orm';
import type { FraudSignal } from '../../domain/insurance.js';
import { RECENT_REGISTRATION_DAYS } from '../../domain/insurance-claims.js';
import type { Db } from '../db/client.js';
import { theftReports } from '../db/schema.js';
import { bikesWithSimilarPictures } from '../shared/files/perceptual-hash.js';

// The fraud signals shown to the insurer beside a claim, computed here from what the register knows:
// - registered_shortly_before_theft: the bike was registered RECENT_REGISTRATION_DAYS or fewer before the theft (days);
// - frame_number_elsewhere: other stolen reports (so also other claims, at any insurer) name the same frame number (count);
// - picture_reused: a picture of this bike is, by its perceptual hash, the same as one of another bike (count of such
//   bikes; shared/files/perceptual-hash.ts decides what is the same);
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
  const reused = facts.bikeId ? (await bikesWithSimilarPictures(db, facts.bikeId)).length : 0;
  if (reused > 0) signals.push({ code: 'picture_reused', count: reused });
  if (!facts.ownerVerified) signals.push({ code: 'owner_not_verified' });
  return signals;
}
