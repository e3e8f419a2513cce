import { and, eq, sql } from 'drizzle-orm';
import { normalisePolicyNumber, type PolicyType } from '../../domain/insurance-policies.js';
import type { Insurer } from '../../domain/theft.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { insurancePolicies, organisations } from '../db/schema.js';
import { AppError, PreRegisteredPolicyError } from '../http/errors.js';

// What several areas need of insurance policies, below them all: the insurer of the register a call names, taking
// out (or claiming) a policy — the insurance calls, and a sign-up's member reference (§4) — and §8's rule that a
// frame number a pre-registered policy names is registered through that policy.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The insurance company of the register with this party id, or null (also for an id that is no UUID). */
export async function insurerOfRegister(db: Db, partyId: string): Promise<Insurer | null> {
  if (!UUID.test(partyId)) return null;
  const [row] = await db
    .select({ party_id: organisations.partyId, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.partyId, partyId), eq(organisations.organisationType, 'insurance_company')));
  return row ?? null;
}

export interface TakenPolicy {
  insurerPartyId: string;
  holderPartyId: string;
  insurerPolicyId: string;
  type: PolicyType;
  /** Needed for a new policy; a claimed one keeps the insurer's. */
  coverage: string | undefined;
  numberOfBikes: number;
  source: 'onboarding' | 'signup';
}

/**
 * The holder takes out a policy with the insurer: the one the insurer pre-registered under that number becomes
 * theirs (active, its type and coverage kept), else a new active one. A number the insurer has given someone
 * already: 409 policy_number_taken. Answers the policy's id.
 */
export async function takePolicy(tx: Db, policy: TakenPolicy, numberField: string): Promise<string> {
  const number = normalisePolicyNumber(policy.insurerPolicyId);
  const [existing] = await tx
    .select({ id: insurancePolicies.id, status: insurancePolicies.status })
    .from(insurancePolicies)
    .where(and(eq(insurancePolicies.insurerPartyId, policy.insurerPartyId), eq(insurancePolicies.insurerPolicyId, number)))
    .for('update');
  if (existing) {
    if (existing.status !== 'pre_registered') throw new AppError('policy_number_taken', numberField);
    await tx
      .update(insurancePolicies)
      .set({ holderPartyId: policy.holderPartyId, status: 'active', numberOfBikes: policy.numberOfBikes, updatedAt: new Date() })
      .where(eq(insurancePolicies.id, existing.id));
    return existing.id;
  }
  const { coverage } = policy;
  if (!coverage) throw new AppError('field_required', 'coverage');
  try {
    const [row] = await tx
      .insert(insurancePolicies)
      .values({ ...policy, coverage, insurerPolicyId: number, status: 'active' })
      .returning({ id: insurancePolicies.id });
    if (!row) throw new Error('policy insert returned nothing');
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('policy_number_taken', numberField);
    throw err;
  }
}

/** §8: registering a bike whose frame number a pre-registered policy names goes through that policy (400). */
export async function refusePreRegisteredFrameNumber(db: Db, frameNumberNormalised: string): Promise<void> {
  const [policy] = await db
    .select({ number: insurancePolicies.insurerPolicyId, insurer: insurancePolicies.insurerPartyId })
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.status, 'pre_registered'),
        sql`${insurancePolicies.preRegistration}->>'frame_number_normalised' = ${frameNumberNormalised}`,
      ),
    )
    .limit(1);
  if (policy) throw new PreRegisteredPolicyError({ pre_registered_policy: policy.number, insurer_party_id: policy.insurer });
}
