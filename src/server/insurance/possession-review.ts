import { aliasedTable, and, asc, count, desc, eq, gt, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { EvidenceQuery } from '../../domain/insurance-evidence.js';
import {
  type HeldItem,
  type NextReviewInput,
  type PossessionReview,
  type PossessionReviewInput,
  REVIEW_HOLD_MINUTES,
  type ReviewChecks,
  type ReviewInsurer,
  type ReviewQueue,
} from '../../domain/possession-review.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  bikeOwnerships,
  bikes,
  identities,
  insurancePolicies,
  insurancePurchases,
  insuredItems,
  organisations,
  possessionVerifications as pv,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { insurerById, isId, nextOffset, queueOutcomeMail } from './evidence.js';
import { toAnswer } from './possession.js';

// Staff's review of the owners' proofs of possession (issue 14; the backoffice's /insurance-verification pages). The
// reviewer holds the item they work on for REVIEW_HOLD_MINUTES (held_by / held_until, renewed while they work, released
// on a decision or a skip), so two reviewers never work the same one: "next" takes the oldest waiting item no one else
// holds, with FOR UPDATE SKIP LOCKED so two reviewers asking at once get different ones. The decision moves the insured
// item's possession_status, mails the owner and writes the audit log, in one transaction. Holds are not audited: they
// change nothing about the proof and run out by themselves.

const REVIEW_PAGE_SIZE = 20;
const holdEnd = sql`now() + ${sql.raw(`interval '${REVIEW_HOLD_MINUTES} minutes'`)}`;
const reviewer = aliasedTable(identities, 'reviewer');
const holder = aliasedTable(identities, 'holder');

/** Held by someone other than the caller, and the hold has not run out. */
const heldByOther = (me: string): SQL =>
  and(sql`${pv.heldByPartyId} is not null`, sql`${pv.heldByPartyId} <> ${me}`, gt(pv.heldUntil, sql`now()`)) as SQL;
/** No one else holds it: free, run out, or the caller's. */
const freeFor = (me: string): SQL => or(isNull(pv.heldByPartyId), lte(pv.heldUntil, sql`now()`), eq(pv.heldByPartyId, me)) as SQL;

function holdOf(me: string, row: { heldByPartyId: string | null; heldUntil: Date | null }, email: string | null) {
  if (!row.heldByPartyId || !row.heldUntil || row.heldUntil.getTime() <= Date.now()) return null;
  return { mine: row.heldByPartyId === me, email, until: row.heldUntil.toISOString() };
}

const waitingCount = async (db: Db) => (await db.select({ n: count() }).from(pv).where(eq(pv.status, 'submitted')))[0]?.n ?? 0;

/** GET /backoffice/insurance-verification/insurers: every insurance company, those with the most waiting first. */
export async function listReviewInsurers(ctx: AppContext): Promise<ReviewInsurer[]> {
  const waiting = sql<number>`cast(count(${pv.id}) filter (where ${pv.status} = 'submitted') as int)`;
  return ctx.db
    .select({
      party_id: organisations.partyId,
      name: organisations.name,
      waiting,
      decided: sql<number>`cast(count(${pv.id}) filter (where ${pv.status} <> 'submitted') as int)`,
    })
    .from(organisations)
    .leftJoin(pv, eq(pv.insurerPartyId, organisations.partyId))
    .where(eq(organisations.organisationType, 'insurance_company'))
    .groupBy(organisations.partyId, organisations.name)
    .orderBy(desc(waiting), asc(organisations.name));
}

/** GET …/insurers/{insurerPartyId}/verifications?status=&offset=: waiting first, oldest first; then decided, newest first. */
export async function listReviewQueue(ctx: AppContext, caller: Caller, insurerPartyId: string, query: EvidenceQuery): Promise<ReviewQueue> {
  const insurer = isId(insurerPartyId) ? await insurerById(ctx.db, insurerPartyId) : null;
  if (!insurer) throw new AppError('not_found');
  const where = and(eq(pv.insurerPartyId, insurer.party_id), query.status ? eq(pv.status, query.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ v: pv, bike: bikes, reviewerEmail: reviewer.email, holderEmail: holder.email })
      .from(pv)
      .innerJoin(bikes, eq(bikes.id, pv.bikeId))
      .leftJoin(reviewer, eq(reviewer.partyId, pv.reviewedByPartyId))
      .leftJoin(holder, eq(holder.partyId, pv.heldByPartyId))
      .where(where)
      .orderBy(
        sql`(${pv.status} = 'submitted') desc`,
        sql`case when ${pv.status} = 'submitted' then ${pv.createdAt} end asc`,
        desc(pv.reviewedAt),
        asc(pv.id),
      )
      .limit(REVIEW_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(pv).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    insurer,
    items: rows.map(({ v, bike, reviewerEmail, holderEmail }) => {
      const details = v.details as { first_name: string; last_name: string };
      return {
        id: v.id,
        bike: { brand: bike.brandName, model: bike.model, frame_number: bike.frameNumber },
        owner_name: `${details.first_name} ${details.last_name}`,
        status: v.status,
        rejection_reason: v.rejectionReason,
        reviewer_email: reviewerEmail,
        reviewed_at: v.reviewedAt?.toISOString() ?? null,
        created_at: v.createdAt.toISOString(),
        hold: holdOf(caller.partyId, v, holderEmail),
      };
    }),
    total,
    next_offset: nextOffset(query.offset, rows.length, total),
  };
}

/** GET /backoffice/insurance-verifications/{id}: the proof, the bike as registered, the policy, and who holds it. */
export async function readPossessionReview(ctx: AppContext, caller: Caller, id: string): Promise<PossessionReview> {
  const [row] = isId(id)
    ? await ctx.db
        .select({ v: pv, bike: bikes, reviewerEmail: reviewer.email, holderEmail: holder.email })
        .from(pv)
        .innerJoin(bikes, eq(bikes.id, pv.bikeId))
        .leftJoin(reviewer, eq(reviewer.partyId, pv.reviewedByPartyId))
        .leftJoin(holder, eq(holder.partyId, pv.heldByPartyId))
        .where(eq(pv.id, id))
    : [];
  if (!row) throw new AppError('possession_verification_not_found');
  const { v, bike } = row;
  const insurer = await insurerById(ctx.db, v.insurerPartyId);
  const [[ownership], [policy], waiting] = await Promise.all([
    ctx.db
      .select({ purchaseDate: bikeOwnerships.purchaseDate, price: bikeOwnerships.normalPriceDkk })
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.bikeId, bike.id), isNull(bikeOwnerships.endedAt))),
    v.insuredItemId
      ? ctx.db
          .select({ id: insurancePolicies.id, number: insurancePolicies.insurerPolicyId, coverage: insurancePolicies.coverage })
          .from(insuredItems)
          .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
          .where(eq(insuredItems.id, v.insuredItemId))
      : [],
    waitingCount(ctx.db),
  ]);
  const purchases = policy
    ? await ctx.db.select({ basket: insurancePurchases.basket }).from(insurancePurchases).where(eq(insurancePurchases.policyId, policy.id))
    : [];
  return {
    verification: await toAnswer(ctx, v, insurer, bike),
    bike: {
      brand_id: bike.brandId,
      production_year: bike.productionYear,
      purchase_date: ownership?.purchaseDate ?? null,
      price_dkk: ownership?.price ?? null,
    },
    policy: policy
      ? {
          insurer_policy_id: policy.number,
          coverage: policy.coverage,
          declared: purchases.flatMap((p) =>
            (p.basket as { bikePrice: number; bikePurchaseDate: string }[]).map((item) => ({
              price_dkk: item.bikePrice,
              purchase_date: item.bikePurchaseDate,
            })),
          ),
        }
      : null,
    checks: (v.reviewChecks as ReviewChecks | null) ?? {},
    reviewer_email: row.reviewerEmail,
    hold: holdOf(caller.partyId, v, row.holderEmail),
    waiting,
  };
}

/** POST /backoffice/insurance-verifications/next: holds the oldest waiting item no one else holds (the caller's own first). */
export async function takeNextReview(ctx: AppContext, caller: Caller, input: NextReviewInput): Promise<HeldItem> {
  const me = caller.partyId;
  return ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: pv.id })
      .from(pv)
      .where(
        and(
          eq(pv.status, 'submitted'),
          freeFor(me),
          input.insurer_party_id ? eq(pv.insurerPartyId, input.insurer_party_id) : undefined,
          input.skip.length > 0 ? notInArray(pv.id, input.skip) : undefined,
        ),
      )
      .orderBy(sql`(${pv.heldByPartyId} is not distinct from ${me}) desc`, asc(pv.createdAt), asc(pv.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return { id: null, held_until: null };
    return hold(tx, me, next.id);
  });
}

async function hold(tx: Db, me: string, id: string): Promise<HeldItem> {
  const [held] = await tx
    .update(pv)
    .set({ heldByPartyId: me, heldUntil: holdEnd })
    .where(and(eq(pv.id, id), eq(pv.status, 'submitted'), freeFor(me)))
    .returning({ id: pv.id, until: pv.heldUntil });
  if (held) return { id: held.id, held_until: held.until?.toISOString() ?? null };
  const [row] = await tx.select({ status: pv.status }).from(pv).where(eq(pv.id, id));
  if (!row) throw new AppError('possession_verification_not_found');
  throw new AppError(row.status === 'submitted' ? 'possession_verification_held' : 'evidence_already_reviewed');
}

/** PUT /backoffice/insurance-verifications/{id}/hold: takes a free item or renews the caller's hold. */
export async function holdReview(ctx: AppContext, caller: Caller, id: string): Promise<HeldItem> {
  if (!isId(id)) throw new AppError('possession_verification_not_found');
  return hold(ctx.db, caller.partyId, id);
}

/** DELETE /backoffice/insurance-verifications/{id}/hold: lets go of the caller's hold (skip); another's is left alone. */
export async function releaseReview(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  if (!isId(id)) throw new AppError('possession_verification_not_found');
  const [row] = await ctx.db.select({ id: pv.id }).from(pv).where(eq(pv.id, id));
  if (!row) throw new AppError('possession_verification_not_found');
  await ctx.db
    .update(pv)
    .set({ heldByPartyId: null, heldUntil: null })
    .where(and(eq(pv.id, id), eq(pv.heldByPartyId, caller.partyId)));
}

/**
 * POST /backoffice/insurance-verifications/{id}/review: the decision on a waiting proof no one else holds. Its status,
 * reviewer and time, what the steps found, the insured item's possession_status, the owner's mail and the audit entry
 * (possession_verification.approve / .reject), in one transaction; the hold ends with it. Decided: 409.
 */
export async function reviewPossessionVerification(
  ctx: AppContext,
  caller: Caller,
  id: string,
  review: PossessionReviewInput,
): Promise<PossessionReview> {
  if (!isId(id)) throw new AppError('possession_verification_not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(pv).where(eq(pv.id, id)).for('update');
    if (!row) throw new AppError('possession_verification_not_found');
    if (row.status !== 'submitted') throw new AppError('evidence_already_reviewed');
    const [other] = await tx
      .select({ id: pv.id })
      .from(pv)
      .where(and(eq(pv.id, id), heldByOther(caller.partyId)));
    if (other) throw new AppError('possession_verification_held');
    const [decided] = await tx
      .update(pv)
      .set({
        status: review.decision,
        rejectionReason: review.decision === 'rejected' ? review.reason : null,
        reviewChecks: review.checks,
        reviewedByPartyId: caller.partyId,
        reviewedAt: new Date(),
        heldByPartyId: null,
        heldUntil: null,
      })
      .where(eq(pv.id, row.id))
      .returning();
    if (row.insuredItemId) {
      await tx.update(insuredItems).set({ possessionStatus: review.decision }).where(eq(insuredItems.id, row.insuredItemId));
    }
    await auditStaffChange(tx, caller, {
      action: review.decision === 'approved' ? 'possession_verification.approve' : 'possession_verification.reject',
      record: { type: 'possession_verification', id: row.id },
      targetPartyId: row.ownerPartyId,
      before: { status: row.status, rejection_reason: row.rejectionReason, reviewed_at: null },
      after: {
        status: decided?.status,
        rejection_reason: decided?.rejectionReason ?? null,
        reviewed_at: decided?.reviewedAt?.toISOString() ?? null,
        checks: review.checks,
      },
      data: { insurer_party_id: row.insurerPartyId, bike_id: row.bikeId, insured_item_id: row.insuredItemId },
    });
    const insurer = await insurerById(tx, row.insurerPartyId);
    await queueOutcomeMail(ctx, tx, {
      kind: 'possession',
      ownerPartyId: row.ownerPartyId,
      bikeId: row.bikeId,
      insurer,
      review,
      url: `/insurance/${row.insurerPartyId}/verify-bike-possession?verification=${row.id}`,
    });
  });
  void ctx.mailer.flush();
  return readPossessionReview(ctx, caller, id);
}
