import { and, eq, isNull, ne } from 'drizzle-orm';
import type { EvidenceReview } from '../../domain/insurance-evidence.js';
import type { Insurer } from '../../domain/theft.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, documents, identities, insurancePolicies, insuredItems, organisations, pictures } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { getFixedT } from '../i18n/index.js';
import { bikeLabel, brandNameOf } from '../shared/bike-words.js';
import { signedDocumentUrl, signedPictureUrl } from '../shared/files/signed-url.js';

// What the possession verifications and the lock tests share: the files they name (the bike's own pictures and
// documents, uploaded before through their calls), the insured item they count for, who may see them, and the
// owner's mail about the outcome.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string) => UUID.test(value);

type BikeRow = typeof bikes.$inferSelect;

export function evidenceBike(bike: Pick<BikeRow, 'id' | 'brandId' | 'brandName' | 'model' | 'frameNumber'>) {
  return { id: bike.id, brand: brandNameOf(bike), model: bike.model, frame_number: bike.frameNumber };
}

/** Where the page after this one starts: null on the last page (or past the end). */
export function nextOffset(offset: number, pageLength: number, total: number): number | null {
  return pageLength > 0 && offset + pageLength < total ? offset + pageLength : null;
}

/** A picture of the bike's current ownership, of this kind; else 422 on the field that named it. */
export async function pictureOfBike(db: Db, bikeId: string, pictureId: string, kind: 'frame_number' | 'plate', field: string) {
  const [row] = isId(pictureId)
    ? await db
        .select({ id: pictures.id })
        .from(pictures)
        .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, pictures.ownershipId), isNull(bikeOwnerships.endedAt)))
        .where(and(eq(pictures.id, pictureId), eq(pictures.bikeId, bikeId), eq(pictures.kind, kind)))
    : [];
  if (!row) throw new AppError('field_invalid', field);
  return row.id;
}

/** A document of the bike (or of its equipment), of this kind; else 422 on the field that named it. */
export async function documentOfBike(db: Db, bikeId: string, documentId: string, kind: 'receipt' | 'lock_certificate', field: string) {
  const [row] = isId(documentId)
    ? await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.bikeId, bikeId), eq(documents.kind, kind)))
    : [];
  if (!row) throw new AppError('field_invalid', field);
  return row.id;
}

export function imageLinks(ctx: AppContext, pictureId: string | null) {
  if (!pictureId) return null;
  return {
    url: signedPictureUrl(ctx.config.jwtSecret, pictureId, 'full'),
    thumbnail_url: signedPictureUrl(ctx.config.jwtSecret, pictureId, 'thumb'),
  };
}

export function fileLink(ctx: AppContext, document: { id: string; fileName: string; contentType: string } | null) {
  if (!document) return null;
  return { url: signedDocumentUrl(ctx.config.jwtSecret, document.id), file_name: document.fileName, content_type: document.contentType };
}

export async function documentInfo(db: Db, documentId: string | null) {
  if (!documentId) return null;
  const [row] = await db
    .select({ id: documents.id, fileName: documents.fileName, contentType: documents.contentType })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row ?? null;
}

/**
 * The caller's bike's insured item under one of this insurer's policies the caller holds (not cancelled); with a
 * policy id, under that policy. Null when the bike is not insured with the insurer (the evidence still counts).
 */
export async function insuredItemOf(
  db: Db,
  caller: Caller,
  insurerPartyId: string,
  bikeId: string,
  policyId: string | null = null,
): Promise<{ id: string; policyId: string } | null> {
  const [row] = await db
    .select({ id: insuredItems.id, policyId: insuredItems.policyId })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .where(
      and(
        eq(insuredItems.bikeId, bikeId),
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        eq(insurancePolicies.holderPartyId, caller.actingPartyId),
        ne(insurancePolicies.status, 'cancelled'),
        policyId ? eq(insurancePolicies.id, policyId) : undefined,
      ),
    )
    .orderBy(insuredItems.createdAt)
    .limit(1);
  return row ?? null;
}

/** Locks the caller's current ownership of the bike for the transaction, so two submissions for it take turns. */
export async function lockBike(tx: Db, caller: Caller, bikeId: string): Promise<void> {
  const [row] = await tx
    .select({ id: bikeOwnerships.id })
    .from(bikeOwnerships)
    .where(and(eq(bikeOwnerships.bikeId, bikeId), isNull(bikeOwnerships.endedAt), eq(bikeOwnerships.partyId, caller.actingPartyId)))
    .for('update');
  if (!row) throw new AppError('bike_not_found');
}

/** The insurer of a stored evidence row, by its party id. */
export async function insurerById(db: Db, insurerPartyId: string): Promise<Insurer> {
  const [row] = await db
    .select({ party_id: organisations.partyId, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.partyId, insurerPartyId));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The owner's mail about a decision on their evidence, in their language; nothing when the owner is no person. */
export async function queueOutcomeMail(
  ctx: AppContext,
  tx: Db,
  input: {
    kind: 'possession' | 'lock';
    ownerPartyId: string;
    bikeId: string | null;
    insurer: Insurer;
    review: EvidenceReview;
    url: string;
  },
): Promise<void> {
  const [owner] = await tx
    .select({ email: identities.email, language: identities.language })
    .from(identities)
    .where(eq(identities.partyId, input.ownerPartyId));
  if (!owner) return;
  const [bike] = input.bikeId ? await tx.select().from(bikes).where(eq(bikes.id, input.bikeId)) : [];
  const t = getFixedT(owner.language, 'mail', 'insuranceEvidence');
  const values = {
    bike: bike ? bikeLabel(owner.language, bike) : getFixedT(owner.language, 'mail')('aBike'),
    insurer: input.insurer.name,
    reason: input.review.reason ?? '',
  };
  const approved = input.review.decision === 'approved';
  const outcome = `${input.kind}${approved ? 'Approved' : 'Rejected'}`;
  const mail = composeMail(owner.language, {
    to: owner.email,
    subject: t(`${outcome}Subject`),
    paragraphs: [t(`${outcome}Body`, values), ...(approved ? [] : [t(`${input.kind}Retry`)])],
    action: { label: t('button'), url: `${ctx.config.publicUrl}${input.url}` },
  });
  await ctx.mailer.enqueue(tx, { ...mail, partyId: input.ownerPartyId });
}
