import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import {
  EVIDENCE_PAGE_SIZE,
  type EvidenceQuery,
  type PossessionDetails,
  type PossessionVerification,
  type PossessionVerificationInput,
  type PossessionVerificationsAnswer,
} from '../../domain/insurance-evidence.js';
import type { Insurer } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import { bikes, insuredItems, plates, possessionVerifications } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import {
  documentInfo,
  documentOfBike,
  evidenceBike,
  fileLink,
  imageLinks,
  insuredItemOf,
  isId,
  lockBike,
  nextOffset,
  pictureOfBike,
} from './evidence.js';
import { insurerWithMembership } from './service.js';

// Proof of possession for an insurer (/insurance/{insurerPartyId}/verify-bike-possession): the owner names their
// bike, its frame number and plate, a picture of each and the receipt; staff review it (the backoffice's queue:
// possession-review.ts). The insurer's members see their company's, the owner their
// own; anyone else gets 404. The insured item's possession_status follows the submission and the review.

type Row = typeof possessionVerifications.$inferSelect;
type BikeRow = typeof bikes.$inferSelect;

export async function toAnswer(ctx: AppContext, row: Row, insurer: Insurer, bike: BikeRow): Promise<PossessionVerification> {
  return {
    id: row.id,
    insurer,
    bike: evidenceBike(bike),
    insured_item_id: row.insuredItemId,
    frame_number: row.frameNumber,
    plate_id: row.plateId,
    bike_plate_ids: (await ctx.db.select({ id: plates.id }).from(plates).where(eq(plates.bikeId, bike.id)).orderBy(plates.id)).map(
      (p) => p.id,
    ),
    details: row.details as PossessionDetails,
    frame_number_picture: imageLinks(ctx, row.frameNumberPictureId),
    plate_picture: imageLinks(ctx, row.platePictureId),
    receipt: fileLink(ctx, await documentInfo(ctx.db, row.receiptDocumentId)),
    status: row.status,
    rejection_reason: row.rejectionReason,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Which of the insurer's verifications the caller sees: all of them as a member, else their own. */
function visibleTo(caller: Caller, insurerPartyId: string, member: boolean): SQL | undefined {
  return and(
    eq(possessionVerifications.insurerPartyId, insurerPartyId),
    member ? undefined : eq(possessionVerifications.ownerPartyId, caller.actingPartyId),
  );
}

/** POST /insurance/{insurerPartyId}/possession-verifications/ */
export async function createPossessionVerification(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  input: PossessionVerificationInput,
): Promise<PossessionVerification> {
  const { insurer } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  const { bike } = await bikeOfCaller(ctx.db, caller, input.bike_id);
  if (bike.frameNumberNormalised && normaliseFrameNumber(input.frame_number) !== bike.frameNumberNormalised) {
    throw new AppError('evidence_frame_number_mismatch', 'frame_number');
  }
  if (input.plate_id) {
    const [plate] = await ctx.db
      .select({ id: plates.id })
      .from(plates)
      .where(and(eq(plates.id, input.plate_id), eq(plates.bikeId, bike.id)));
    if (!plate) throw new AppError('plate_not_on_my_bike', 'plate_id');
    if (!input.plate_picture_id) throw new AppError('field_required', 'plate_picture_id');
  }
  const frameNumberPictureId = await pictureOfBike(
    ctx.db,
    bike.id,
    input.frame_number_picture_id,
    'frame_number',
    'frame_number_picture_id',
  );
  const platePictureId = input.plate_picture_id
    ? await pictureOfBike(ctx.db, bike.id, input.plate_picture_id, 'plate', 'plate_picture_id')
    : null;
  const receiptDocumentId = await documentOfBike(ctx.db, bike.id, input.receipt_document_id, 'receipt', 'receipt_document_id');

  const row = await ctx.db.transaction(async (tx) => {
    await lockBike(tx, caller, bike.id);
    const [waiting] = await tx
      .select({ id: possessionVerifications.id })
      .from(possessionVerifications)
      .where(
        and(
          eq(possessionVerifications.insurerPartyId, insurer.party_id),
          eq(possessionVerifications.bikeId, bike.id),
          eq(possessionVerifications.status, 'submitted'),
        ),
      )
      .limit(1);
    if (waiting) throw new AppError('evidence_pending');
    const item = await insuredItemOf(tx, caller, insurer.party_id, bike.id);
    const [created] = await tx
      .insert(possessionVerifications)
      .values({
        insurerPartyId: insurer.party_id,
        insuredItemId: item?.id ?? null,
        bikeId: bike.id,
        ownerPartyId: caller.actingPartyId,
        frameNumberPictureId,
        platePictureId,
        receiptDocumentId,
        frameNumber: input.frame_number,
        plateId: input.plate_id,
        details: input.details,
      })
      .returning();
    if (!created) throw new Error('possession verification insert returned nothing');
    if (item) await tx.update(insuredItems).set({ possessionStatus: 'submitted' }).where(eq(insuredItems.id, item.id));
    return created;
  });
  return toAnswer(ctx, row, insurer, bike);
}

/** GET /insurance/{insurerPartyId}/possession-verifications/?status=&offset=: a page, newest first, and the total. */
export async function listPossessionVerifications(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  query: EvidenceQuery,
): Promise<PossessionVerificationsAnswer> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  const where = and(
    visibleTo(caller, insurer.party_id, member),
    query.status ? eq(possessionVerifications.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ verification: possessionVerifications, bike: bikes })
      .from(possessionVerifications)
      .innerJoin(bikes, eq(bikes.id, possessionVerifications.bikeId))
      .where(where)
      .orderBy(desc(possessionVerifications.createdAt), desc(possessionVerifications.id))
      .limit(EVIDENCE_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(possessionVerifications).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    as_insurer: member,
    items: await Promise.all(rows.map((r) => toAnswer(ctx, r.verification, insurer, r.bike))),
    total,
    next_offset: nextOffset(query.offset, rows.length, total),
  };
}

/** GET /insurance/{insurerPartyId}/possession-verifications/{verificationId} */
export async function readPossessionVerification(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  verificationId: string,
): Promise<PossessionVerification> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  const [row] = isId(verificationId)
    ? await ctx.db
        .select({ verification: possessionVerifications, bike: bikes })
        .from(possessionVerifications)
        .innerJoin(bikes, eq(bikes.id, possessionVerifications.bikeId))
        .where(and(eq(possessionVerifications.id, verificationId), visibleTo(caller, insurer.party_id, member)))
    : [];
  if (!row) throw new AppError('possession_verification_not_found');
  return toAnswer(ctx, row.verification, insurer, row.bike);
}
