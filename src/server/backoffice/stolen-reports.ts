import { and, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import {
  type DuplicateCandidate,
  STOLEN_REVIEW_PAGE_SIZE,
  type StolenReviewAnswer,
  type StolenReviewItem,
  type StolenReviewQuery,
  type StolenReviewState,
} from '../../domain/stolen-review.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, identities, pictures, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange, realActorOf } from '../shared/audit.js';
import { brandNameOf } from '../shared/bike-words.js';
import { isUuid } from '../shared/files/ids.js';
import { signedPictureUrl } from '../shared/files/signed-url.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';

// Staff's review of stolen reports for the public map (issue 14): the queue of open reports (waiting ones first),
// filtered and paged on the server, and approve / hide / merge. Each decision is audited with the review fields
// before and after and bumps the stolen-map version in its transaction, so every instance's map follows at once.

/** The pictures staff look at: the bike's own photos (receipts and lock proofs are the owner's papers). */
const PICTURE_KINDS = ['public', 'frame_number', 'plate'] as const;
const PICTURES_PER_REPORT = 6;

/** The day after an ISO date, for an inclusive "to". */
function dayAfter(date: string): Date {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The plain normal form the generated frame_number_key column holds (schema.ts), for a search text. */
const frameKeyOf = (text: string) => text.replace(/[\s./\\_-]/g, '').toUpperCase();

function filtersOf(q: StolenReviewQuery): SQL | undefined {
  const text = q.q ? frameKeyOf(q.q) : '';
  return and(
    isNull(theftReports.foundAt),
    q.state ? eq(theftReports.reviewState, q.state) : undefined,
    q.from ? gte(theftReports.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(theftReports.createdAt, dayAfter(q.to)) : undefined,
    q.region ? eq(theftReports.region, q.region) : undefined,
    q.postal_from ? gte(theftReports.placePostalCode, q.postal_from) : undefined,
    q.postal_to ? lte(theftReports.placePostalCode, q.postal_to) : undefined,
    text ? sql`${theftReports.frameNumberKey} like ${`%${text.replace(/[%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
}

/** GET /backoffice/stolen-reports: a page of open reports, waiting ones first, then newest reported first. */
export async function listStolenReports(ctx: AppContext, q: StolenReviewQuery): Promise<StolenReviewAnswer> {
  const where = filtersOf(q);
  const [page, [counted]] = await Promise.all([
    ctx.db
      .select({ id: theftReports.id })
      .from(theftReports)
      .where(where)
      .orderBy(sql`(${theftReports.reviewState} = 'new') desc`, desc(theftReports.createdAt), desc(theftReports.id))
      .limit(STOLEN_REVIEW_PAGE_SIZE)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(theftReports).where(where),
  ]);
  const total = counted?.n ?? 0;
  const items = await reviewItems(
    ctx,
    page.map((r) => r.id),
  );
  const next = q.offset + page.length;
  return { items, total, next_offset: page.length === STOLEN_REVIEW_PAGE_SIZE && next < total ? next : null };
}

type ReportRow = typeof theftReports.$inferSelect;

/** The keys a report is known by: its frame number as typed (both normal forms) and its bike's registered one. */
function keysOf(report: Pick<ReportRow, 'frameNumber' | 'frameNumberKey'>, bikeFrameNormalised: string | null): Set<string> {
  return new Set([report.frameNumberKey, normaliseFrameNumber(report.frameNumber), bikeFrameNormalised].filter((k): k is string => !!k));
}

interface CandidateRow {
  report: ReportRow;
  bikeFrameNormalised: string | null;
  brandId: string | null;
  brandName: string | null;
  model: string | null;
}

/** The open, unmerged reports sharing a bike or a frame-number key with any of `reports` (one query for a page). */
async function candidateRows(db: Db, reports: { bikeId: string; keys: Set<string> }[]): Promise<CandidateRow[]> {
  if (reports.length === 0) return [];
  const keys = [...new Set(reports.flatMap((r) => [...r.keys]))];
  const bikeIds = [...new Set(reports.map((r) => r.bikeId))];
  return db
    .select({
      report: theftReports,
      bikeFrameNormalised: bikes.frameNumberNormalised,
      brandId: bikes.brandId,
      brandName: bikes.brandName,
      model: bikes.model,
    })
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .where(
      and(
        isNull(theftReports.foundAt),
        ne(theftReports.reviewState, 'merged'),
        or(
          inArray(theftReports.bikeId, bikeIds),
          keys.length ? inArray(theftReports.frameNumberKey, keys) : undefined,
          keys.length ? inArray(bikes.frameNumberNormalised, keys) : undefined,
        ),
      ),
    )
    .orderBy(desc(theftReports.createdAt));
}

/** Of the candidate rows, those that duplicate this report (not itself). */
function duplicatesOf(report: { id: string; bikeId: string; keys: Set<string> }, rows: CandidateRow[]): CandidateRow[] {
  return rows.filter((row) => {
    if (row.report.id === report.id) return false;
    if (row.report.bikeId === report.bikeId) return true;
    for (const key of keysOf(row.report, row.bikeFrameNormalised)) if (report.keys.has(key)) return true;
    return false;
  });
}

const toCandidate = (row: CandidateRow): DuplicateCandidate => ({
  id: row.report.id,
  bike_id: row.report.bikeId,
  frame_number: row.report.frameNumber,
  brand: brandNameOf(row),
  model: row.model,
  place: row.report.place,
  review_state: row.report.reviewState,
  created_at: row.report.createdAt.toISOString(),
});

/** The reports of `ids` as staff review them, in that order: bike, pictures, reviewer and duplicates in a few queries. */
async function reviewItems(ctx: AppContext, ids: string[]): Promise<StolenReviewItem[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ report: theftReports, bikeFrameNormalised: bikes.frameNumberNormalised, reviewerEmail: identities.email })
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .leftJoin(identities, eq(identities.partyId, theftReports.reviewedByPartyId))
    .where(inArray(theftReports.id, ids));
  const byId = new Map(rows.map((row) => [row.report.id, row]));
  const keyed = rows.map((row) => ({
    id: row.report.id,
    bikeId: row.report.bikeId,
    keys: keysOf(row.report, row.bikeFrameNormalised),
  }));
  const [cards, pictureRows, candidates] = await Promise.all([
    publicCardsOf(ctx, [...new Set(rows.map((r) => r.report.bikeId))], { onlyVisible: false, forOwner: true }),
    ctx.db
      .select({ id: pictures.id, kind: pictures.kind, ownershipId: pictures.ownershipId })
      .from(pictures)
      .where(
        and(
          inArray(
            pictures.ownershipId,
            rows.map((r) => r.report.ownershipId),
          ),
          inArray(pictures.kind, [...PICTURE_KINDS]),
        ),
      )
      .orderBy(desc(pictures.createdAt)),
    candidateRows(ctx.db, keyed),
  ]);
  return keyed
    .flatMap((k) => {
      const row = byId.get(k.id);
      if (!row) return [];
      const { report } = row;
      const secret = ctx.config.jwtSecret;
      return [
        {
          id: report.id,
          bike_id: report.bikeId,
          bike: cards.get(report.bikeId) ?? null,
          frame_number: report.frameNumber,
          color_id: report.bikeColor,
          category_id: report.bikeCategory,
          is_electric: report.isElectric,
          created_at: report.createdAt.toISOString(),
          stolen_at: report.notedTime.toISOString(),
          place: report.place,
          postal_code: report.placePostalCode,
          region: report.region,
          latitude: report.latitude,
          longitude: report.longitude,
          culprit_info: report.culpritInfo,
          witnesses: report.witnesses,
          owner_name: `${report.firstName} ${report.lastName}`.trim(),
          owner_email: report.email,
          pictures: pictureRows
            .filter((p) => p.ownershipId === report.ownershipId)
            .slice(0, PICTURES_PER_REPORT)
            .map((p) => ({
              id: p.id,
              kind: p.kind,
              url: signedPictureUrl(secret, p.id, 'full'),
              thumbnail_url: signedPictureUrl(secret, p.id, 'thumb'),
            })),
          review_state: report.reviewState,
          review_reason: report.reviewReason,
          merged_into_report_id: report.mergedIntoReportId,
          reviewed_at: report.reviewedAt?.toISOString() ?? null,
          reviewed_by_email: row.reviewerEmail,
          duplicates: duplicatesOf(k, candidates).map(toCandidate),
        },
      ];
    })
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/** GET /backoffice/stolen-reports/{id}: one open report. */
export async function stolenReportForReview(ctx: AppContext, id: string): Promise<StolenReviewItem> {
  if (!isUuid(id)) throw new AppError('stolen_report_not_found');
  const [item] = await reviewItems(ctx, [id]);
  if (!item) throw new AppError('stolen_report_not_found');
  return item;
}

/** The review fields the audit log keeps before and after. */
const reviewFields = (r: Pick<ReportRow, 'reviewState' | 'reviewReason' | 'mergedIntoReportId'>) => ({
  review_state: r.reviewState,
  review_reason: r.reviewReason,
  merged_into_report_id: r.mergedIntoReportId,
});

type Decision = { action: 'approve' } | { action: 'hide'; reason: string } | { action: 'merge'; intoReportId: string };

/** The state a decision leads to, or the conflict that refuses it. */
function nextState(current: StolenReviewState, decision: Decision): StolenReviewState {
  if (current === 'merged') throw new AppError('stolen_report_merged');
  if (decision.action === 'approve') {
    if (current === 'approved') throw new AppError('stolen_report_already_approved');
    return 'approved';
  }
  if (decision.action === 'hide') {
    if (current === 'hidden') throw new AppError('stolen_report_already_hidden');
    return 'hidden';
  }
  return 'merged';
}

/**
 * POST /backoffice/stolen-reports/{id}/approve | hide | merge: one transaction with the report locked — the new
 * state, the audit entry (stolen_report.approve …) and the map's version.
 */
export async function decideStolenReport(ctx: AppContext, caller: Caller, id: string, decision: Decision): Promise<StolenReviewItem> {
  if (!isUuid(id)) throw new AppError('stolen_report_not_found');
  await ctx.db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(theftReports)
      .where(and(eq(theftReports.id, id), isNull(theftReports.foundAt)))
      .for('update');
    if (!report) throw new AppError('stolen_report_not_found');
    const state = nextState(report.reviewState, decision);
    let mergedInto: string | null = null;
    if (decision.action === 'merge') mergedInto = await checkedMergeTarget(tx, report, decision.intoReportId);
    const after = {
      reviewState: state,
      reviewReason: decision.action === 'hide' ? decision.reason : null,
      mergedIntoReportId: mergedInto,
    };
    await tx
      .update(theftReports)
      .set({ ...after, reviewedAt: new Date(), reviewedByPartyId: realActorOf(caller) })
      .where(eq(theftReports.id, report.id));
    await auditStaffChange(tx, caller, {
      action: `stolen_report.${decision.action}`,
      record: { type: 'stolen_report', id: report.id },
      targetPartyId: report.reporterPartyId,
      before: reviewFields(report),
      after: reviewFields(after),
      data: { bike_id: report.bikeId },
    });
    await bumpStolenMapVersion(tx);
  });
  return stolenReportForReview(ctx, id);
}

/** The report to merge into: another open, unmerged report of the same bike or frame number (locked, so it stays so). */
async function checkedMergeTarget(tx: Db, report: ReportRow, intoReportId: string): Promise<string> {
  const notDuplicate = new AppError('stolen_report_not_duplicate', 'into_report_id');
  if (intoReportId === report.id) throw notDuplicate;
  const [target] = await tx
    .select({ report: theftReports, bikeFrameNormalised: bikes.frameNumberNormalised })
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .where(and(eq(theftReports.id, intoReportId), isNull(theftReports.foundAt), ne(theftReports.reviewState, 'merged')))
    .for('update', { of: theftReports });
  if (!target) throw notDuplicate;
  const [bike] = await tx.select({ normalised: bikes.frameNumberNormalised }).from(bikes).where(eq(bikes.id, report.bikeId));
  const source = { id: report.id, bikeId: report.bikeId, keys: keysOf(report, bike?.normalised ?? null) };
  const row = { ...target, brandId: null, brandName: null, model: null };
  if (duplicatesOf(source, [row]).length === 0) throw notDuplicate;
  return target.report.id;
}
