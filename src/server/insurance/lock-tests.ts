import { and, count, desc, eq, ne, or, type SQL } from 'drizzle-orm';
import {
  EVIDENCE_PAGE_SIZE,
  type EvidenceQuery,
  type EvidenceReview,
  type LockTest,
  type LockTestInput,
  type LockTestsAnswer,
} from '../../domain/insurance-evidence.js';
import type { Insurer } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, insurancePolicies, insuredItems, lockTestResponses } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import {
  documentInfo,
  documentOfBike,
  evidenceBike,
  fileLink,
  insuredItemOf,
  isId,
  lockBike,
  nextOffset,
  queueOutcomeMail,
} from './evidence.js';
import { insurerWithMembership } from './service.js';

// The insurer's lock test (/insurance/{insurerPartyId}/lock-test-portal): the owner answers it for a bike (the lock's
// type, brand, model, key number, Varefakta number, certificate date, whether the certificate names the frame number
// and was stamped by the dealer, and the certificate itself); the insurer's members see the answers and approve or
// reject them with a reason. The insured item's lock_status follows; the owner is told by mail.

type Row = typeof lockTestResponses.$inferSelect;
type BikeRow = typeof bikes.$inferSelect;

async function toAnswer(
  ctx: AppContext,
  row: Row,
  insurer: Insurer,
  bike: BikeRow | null,
  policyNumber: string | null,
  member: boolean,
): Promise<LockTest> {
  return {
    id: row.id,
    insurer,
    bike: bike ? evidenceBike(bike) : null,
    policy_number: policyNumber,
    email: row.email,
    lock_type: row.lockType,
    brand: row.brand,
    model: row.model,
    key_number: row.keyNumber,
    varefakta_number: row.varefaktaNumber,
    certificate_date: row.certificateDate,
    frame_number_matches: row.frameNumberMatches,
    stamped_by_dealer: row.stampedByDealer,
    certificate: fileLink(ctx, await documentInfo(ctx.db, row.certificateDocumentId)),
    status: row.status,
    rejection_reason: row.rejectionReason,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    can_review: member && row.status === 'submitted',
  };
}

function visibleTo(caller: Caller, insurerPartyId: string, member: boolean): SQL | undefined {
  return and(
    eq(lockTestResponses.insurerPartyId, insurerPartyId),
    member ? undefined : eq(lockTestResponses.ownerPartyId, caller.actingPartyId),
  );
}

const withBikeAndPolicy = (db: Db) =>
  db
    .select({ test: lockTestResponses, bike: bikes, policyNumber: insurancePolicies.insurerPolicyId })
    .from(lockTestResponses)
    .leftJoin(bikes, eq(bikes.id, lockTestResponses.bikeId))
    .leftJoin(insurancePolicies, eq(insurancePolicies.id, lockTestResponses.policyId));

/**
 * The policy the lock test names (its id or the insurer's policy number: the lock-test autofill's policyId), one of
 * this insurer's the caller holds; another is 422 on policy_id.
 */
async function policyOfCaller(db: Db, caller: Caller, insurerPartyId: string, given: string): Promise<string> {
  const [row] = await db
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        eq(insurancePolicies.holderPartyId, caller.actingPartyId),
        ne(insurancePolicies.status, 'cancelled'),
        isId(given)
          ? or(eq(insurancePolicies.id, given), eq(insurancePolicies.insurerPolicyId, given))
          : eq(insurancePolicies.insurerPolicyId, given),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('field_invalid', 'policy_id');
  return row.id;
}

/** POST /insurance/{insurerPartyId}/lock-tests/ */
export async function createLockTest(ctx: AppContext, caller: Caller, insurerPartyId: string, input: LockTestInput): Promise<LockTest> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  const { bike } = await bikeOfCaller(ctx.db, caller, input.bike_id);
  const certificateDocumentId = await documentOfBike(
    ctx.db,
    bike.id,
    input.certificate_document_id,
    'lock_certificate',
    'certificate_document_id',
  );
  const namedPolicy = input.policy_id ? await policyOfCaller(ctx.db, caller, insurer.party_id, input.policy_id) : null;

  const row = await ctx.db.transaction(async (tx) => {
    await lockBike(tx, caller, bike.id);
    const [waiting] = await tx
      .select({ id: lockTestResponses.id })
      .from(lockTestResponses)
      .where(
        and(
          eq(lockTestResponses.insurerPartyId, insurer.party_id),
          eq(lockTestResponses.bikeId, bike.id),
          eq(lockTestResponses.status, 'submitted'),
        ),
      )
      .limit(1);
    if (waiting) throw new AppError('evidence_pending');
    const item = await insuredItemOf(tx, caller, insurer.party_id, bike.id, namedPolicy);
    const [created] = await tx
      .insert(lockTestResponses)
      .values({
        insurerPartyId: insurer.party_id,
        policyId: namedPolicy ?? item?.policyId ?? null,
        ownerPartyId: caller.actingPartyId,
        bikeId: bike.id,
        email: input.email,
        lockType: input.lock_type,
        brand: input.brand,
        model: input.model,
        keyNumber: input.key_number,
        varefaktaNumber: input.varefakta_number,
        certificateDate: input.certificate_date,
        frameNumberMatches: input.frame_number_matches,
        stampedByDealer: input.stamped_by_dealer,
        certificateDocumentId,
      })
      .returning();
    if (!created) throw new Error('lock test insert returned nothing');
    if (item) await tx.update(insuredItems).set({ lockStatus: 'submitted' }).where(eq(insuredItems.id, item.id));
    return created;
  });
  return readLockTestAs(ctx, insurer, member, caller, row.id);
}

async function readLockTestAs(ctx: AppContext, insurer: Insurer, member: boolean, caller: Caller, lockTestId: string): Promise<LockTest> {
  const [row] = isId(lockTestId)
    ? await withBikeAndPolicy(ctx.db).where(and(eq(lockTestResponses.id, lockTestId), visibleTo(caller, insurer.party_id, member)))
    : [];
  if (!row) throw new AppError('lock_test_not_found');
  return toAnswer(ctx, row.test, insurer, row.bike, row.policyNumber, member);
}

/** GET /insurance/{insurerPartyId}/lock-tests/?status=&offset=: a page, newest first, and the total. */
export async function listLockTests(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  query: EvidenceQuery,
): Promise<LockTestsAnswer> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  const where = and(visibleTo(caller, insurer.party_id, member), query.status ? eq(lockTestResponses.status, query.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    withBikeAndPolicy(ctx.db)
      .where(where)
      .orderBy(desc(lockTestResponses.createdAt), desc(lockTestResponses.id))
      .limit(EVIDENCE_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(lockTestResponses).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    as_insurer: member,
    items: await Promise.all(rows.map((r) => toAnswer(ctx, r.test, insurer, r.bike, r.policyNumber, member))),
    total,
    next_offset: nextOffset(query.offset, rows.length, total),
  };
}

/** GET /insurance/{insurerPartyId}/lock-tests/{lockTestId} */
export async function readLockTest(ctx: AppContext, caller: Caller, insurerPartyId: string, lockTestId: string): Promise<LockTest> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  return readLockTestAs(ctx, insurer, member, caller, lockTestId);
}

/**
 * POST /insurance/{insurerPartyId}/lock-tests/{lockTestId}/review: a member's decision on a waiting lock test, the
 * insured item's lock_status and the owner's mail, in one transaction. Not a member: 403; decided already: 409.
 */
export async function reviewLockTest(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  lockTestId: string,
  review: EvidenceReview,
): Promise<LockTest> {
  const { insurer, member } = await insurerWithMembership(ctx.db, caller, insurerPartyId);
  if (!member) throw new AppError('forbidden');
  if (!isId(lockTestId)) throw new AppError('lock_test_not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lockTestResponses)
      .where(and(eq(lockTestResponses.id, lockTestId), eq(lockTestResponses.insurerPartyId, insurer.party_id)))
      .for('update');
    if (!row) throw new AppError('lock_test_not_found');
    if (row.status !== 'submitted') throw new AppError('evidence_already_reviewed');
    await tx
      .update(lockTestResponses)
      .set({
        status: review.decision,
        rejectionReason: review.decision === 'rejected' ? review.reason : null,
        reviewedByPartyId: caller.partyId,
        reviewedAt: new Date(),
      })
      .where(eq(lockTestResponses.id, row.id));
    if (row.policyId && row.bikeId) {
      await tx
        .update(insuredItems)
        .set({ lockStatus: review.decision })
        .where(and(eq(insuredItems.policyId, row.policyId), eq(insuredItems.bikeId, row.bikeId)));
    }
    await queueOutcomeMail(ctx, tx, {
      kind: 'lock',
      ownerPartyId: row.ownerPartyId,
      bikeId: row.bikeId,
      insurer,
      review,
      url: `/insurance/${insurer.party_id}/lock-test-portal/${row.id}`,
    });
  });
  void ctx.mailer.flush();
  return readLockTestAs(ctx, insurer, member, caller, lockTestId);
}
