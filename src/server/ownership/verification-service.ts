import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { OwnershipVerification } from '../../domain/ownership.js';
import { approvalActKey } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, ownershipVerifications, pictures } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { lockOwnership } from '../pictures/service.js';
import { requireApproval } from '../shared/approvals.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { detectFileType, encodePicture, PICTURE_TYPES } from '../shared/files/image.js';
import { signedPictureUrl } from '../shared/files/signed-url.js';
import type { Upload } from '../shared/files/upload.js';

// Verify ownership (§2, issue 5): the owner proves holding their bike with a picture of its frame
// number, then confirms with national ID. A verification belongs to one ownership: after a transfer the
// new owner's ownership has no row, so they start at 'none' without anything being reset.

export type VerificationRow = typeof ownershipVerifications.$inferSelect;

/** The newest verification of an ownership, locked when `lock` (so two uploads or confirmations take turns). */
export async function verificationOfOwnership(tx: Db, ownershipId: string, lock = false): Promise<VerificationRow | null> {
  const query = tx
    .select()
    .from(ownershipVerifications)
    .where(eq(ownershipVerifications.ownershipId, ownershipId))
    .orderBy(desc(ownershipVerifications.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function toVerification(ctx: AppContext, bikeId: string, row: VerificationRow | null): OwnershipVerification {
  const picture = row?.framePictureId ?? null;
  return {
    bike_id: bikeId,
    // A proof whose picture the owner has since deleted waits for a picture again.
    status: row?.status === 'owner_pending' && !picture ? 'frame_pending' : (row?.status ?? 'none'),
    frame_picture_url: picture ? signedPictureUrl(ctx.config.jwtSecret, picture, 'full') : null,
    frame_picture_thumbnail_url: picture ? signedPictureUrl(ctx.config.jwtSecret, picture, 'thumb') : null,
    verified_at: row?.verifiedAt?.toISOString() ?? null,
    reject_reason: row?.status === 'rejected' ? row.rejectReason : null,
  };
}

/** GET /bikes/{bikeId}/ownership-verification */
export async function getVerification(ctx: AppContext, caller: Caller, bikeId: string): Promise<OwnershipVerification> {
  const { ownership } = await bikeOfCaller(ctx.db, caller, bikeId);
  return toVerification(ctx, bikeId, await verificationOfOwnership(ctx.db, ownership.id));
}

/** GET /ownership-verifications: the verification of each bike the caller owns now (for the overview page). */
export async function listMyVerifications(ctx: AppContext, caller: Caller): Promise<OwnershipVerification[]> {
  const owned = await ctx.db
    .select({ bikeId: bikeOwnerships.bikeId, ownershipId: bikeOwnerships.id })
    .from(bikeOwnerships)
    .where(and(eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt)));
  if (owned.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(ownershipVerifications)
    .where(
      inArray(
        ownershipVerifications.ownershipId,
        owned.map((o) => o.ownershipId),
      ),
    )
    .orderBy(desc(ownershipVerifications.createdAt));
  const newest = new Map<string, VerificationRow>();
  for (const row of rows) if (!newest.has(row.ownershipId)) newest.set(row.ownershipId, row);
  return owned.map((o) => toVerification(ctx, o.bikeId, newest.get(o.ownershipId) ?? null));
}

/**
 * POST /bikes/{bikeId}/ownership-verification/frame: the picture goes through the pictures pipeline
 * (checked by its bytes, re-encoded without metadata, thumbnail) as a frame_number picture of the
 * current ownership, and the verification waits for the owner's national ID. A rejected verification
 * starts over with the new picture; a verified one stays as it is (409). Picture row and verification
 * are written in one transaction; the stored files are removed again if it fails.
 */
export async function addFramePicture(ctx: AppContext, caller: Caller, bikeId: string, upload: Upload): Promise<OwnershipVerification> {
  await detectFileType(upload.file.body, PICTURE_TYPES);
  const { full, thumb } = await encodePicture(upload.file.body);
  const pictureId = randomUUID();
  const storageKey = `pictures/${bikeId}/${pictureId}.${full.ext}`;
  const thumbnailKey = `pictures/${bikeId}/${pictureId}-thumb.${thumb.ext}`;
  await ctx.storage.put(storageKey, full.body, full.contentType);
  await ctx.storage.put(thumbnailKey, thumb.body, thumb.contentType);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const ownershipId = await lockOwnership(tx, caller, bikeId);
      const current = await verificationOfOwnership(tx, ownershipId, true);
      if (current?.status === 'verified') throw new AppError('ownership_already_verified');
      await tx.insert(pictures).values({
        id: pictureId,
        bikeId,
        ownershipId,
        kind: 'frame_number',
        storageKey,
        thumbnailKey,
        contentType: full.contentType,
        width: full.width,
        height: full.height,
        size: full.body.length,
      });
      const now = new Date();
      const values = {
        framePictureId: pictureId,
        status: 'owner_pending' as const,
        rejectReason: null,
        rejectedByPartyId: null,
        updatedAt: now,
      };
      const [saved] = current
        ? await tx.update(ownershipVerifications).set(values).where(eq(ownershipVerifications.id, current.id)).returning()
        : await tx
            .insert(ownershipVerifications)
            .values({ ...values, bikeId, ownershipId, partyId: caller.partyId })
            .returning();
      return saved ?? null;
    });
    return toVerification(ctx, bikeId, row);
  } catch (err) {
    await Promise.allSettled([ctx.storage.delete(storageKey), ctx.storage.delete(thumbnailKey)]);
    throw err;
  }
}

/**
 * POST /bikes/{bikeId}/ownership-verification/owner: the owner's national ID approval of verifying THIS
 * bike (act verify_ownership:<bikeId>, header x-approval-id) turns a verification with a frame picture
 * into a verified one. Without a picture: 409 verification_frame_missing (checked first, so no approval
 * is spent on it); without a valid approval: 403 approval_required.
 */
export async function confirmOwner(
  ctx: AppContext,
  caller: Caller,
  bikeId: string,
  approvalId: string | undefined,
): Promise<OwnershipVerification> {
  const row = await ctx.db.transaction(async (tx) => {
    const { ownership } = await bikeOfCaller(tx, caller, bikeId);
    const current = await verificationOfOwnership(tx, ownership.id, true);
    if (current?.status === 'verified') return current;
    if (!current || current.status === 'rejected' || !current.framePictureId) throw new AppError('verification_frame_missing');
    await requireApproval(tx, caller.partyId, approvalActKey('verify_ownership', bikeId), approvalId);
    const now = new Date();
    const [updated] = await tx
      .update(ownershipVerifications)
      .set({ status: 'verified', verifiedAt: now, updatedAt: now, partyId: caller.partyId })
      .where(eq(ownershipVerifications.id, current.id))
      .returning();
    await recordBikeEvent(tx, { bikeId, kind: 'ownership_verified', actorPartyId: caller.partyId, ownershipId: ownership.id });
    return updated ?? current;
  });
  return toVerification(ctx, bikeId, row);
}
