import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import type { ClaimDossier, ClaimMove, ClaimsAnswer, ClaimsQuery } from '../../domain/insurance.js';
import { canMoveClaim, nextClaimStatuses } from '../../domain/insurance-claims.js';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  bikeOwnerships,
  bikes,
  documents,
  identities,
  insuranceClaimEvents,
  insuranceClaims,
  lockTestResponses,
  pictures,
  plates,
  possessionVerifications,
  theftReports,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppFieldErrors } from '../http/errors.js';
import { contactOf } from '../ownership/parties.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { signedDocumentUrl, signedPictureUrl } from '../shared/files/signed-url.js';
import { policeReportOf } from '../theft/police-report.js';
import { claimsWith, pageOfClaims, toClaimSummary } from './claims-read.js';
import { claimEmails } from './emails.js';
import { fraudSignals, otherReportsOnFrameNumber } from './fraud-signals.js';
import { insurerOfMember, UUID } from './service.js';

// Claims (issue 13): a stolen report shared with an insurer arrives as a claim (theft/report-service.ts). The
// insurer's members list them, open one's dossier, download its police report (audited: it holds the personal ID
// number) and move it a step (domain/insurance-claims.ts), each step an event, the owner told by mail and in the
// app (their own claims list). Paid with the owner's agreement, the registration moves to the insurer.

export const policeReportPathOf = (insurerPartyId: string, claimId: string) =>
  `/api/insurance/${insurerPartyId}/claims/${claimId}/police-report.pdf`;

/** GET /insurance/{insurerPartyId}/claims/ */
export async function listInsurerClaims(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  query: ClaimsQuery,
): Promise<ClaimsAnswer> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  return pageOfClaims(ctx.db, eq(insuranceClaims.insurerPartyId, insurer.party_id), query);
}

/** GET /insurance/self/claims/: the claims of the party the caller acts as. */
export async function listOwnClaims(ctx: AppContext, caller: Caller, query: ClaimsQuery): Promise<ClaimsAnswer> {
  return pageOfClaims(ctx.db, eq(insuranceClaims.ownerPartyId, caller.actingPartyId), query);
}

/** The insurer's claim with its report, or 404 claim_not_found (another insurer's too). */
async function claimOf(db: Db, insurerPartyId: string, claimId: string) {
  const [row] = UUID.test(claimId)
    ? await claimsWith(db, and(eq(insuranceClaims.id, claimId), eq(insuranceClaims.insurerPartyId, insurerPartyId))).limit(1)
    : [];
  if (!row) throw new AppError('claim_not_found');
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /insurance/{insurerPartyId}/claims/{claimId}: the dossier. */
export async function readClaimDossier(ctx: AppContext, caller: Caller, insurerPartyId: string, claimId: string): Promise<ClaimDossier> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const row = await claimOf(ctx.db, insurer.party_id, claimId);
  const { claim } = row;
  const db = ctx.db;
  const [[report], events, [bike], [owner], others] = await Promise.all([
    db.select().from(theftReports).where(eq(theftReports.id, row.reportId)),
    db.select().from(insuranceClaimEvents).where(eq(insuranceClaimEvents.claimId, claim.id)).orderBy(asc(insuranceClaimEvents.createdAt)),
    claim.bikeId ? db.select().from(bikes).where(eq(bikes.id, claim.bikeId)) : Promise.resolve([]),
    claim.ownerPartyId
      ? db.select({ verifiedOn: identities.verifiedOn }).from(identities).where(eq(identities.partyId, claim.ownerPartyId))
      : Promise.resolve([]),
    otherReportsOnFrameNumber(db, row.reportId, row.frameNumber),
  ]);
  if (!report) throw new AppError('claim_not_found');
  const ownerVerified = Boolean(owner?.verifiedOn);
  return {
    ...toClaimSummary(row),
    ownership_transferred_at: iso(claim.ownershipTransferredAt),
    next_statuses: nextClaimStatuses(claim.status),
    events: events.map((e) => ({ status: e.status, note: e.note, created_at: e.createdAt.toISOString() })),
    report: {
      reported_at: report.createdAt.toISOString(),
      found_at: iso(report.foundAt),
      time_last_seen: report.timeLastSeen.toISOString(),
      place: report.place,
      latitude: report.latitude,
      longitude: report.longitude,
      lock_status: report.lockStatus,
      battery_location: report.batteryLocation,
      bike_color: report.bikeColor,
      bike_category: report.bikeCategory,
      is_electric: report.isElectric,
      culprit_info: report.culpritInfo,
      witnesses: report.witnesses,
      owner_address: {
        street_address: report.streetAddress,
        zip_code: report.zipCode,
        city: report.city,
        floor: report.floor,
        side: report.side,
        door: report.door,
      },
      police_report_url: policeReportPathOf(insurer.party_id, claim.id),
    },
    bike: bike ? await bikeEvidence(ctx, insurer.party_id, bike, report) : null,
    earlier_reports: others.map((o) => ({
      reported_at: o.createdAt.toISOString(),
      stolen_at: o.notedTime.toISOString(),
      found: o.foundAt !== null,
      same_bike: o.bikeId === claim.bikeId,
    })),
    owner_national_id_verified: ownerVerified,
    fraud_signals: await fraudSignals(db, {
      bikeId: bike?.id ?? null,
      registeredAt: bike?.createdAt ?? null,
      stolenAt: report.notedTime,
      otherReports: others.length,
      ownerVerified,
    }),
  };
}

/**
 * What the register knows of the bike that the insurer can trust: its registration, plates, proofs, papers, owners.
 * The papers are every receipt and lock certificate of the bike (whichever ownership or equipment they were added
 * under, so the proof of possession's receipt and the lock test's certificate too), on signed addresses: the dossier
 * reaches only the insurer's members, and so do the addresses.
 */
async function bikeEvidence(
  ctx: AppContext,
  insurerPartyId: string,
  bike: typeof bikes.$inferSelect,
  report: typeof theftReports.$inferSelect,
): Promise<NonNullable<ClaimDossier['bike']>> {
  const db = ctx.db;
  const [plateRows, possession, lockTest, documentRows, receiptPictures, ownerships] = await Promise.all([
    db.select({ id: plates.id }).from(plates).where(eq(plates.bikeId, bike.id)).orderBy(asc(plates.assignedAt)),
    db
      .select({ status: possessionVerifications.status })
      .from(possessionVerifications)
      .where(and(eq(possessionVerifications.bikeId, bike.id), eq(possessionVerifications.insurerPartyId, insurerPartyId)))
      .orderBy(desc(possessionVerifications.createdAt))
      .limit(1),
    db
      .select({ status: lockTestResponses.status })
      .from(lockTestResponses)
      .where(and(eq(lockTestResponses.bikeId, bike.id), eq(lockTestResponses.insurerPartyId, insurerPartyId)))
      .orderBy(desc(lockTestResponses.createdAt))
      .limit(1),
    db
      .select({ id: documents.id, kind: documents.kind, name: documents.fileName, createdAt: documents.createdAt })
      .from(documents)
      .where(and(eq(documents.bikeId, bike.id), inArray(documents.kind, ['receipt', 'lock_certificate'])))
      .orderBy(asc(documents.createdAt)),
    db
      .select({ id: pictures.id, createdAt: pictures.createdAt })
      .from(pictures)
      .where(and(eq(pictures.bikeId, bike.id), eq(pictures.kind, 'receipt')))
      .orderBy(asc(pictures.createdAt)),
    db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bike.id)).orderBy(asc(bikeOwnerships.startedAt)),
  ]);
  return {
    registered_at: bike.createdAt.toISOString(),
    frame_number: bike.frameNumber,
    frame_number_matches: bike.frameNumber !== null && normaliseFrameNumber(bike.frameNumber) === normaliseFrameNumber(report.frameNumber),
    plates: plateRows.map((p) => p.id),
    possession_status: possession[0]?.status ?? 'missing',
    lock_test_status: lockTest[0]?.status ?? 'missing',
    documents: [
      ...documentRows.map((d) => ({
        kind: d.kind as 'receipt' | 'lock_certificate',
        name: d.name,
        added_at: d.createdAt.toISOString(),
        url: signedDocumentUrl(ctx.config.jwtSecret, d.id),
      })),
      ...receiptPictures.map((p) => ({
        kind: 'receipt_picture' as const,
        name: '',
        added_at: p.createdAt.toISOString(),
        url: signedPictureUrl(ctx.config.jwtSecret, p.id, 'full'),
      })),
    ],
    ownerships: ownerships.map((o) => ({
      started_at: o.startedAt.toISOString(),
      ended_at: iso(o.endedAt),
      end_reason: o.endReason,
      claimant: o.id === report.ownershipId,
      insurer: o.partyId === insurerPartyId,
    })),
  };
}

/** GET /insurance/{insurerPartyId}/claims/{claimId}/police-report.pdf: audited (cpr.read) like the owner's. */
export async function claimPoliceReport(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  claimId: string,
  language: Language,
): Promise<{ body: Buffer; fileName: string }> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const { reportId } = await claimOf(ctx.db, insurer.party_id, claimId);
  const [row] = await ctx.db
    .select({ report: theftReports, bike: bikes, ownership: bikeOwnerships })
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, theftReports.ownershipId))
    .where(eq(theftReports.id, reportId));
  if (!row) throw new AppError('claim_not_found');
  return policeReportOf(ctx, caller, { ...row, insurerName: insurer.name }, language);
}

/** POST /insurance/{insurerPartyId}/claims/{claimId}/events/: the next step; answers the dossier. */
export async function moveClaim(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  claimId: string,
  move: ClaimMove,
): Promise<ClaimDossier> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const reason = move.reason?.trim() || null;
  if (move.status === 'rejected' && !reason) throw new AppFieldErrors([{ field: 'reason', code: 'claim_rejection_reason_required' }]);
  await ctx.db.transaction(async (tx) => {
    const { claim } = await claimOf(tx, insurer.party_id, claimId);
    const [locked] = await tx
      .select({ status: insuranceClaims.status })
      .from(insuranceClaims)
      .where(eq(insuranceClaims.id, claim.id))
      .for('update');
    if (!locked || !canMoveClaim(locked.status, move.status)) throw new AppError('claim_move_not_allowed');
    const now = new Date();
    const transferred = move.status === 'paid' && claim.ownershipTransferAgreed ? await transferToInsurer(tx, claim, caller, now) : false;
    await tx
      .update(insuranceClaims)
      .set({
        status: move.status,
        rejectionReason: move.status === 'rejected' ? reason : null,
        ownershipTransferredAt: transferred ? now : claim.ownershipTransferredAt,
        updatedAt: now,
      })
      .where(eq(insuranceClaims.id, claim.id));
    await tx.insert(insuranceClaimEvents).values({
      claimId: claim.id,
      status: move.status,
      actorPartyId: caller.partyId,
      note: move.status === 'rejected' ? reason : null,
      createdAt: now,
    });
    await tellOwner(ctx, tx, claim, insurer.name, move.status, reason, transferred);
  });
  void ctx.mailer.flush();
  return readClaimDossier(ctx, caller, insurerPartyId, claimId);
}

/**
 * Paid, and the owner agreed: the claimant's ownership ends (compensated) and the insurer's begins, both recorded in
 * the bike's history. Nothing moves when the claimant no longer owns the bike (it was found and passed on, or deleted).
 */
async function transferToInsurer(tx: Db, claim: typeof insuranceClaims.$inferSelect, caller: Caller, now: Date): Promise<boolean> {
  if (!claim.bikeId || !claim.ownerPartyId) return false;
  const [current] = await tx
    .select()
    .from(bikeOwnerships)
    .where(and(eq(bikeOwnerships.bikeId, claim.bikeId), eq(bikeOwnerships.partyId, claim.ownerPartyId)))
    .orderBy(desc(bikeOwnerships.startedAt))
    .limit(1)
    .for('update');
  if (!current || current.endedAt) return false;
  await tx.update(bikeOwnerships).set({ endedAt: now, endReason: 'compensated' }).where(eq(bikeOwnerships.id, current.id));
  const [next] = await tx
    .insert(bikeOwnerships)
    .values({ bikeId: claim.bikeId, partyId: claim.insurerPartyId, startedAt: now })
    .returning({ id: bikeOwnerships.id });
  await tx.update(bikes).set({ updatedAt: now }).where(eq(bikes.id, claim.bikeId));
  const data = { claim_id: claim.id };
  await recordBikeEvent(tx, {
    bikeId: claim.bikeId,
    kind: 'transferred_to_insurer',
    actorPartyId: caller.actingPartyId,
    ownershipId: current.id,
    data,
  });
  await recordBikeEvent(tx, {
    bikeId: claim.bikeId,
    kind: 'transferred_to_insurer',
    actorPartyId: caller.actingPartyId,
    ownershipId: next?.id,
    data,
  });
  return true;
}

async function tellOwner(
  ctx: AppContext,
  tx: Db,
  claim: typeof insuranceClaims.$inferSelect,
  insurerName: string,
  status: ClaimMove['status'],
  reason: string | null,
  transferred: boolean,
): Promise<void> {
  const owner = claim.ownerPartyId ? await contactOf(tx, claim.ownerPartyId) : null;
  if (!owner?.email) return;
  const [bike] = claim.bikeId ? await tx.select().from(bikes).where(eq(bikes.id, claim.bikeId)) : [];
  const mail = claimEmails.step(owner.language, owner.email, {
    bike: bike ? bikeLabel(owner.language, bike) : '',
    insurer: insurerName,
    status,
    reason,
    transferred,
    claimsUrl: `${ctx.config.publicUrl}/insurance/self/admin/reports`,
  });
  await ctx.mailer.enqueue(tx, { ...mail, partyId: owner.kind === 'person' ? owner.partyId : null });
}
