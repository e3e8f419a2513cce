import { and, count, desc, eq } from 'drizzle-orm';
import type { InsuredBike, InsurerOverview } from '../../domain/insurance.js';
import { CLAIM_STATUSES } from '../../domain/insurance-claims.js';
import type { AppContext } from '../context.js';
import { bikes, insuranceClaims, insurancePolicies, insuredItems, lockTestResponses, possessionVerifications } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { brandNameOf } from '../shared/bike-words.js';
import { claimsWith, toClaimSummary } from './claims-read.js';
import { insurerOfMember, UUID } from './service.js';

// The insurer's home (/insurance/{insurerPartyId}/admin): its claims by state, the possession checks and lock
// tests waiting for a decision, its policies; and one insured bike (/admin/policies/{policyId}/bikes/{bikeId}).

/** GET /insurance/{insurerPartyId}/admin/overview */
export async function insurerOverview(ctx: AppContext, caller: Caller, insurerPartyId: string): Promise<InsurerOverview> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const id = insurer.party_id;
  const [byStatus, [possession], [lockTests], [policies]] = await Promise.all([
    ctx.db
      .select({ status: insuranceClaims.status, n: count() })
      .from(insuranceClaims)
      .where(eq(insuranceClaims.insurerPartyId, id))
      .groupBy(insuranceClaims.status),
    ctx.db
      .select({ n: count() })
      .from(possessionVerifications)
      .where(and(eq(possessionVerifications.insurerPartyId, id), eq(possessionVerifications.status, 'submitted'))),
    ctx.db
      .select({ n: count() })
      .from(lockTestResponses)
      .where(and(eq(lockTestResponses.insurerPartyId, id), eq(lockTestResponses.status, 'submitted'))),
    ctx.db.select({ n: count() }).from(insurancePolicies).where(eq(insurancePolicies.insurerPartyId, id)),
  ]);
  const claims = Object.fromEntries(
    CLAIM_STATUSES.map((s) => [s, byStatus.find((r) => r.status === s)?.n ?? 0]),
  ) as InsurerOverview['claims'];
  return {
    insurer,
    claims,
    pending_possession_checks: possession?.n ?? 0,
    pending_lock_tests: lockTests?.n ?? 0,
    policies: policies?.n ?? 0,
  };
}

/** GET /insurance/{insurerPartyId}/admin/policies/{policyId}/bikes/{bikeId}: 404 insured_bike_not_found unless the bike is under this insurer's policy. */
export async function insuredBike(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  policyId: string,
  bikeId: string,
): Promise<InsuredBike> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const [row] =
    UUID.test(policyId) && UUID.test(bikeId)
      ? await ctx.db
          .select({ policy: insurancePolicies, item: insuredItems, bike: bikes })
          .from(insuredItems)
          .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
          .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
          .where(
            and(
              eq(insuredItems.policyId, policyId),
              eq(insuredItems.bikeId, bikeId),
              eq(insurancePolicies.insurerPartyId, insurer.party_id),
            ),
          )
          .limit(1)
      : [];
  if (!row) throw new AppError('insured_bike_not_found');
  const claims = await claimsWith(
    ctx.db,
    and(eq(insuranceClaims.bikeId, bikeId), eq(insuranceClaims.insurerPartyId, insurer.party_id)),
  ).orderBy(desc(insuranceClaims.createdAt));
  const { policy, item, bike } = row;
  return {
    policy: {
      id: policy.id,
      insurer_policy_id: policy.insurerPolicyId,
      type: policy.type,
      coverage: policy.coverage,
      status: policy.status,
    },
    bike: {
      id: bike.id,
      brand: brandNameOf(bike),
      model: bike.model,
      frame_number: bike.frameNumber,
      registered_at: bike.createdAt.toISOString(),
      reported_stolen: bike.reportedStolen,
    },
    possession_status: item.possessionStatus,
    lock_status: item.lockStatus,
    claims: claims.map(toClaimSummary),
  };
}
