import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { findBrand } from '../../domain/bikes/brands.js';
import type { VerificationStatus } from '../../domain/ownership.js';
import type { ReviewItem } from '../../domain/ownership-review.js';
import type { AppContext } from '../context.js';
import { auditLog, bikeOwnerships, bikes, identities, ownershipVerifications } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { verificationRejectedMail } from '../ownership/verification-mails.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { isUuid } from '../shared/files/ids.js';
import { signedPictureUrl } from '../shared/files/signed-url.js';
import { publicCardsOf } from '../shared/public-cards.js';

// Staff's review of ownership verifications (issue 5): the list with the frame picture beside the
// registered frame number, and the rejection of one that does not hold (mail, bike history, audit log).
// Only verifications of current ownerships are shown: one of an ended ownership no longer means anything.

const LIST_LIMIT = 200;

/** GET /backoffice/ownership-verifications?status= (newest change first). */
export function listForReview(ctx: AppContext, status: VerificationStatus | undefined): Promise<ReviewItem[]> {
  return reviewItems(ctx, status && status !== 'none' ? eq(ownershipVerifications.status, status) : undefined);
}

async function reviewItems(ctx: AppContext, where: SQL | undefined): Promise<ReviewItem[]> {
  const rows = await ctx.db
    .select({ v: ownershipVerifications, email: identities.email, frameNumber: bikes.frameNumber })
    .from(ownershipVerifications)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, ownershipVerifications.ownershipId), isNull(bikeOwnerships.endedAt)))
    .innerJoin(bikes, eq(bikes.id, ownershipVerifications.bikeId))
    .leftJoin(identities, eq(identities.partyId, ownershipVerifications.partyId))
    .where(where)
    .orderBy(desc(ownershipVerifications.updatedAt), desc(ownershipVerifications.id))
    .limit(LIST_LIMIT);
  // Staff see the public picture on signed addresses, whether or not the bike is searchable.
  const cards = await publicCardsOf(ctx, [...new Set(rows.map((r) => r.v.bikeId))], { onlyVisible: false, forOwner: true });
  return rows.flatMap(({ v, email, frameNumber }) => {
    const bike = cards.get(v.bikeId);
    if (!bike) return [];
    const picture = v.framePictureId;
    return [
      {
        id: v.id,
        bike,
        frame_number: frameNumber,
        frame_picture_url: picture ? signedPictureUrl(ctx.config.jwtSecret, picture, 'full') : null,
        frame_picture_thumbnail_url: picture ? signedPictureUrl(ctx.config.jwtSecret, picture, 'thumb') : null,
        owner_email: email,
        status: v.status,
        reject_reason: v.rejectReason,
        created_at: v.createdAt.toISOString(),
        updated_at: v.updatedAt.toISOString(),
        verified_at: v.verifiedAt?.toISOString() ?? null,
      },
    ];
  });
}

/**
 * POST /backoffice/ownership-verifications/{id}/reject: the verification is rejected with the reason,
 * the owner gets a mail in their language with a way to start over, and the bike's history and the
 * audit log name the staff member. One transaction; the mail goes after commit.
 */
export async function rejectVerification(ctx: AppContext, caller: Caller, id: string, reason: string): Promise<ReviewItem> {
  if (!isUuid(id)) throw new AppError('verification_not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ v: ownershipVerifications })
      .from(ownershipVerifications)
      .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, ownershipVerifications.ownershipId), isNull(bikeOwnerships.endedAt)))
      .where(eq(ownershipVerifications.id, id))
      .for('update', { of: ownershipVerifications });
    if (!row) throw new AppError('verification_not_found');
    const { v } = row;
    if (v.status === 'rejected') throw new AppError('verification_already_rejected');
    const now = new Date();
    await tx
      .update(ownershipVerifications)
      .set({ status: 'rejected', rejectReason: reason, rejectedByPartyId: caller.partyId, verifiedAt: null, updatedAt: now })
      .where(eq(ownershipVerifications.id, v.id));
    await recordBikeEvent(tx, {
      bikeId: v.bikeId,
      kind: 'ownership_verification_rejected',
      actorPartyId: caller.partyId,
      ownershipId: v.ownershipId,
      data: { reason },
    });
    await tx.insert(auditLog).values({
      actorPartyId: caller.partyId,
      action: 'ownership_verification.reject',
      targetPartyId: v.partyId,
      recordType: 'ownership_verification',
      recordId: v.id,
      before: { status: v.status, reject_reason: v.rejectReason },
      after: { status: 'rejected', reject_reason: reason },
      data: { verification_id: v.id, bike_id: v.bikeId, reason },
    });
    const [owner] = await tx
      .select({ email: identities.email, language: identities.language })
      .from(identities)
      .where(eq(identities.partyId, v.partyId));
    if (owner) {
      const [bike] = await tx.select().from(bikes).where(eq(bikes.id, v.bikeId));
      // The nickname is the owner's own, kept on the ownership this verification is about.
      const [ownership] = await tx
        .select({ nickname: bikeOwnerships.nickname })
        .from(bikeOwnerships)
        .where(eq(bikeOwnerships.id, v.ownershipId));
      const brand = bike?.brandName ?? findBrand(bike?.brandId)?.name;
      const name = ownership?.nickname || [brand, bike?.model].filter(Boolean).join(' ') || bike?.frameNumber || '';
      const url = `${ctx.config.publicUrl}/app/bikes/verify-ownership/${v.bikeId}/frame`;
      await ctx.mailer.enqueue(tx, {
        ...verificationRejectedMail(owner.language, owner.email, { bike: name, reason, url }),
        partyId: v.partyId,
      });
    }
  });
  void ctx.mailer.flush();
  const [item] = await reviewItems(ctx, eq(ownershipVerifications.id, id));
  if (!item) throw new AppError('verification_not_found');
  return item;
}
