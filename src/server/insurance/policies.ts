import { and, count, desc, eq, inArray, isNull, like, notInArray, or, type SQL } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import {
  type CreatePolicy,
  fitsPolicy,
  type LookupAnswer,
  missingOf,
  normalisePolicyNumber,
  POLICIES_PAGE_SIZE,
  type PoliciesAnswer,
  type Policy,
  type PreRegistration,
  type policiesQuerySchema,
  preRegistrationSchema,
  type UpdatePolicyBikes,
} from '../../domain/insurance-policies.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bikeOwnerships, bikes, identities, insurancePolicies, insuredItems, organisations, shipments } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, PreRegisteredPolicyError } from '../http/errors.js';
import { brandNameOf } from '../shared/bike-words.js';
import { insurerOfRegister, takePolicy } from '../shared/insurance-policies.js';

// §7 Insurance: policies. The holder (the person acting as themselves) sees and changes their own; a member of
// the insurer, acting as the insurer, sees the insurer's and pre-registers policies for its customers. Anyone
// else gets 404 policy_not_found, staff included (they reach insurance data through the backoffice).

type PolicyRow = typeof insurancePolicies.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the insurer pre-registered, as the answers show it (the stored frame number's normal form left out). */
function preRegistrationOf(row: PolicyRow): PreRegistration | null {
  return row.preRegistration ? preRegistrationSchema.parse(row.preRegistration) : null;
}

/** The answers for these policies, each with its insurer, insured bikes, plates shipment and (for the insurer) holder. */
async function policyAnswers(db: Db, rows: PolicyRow[], forInsurer: boolean): Promise<Policy[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [insurers, items, sent, holders] = await Promise.all([
    db
      .select({ party_id: organisations.partyId, name: organisations.name })
      .from(organisations)
      .where(inArray(organisations.partyId, [...new Set(rows.map((r) => r.insurerPartyId))])),
    db
      .select({ item: insuredItems, brandId: bikes.brandId, brandName: bikes.brandName, model: bikes.model, frame: bikes.frameNumber })
      .from(insuredItems)
      .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
      .where(inArray(insuredItems.policyId, ids))
      .orderBy(insuredItems.createdAt, insuredItems.id),
    db
      .select({ policyId: shipments.policyId, status: shipments.status, createdAt: shipments.createdAt })
      .from(shipments)
      .where(inArray(shipments.policyId, ids))
      .orderBy(desc(shipments.createdAt)),
    forInsurer
      ? db
          .select({ partyId: identities.partyId, email: identities.email, first: identities.firstName, last: identities.lastName })
          .from(identities)
          .where(
            inArray(
              identities.partyId,
              rows.flatMap((r) => (r.holderPartyId ? [r.holderPartyId] : [])),
            ),
          )
      : [],
  ]);
  return rows.map((row) => {
    const policyItems = items
      .filter(({ item }) => item.policyId === row.id)
      .map(({ item, brandId, brandName, model, frame }) => ({
        id: item.id,
        bike_id: item.bikeId,
        brand: brandNameOf({ brandId, brandName }),
        model,
        frame_number: frame,
        possession_status: item.possessionStatus,
        lock_status: item.lockStatus,
      }));
    const shipment = sent.find((s) => s.policyId === row.id);
    const holder = holders.find((h) => h.partyId === row.holderPartyId);
    return {
      id: row.id,
      insurer: insurers.find((i) => i.party_id === row.insurerPartyId) ?? { party_id: row.insurerPartyId, name: '' },
      insurer_policy_id: row.insurerPolicyId,
      type: row.type,
      coverage: row.coverage,
      number_of_bikes: row.numberOfBikes,
      status: row.status,
      source: row.source,
      created_at: row.createdAt.toISOString(),
      items: policyItems,
      missing: missingOf({ number_of_bikes: row.numberOfBikes, items: policyItems }),
      plates_shipment: shipment ? { status: shipment.status, created_at: shipment.createdAt.toISOString() } : null,
      holder: holder ? { name: [holder.first, holder.last].filter(Boolean).join(' ') || null, email: holder.email } : null,
      pre_registration: forInsurer ? preRegistrationOf(row) : null,
      acknowledgements: {
        privacy_at: row.acknowledgements?.privacy ?? null,
        data_share_at: row.acknowledgements?.data_share ?? null,
        ownership_transfer_at: row.acknowledgements?.ownership_transfer ?? null,
      },
    };
  });
}

/** The caller's policy: held by the party they act as, or the insurer's when they act as it; else 404. */
async function policyOfCaller(db: Db, caller: Caller, policyId: string): Promise<PolicyRow> {
  const [row] = UUID.test(policyId)
    ? await db
        .select()
        .from(insurancePolicies)
        .where(
          and(
            eq(insurancePolicies.id, policyId),
            or(eq(insurancePolicies.holderPartyId, caller.actingPartyId), eq(insurancePolicies.insurerPartyId, caller.actingPartyId)),
          ),
        )
    : [];
  if (!row) throw new AppError('policy_not_found');
  return row;
}

/** GET /insurance/policies/: mine as holder, or the insurer's when I act as an insurer; newest first, a page at a time. */
export async function listPolicies(ctx: AppContext, caller: Caller, query: z.output<typeof policiesQuerySchema>): Promise<PoliciesAnswer> {
  const insurer = await insurerOfRegister(ctx.db, caller.actingPartyId);
  const filters: (SQL | undefined)[] = [
    insurer ? eq(insurancePolicies.insurerPartyId, insurer.party_id) : eq(insurancePolicies.holderPartyId, caller.actingPartyId),
    query.status ? eq(insurancePolicies.status, query.status) : undefined,
    query.type ? eq(insurancePolicies.type, query.type) : undefined,
    query.q ? like(insurancePolicies.insurerPolicyId, `${normalisePolicyNumber(query.q).replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(insurancePolicies)
      .where(where)
      .orderBy(desc(insurancePolicies.createdAt), desc(insurancePolicies.id))
      .limit(POLICIES_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(insurancePolicies).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    items: await policyAnswers(ctx.db, rows, Boolean(insurer)),
    total: n,
    next_offset: rows.length > 0 && query.offset + rows.length < n ? query.offset + rows.length : null,
  };
}

/** GET /insurance/policies/{id}/ */
export async function readPolicy(ctx: AppContext, caller: Caller, policyId: string): Promise<Policy> {
  const row = await policyOfCaller(ctx.db, caller, policyId);
  const [answer] = await policyAnswers(ctx.db, [row], row.insurerPartyId === caller.actingPartyId);
  if (!answer) throw new AppError('policy_not_found');
  return answer;
}

/** The policy's insured bikes become exactly these, each one the holder owns now; kept ones keep their evidence. */
async function setInsuredBikes(tx: Db, holderPartyId: string, policyId: string, bikeIds: string[]): Promise<void> {
  const wanted = [...new Set(bikeIds)];
  if (wanted.length > 0) {
    const owned = await tx
      .select({ bikeId: bikeOwnerships.bikeId })
      .from(bikeOwnerships)
      .where(and(inArray(bikeOwnerships.bikeId, wanted), eq(bikeOwnerships.partyId, holderPartyId), isNull(bikeOwnerships.endedAt)));
    if (new Set(owned.map((o) => o.bikeId)).size !== wanted.length) throw new AppError('policy_bike_not_mine', 'bikes');
  }
  await tx
    .delete(insuredItems)
    .where(and(eq(insuredItems.policyId, policyId), wanted.length > 0 ? notInArray(insuredItems.bikeId, wanted) : undefined));
  if (wanted.length > 0) {
    await tx
      .insert(insuredItems)
      .values(wanted.map((bikeId) => ({ policyId, bikeId })))
      .onConflictDoNothing();
  }
}

/** An insurer's member pre-registers a policy for a customer, who claims it by its number. */
async function preRegister(ctx: AppContext, input: CreatePolicy): Promise<string> {
  const details = input.pre_registration ?? {};
  const frame = details.frame_number ? normaliseFrameNumber(details.frame_number) : null;
  if (!input.coverage) throw new AppError('field_required', 'coverage');
  try {
    const [row] = await ctx.db
      .insert(insurancePolicies)
      .values({
        insurerPartyId: input.insurer_party_id,
        insurerPolicyId: normalisePolicyNumber(input.insurer_policy_id),
        type: input.type,
        coverage: input.coverage,
        numberOfBikes: input.number_of_bikes,
        status: 'pre_registered',
        source: 'insurer',
        preRegistration: frame ? { ...details, frame_number_normalised: frame } : details,
      })
      .returning({ id: insurancePolicies.id });
    if (!row) throw new Error('policy insert returned nothing');
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('policy_number_taken', 'insurer_policy_id');
    throw err;
  }
}

/**
 * POST /insurance/policies/: the owner takes out (or claims) a policy with an insurer of the register, names the
 * bikes under it and may have one insurance plate per bike sent to an address (a shipment the backoffice sends);
 * a member acting as the insurer pre-registers one instead.
 */
export async function createPolicy(ctx: AppContext, caller: Caller, input: CreatePolicy): Promise<Policy> {
  if (!(await insurerOfRegister(ctx.db, input.insurer_party_id))) throw new AppError('insurer_not_found', 'insurer_party_id');
  if (caller.actingPartyId === input.insurer_party_id) return readPolicy(ctx, caller, await preRegister(ctx, input));
  if (caller.actingPartyId !== caller.partyId) throw new AppError('person_required');
  if (!input.acknowledgement_privacy) throw new AppError('policy_acknowledgement_required', 'acknowledgement_privacy');
  if (!input.acknowledgement_data_share) throw new AppError('policy_acknowledgement_required', 'acknowledgement_data_share');
  if (!fitsPolicy(input.bikes, input.number_of_bikes)) throw new AppError('policy_too_many_bikes', 'bikes');
  const policyId = await ctx.db.transaction(async (tx) => {
    const id = await takePolicy(
      tx,
      {
        insurerPartyId: input.insurer_party_id,
        holderPartyId: caller.partyId,
        insurerPolicyId: input.insurer_policy_id,
        type: input.type,
        coverage: input.coverage,
        numberOfBikes: input.number_of_bikes,
        source: 'onboarding',
      },
      'insurer_policy_id',
    );
    await setInsuredBikes(tx, caller.partyId, id, input.bikes);
    const now = new Date().toISOString();
    await tx
      .update(insurancePolicies)
      .set({
        acknowledgements: {
          privacy: now,
          data_share: now,
          ...(input.acknowledgement_ownership_transfer ? { ownership_transfer: now } : {}),
        },
      })
      .where(eq(insurancePolicies.id, id));
    const to = input.plates_address;
    if (to && input.number_of_bikes > 0) {
      const [person] = await tx.select({ region: identities.region }).from(identities).where(eq(identities.partyId, caller.partyId));
      const unit = [to.floor, to.side, to.door].filter(Boolean).join(' ');
      await tx.insert(shipments).values({
        policyId: id,
        partyId: caller.partyId,
        address: {
          name: to.name,
          address: [to.street, unit].filter(Boolean).join(', '),
          postalCode: to.zip_code,
          city: to.city,
          country: person?.region === 'no' ? 'NO' : 'DK',
        },
      });
    }
    return id;
  });
  return readPolicy(ctx, caller, policyId);
}

/** PATCH /insurance/policies/{policyId}/bikes/: the holder sets the number of bikes and (when given) which are insured. */
export async function updatePolicyBikes(ctx: AppContext, caller: Caller, policyId: string, input: UpdatePolicyBikes): Promise<Policy> {
  const policy = await policyOfCaller(ctx.db, caller, policyId);
  if (policy.holderPartyId !== caller.actingPartyId) throw new AppError('policy_not_found');
  await ctx.db.transaction(async (tx) => {
    const current = await tx.select({ bikeId: insuredItems.bikeId }).from(insuredItems).where(eq(insuredItems.policyId, policy.id));
    const wanted = input.bikes ?? current.map((c) => c.bikeId);
    if (!fitsPolicy(wanted, input.number_of_bikes)) throw new AppError('policy_too_many_bikes', input.bikes ? 'bikes' : 'number_of_bikes');
    await tx
      .update(insurancePolicies)
      .set({ numberOfBikes: input.number_of_bikes, updatedAt: new Date() })
      .where(eq(insurancePolicies.id, policy.id));
    if (input.bikes) await setInsuredBikes(tx, caller.actingPartyId, policy.id, input.bikes);
  });
  return readPolicy(ctx, caller, policy.id);
}

/**
 * POST /insurance/{insurerPartyId}/policies/pre-registration-lookup/{insurerPolicyId}/: a pre-registered policy
 * of that insurer, with what the insurer knows of its customer to fill the forms in (the caller claims it with
 * POST /insurance/policies/). A contents policy is claimed on the insurer's contents-signup page (§8's 400).
 */
export async function lookUpPreRegistered(ctx: AppContext, insurerPartyId: string, insurerPolicyId: string): Promise<LookupAnswer> {
  const insurer = await insurerOfRegister(ctx.db, insurerPartyId);
  const [row] = insurer
    ? await ctx.db
        .select()
        .from(insurancePolicies)
        .where(
          and(
            eq(insurancePolicies.insurerPartyId, insurer.party_id),
            eq(insurancePolicies.insurerPolicyId, normalisePolicyNumber(insurerPolicyId)),
            eq(insurancePolicies.status, 'pre_registered'),
          ),
        )
    : [];
  if (!insurer || !row) throw new AppError('policy_not_found');
  if (row.type === 'contents') {
    throw new PreRegisteredPolicyError({ pre_registered_policy: row.insurerPolicyId, insurer_party_id: insurer.party_id });
  }
  return {
    policy_id: row.id,
    insurer,
    insurer_policy_id: row.insurerPolicyId,
    type: row.type,
    coverage: row.coverage,
    number_of_bikes: row.numberOfBikes,
    autofill: preRegistrationOf(row) ?? {},
  };
}
