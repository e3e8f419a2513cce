import * as z from 'zod/mini';

// Insurance policies (§7 Insurance, §3 onboarding draft, §4 Signup, §8 the 400 rule): an insurer's policy held by
// an owner, of a type and coverage, for a number of bikes, with the bikes under it (insured items) and what each
// still lacks (proof of possession, an approved lock). An insurer's members pre-register policies for their
// customers, who claim them by the insurer's policy number.

/** The insurer of a policy (the shape of theft.ts insurerSchema; not imported, as identity.ts imports this file and theft.ts identity.ts). */
const insurerSchema = z.object({ party_id: z.string(), name: z.string() });

export const POLICY_TYPES = ['bike', 'contents'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const POLICY_STATUSES = ['pre_registered', 'active', 'cancelled'] as const;
export const POLICY_SOURCES = ['insurer', 'onboarding', 'signup', 'purchase'] as const;
export const EVIDENCE_STATUSES = ['missing', 'submitted', 'approved', 'rejected'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];
/** The coverages an owner chooses from in the onboarding (an insurer's own names are kept as they come). */
export const POLICY_COVERAGES = ['basic', 'plus', 'premium'] as const;
/** The coverage of a policy linked by a sign-up's member reference (§4). */
export const STANDARD_COVERAGE = 'standard';
export const POLICY_MAX_BIKES = 100;
export const POLICIES_PAGE_SIZE = 20;

const text = (max: number) =>
  z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(max, { error: 'too_long' }));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: 'too_long' })));
const uuid = z.string({ error: 'field_required' }).check(z.uuid({ error: 'field_invalid' }));
const numberOfBikes = z
  .int({ error: 'field_invalid' })
  .check(z.minimum(0, { error: 'field_invalid' }), z.maximum(POLICY_MAX_BIKES, { error: 'field_invalid' }));
const bikeIds = z.array(uuid).check(z.maxLength(POLICY_MAX_BIKES, { error: 'policy_too_many_bikes' }));

/** What an insurer knows of a pre-registered policy's customer: the lookup's and the onboarding's autofill. */
export const preRegistrationSchema = z.object({
  email: optionalText(254),
  first_name: optionalText(100),
  last_name: optionalText(100),
  street: optionalText(200),
  city: optionalText(100),
  zip_code: optionalText(10),
  floor: optionalText(10),
  side: optionalText(10),
  door: optionalText(10),
  mobile: optionalText(20),
  frame_number: optionalText(40),
});
export type PreRegistration = z.infer<typeof preRegistrationSchema>;

/** Where the insurance plates go (the onboarding's shipping-info step). */
export const platesAddressSchema = z.object({
  name: text(200),
  street: text(200),
  floor: optionalText(10),
  side: optionalText(10),
  door: optionalText(10),
  zip_code: z.string({ error: 'field_required' }).check(z.trim(), z.regex(/^\d{4}$/, { error: 'zip_invalid' })),
  city: text(100),
});

/**
 * POST /insurance/policies/. An owner takes out a policy with an insurer of the register, or claims the one the
 * insurer pre-registered under that policy number (it becomes theirs); privacy and data share must be
 * acknowledged, plates_address sends one insurance plate per bike. An insurer's member (acting as the insurer)
 * pre-registers one for a customer with pre_registration instead.
 */
export const createPolicySchema = z.object({
  insurer_party_id: uuid,
  type: z.enum(POLICY_TYPES, { error: 'field_invalid' }),
  /** Needed for a new policy; claiming a pre-registered one keeps the insurer's type and coverage. */
  coverage: z.optional(text(40)),
  insurer_policy_id: text(40),
  number_of_bikes: z._default(numberOfBikes, 1),
  bikes: z._default(bikeIds, []),
  acknowledgement_privacy: z.optional(z.boolean()),
  acknowledgement_data_share: z.optional(z.boolean()),
  acknowledgement_ownership_transfer: z.optional(z.boolean()),
  plates_address: z.optional(platesAddressSchema),
  pre_registration: z.optional(preRegistrationSchema),
});
export type CreatePolicy = z.output<typeof createPolicySchema>;

/** PATCH /insurance/policies/{policyId}/bikes/: how many bikes, and (when given) which of mine are insured. */
export const updatePolicyBikesSchema = z.object({
  number_of_bikes: numberOfBikes,
  bikes: z.optional(bikeIds),
});
export type UpdatePolicyBikes = z.output<typeof updatePolicyBikesSchema>;

/** GET /insurance/policies/?offset=&status=&type=&q= (q: the start of the insurer's policy number). */
export const policiesQuerySchema = z.object({
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
  status: z.optional(z.enum(POLICY_STATUSES, { error: 'field_invalid' })),
  type: z.optional(z.enum(POLICY_TYPES, { error: 'field_invalid' })),
  q: z.optional(z.string().check(z.trim(), z.maxLength(40, { error: 'too_long' }))),
});

export const insuredItemSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  frame_number: z.nullable(z.string()),
  possession_status: z.enum(EVIDENCE_STATUSES),
  lock_status: z.enum(EVIDENCE_STATUSES),
});
export type InsuredItem = z.infer<typeof insuredItemSchema>;

/** What a policy still lacks before the insurer can trust it (missingOf). */
export const POLICY_MISSING = ['bikes', 'possession', 'lock'] as const;
export type PolicyMissing = (typeof POLICY_MISSING)[number];

export const policySchema = z.object({
  id: z.string(),
  insurer: insurerSchema,
  insurer_policy_id: z.string(),
  type: z.enum(POLICY_TYPES),
  coverage: z.string(),
  number_of_bikes: z.number(),
  status: z.enum(POLICY_STATUSES),
  source: z.enum(POLICY_SOURCES),
  created_at: z.string(),
  items: z.array(insuredItemSchema),
  missing: z.array(z.enum(POLICY_MISSING)),
  /** The insurance plates sent for the policy (ordered until the backoffice ships them), or null. */
  plates_shipment: z.nullable(z.object({ status: z.enum(['ordered', 'shipped', 'delivered', 'cancelled']), created_at: z.string() })),
  /** For the insurer's members only: who holds it, and what they pre-registered; null for the holder. */
  holder: z.nullable(z.object({ name: z.nullable(z.string()), email: z.string() })),
  pre_registration: z.nullable(preRegistrationSchema),
  /** When the holder acknowledged privacy, the data share and the ownership transfer on compensation (null: not given here). */
  acknowledgements: z.object({
    privacy_at: z.nullable(z.string()),
    data_share_at: z.nullable(z.string()),
    ownership_transfer_at: z.nullable(z.string()),
  }),
});
export type Policy = z.infer<typeof policySchema>;

export const policiesAnswerSchema = z.object({
  items: z.array(policySchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type PoliciesAnswer = z.infer<typeof policiesAnswerSchema>;

/** POST /insurance/{insurerPartyId}/policies/pre-registration-lookup/{insurerPolicyId}/ */
export const lookupAnswerSchema = z.object({
  policy_id: z.string(),
  insurer: insurerSchema,
  insurer_policy_id: z.string(),
  type: z.enum(POLICY_TYPES),
  coverage: z.string(),
  number_of_bikes: z.number(),
  autofill: preRegistrationSchema,
});
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;

/** §8: the detail of a 400 that sends the user to the insurer's contents-signup page. */
export interface PreRegisteredPolicyDetail {
  /** The insurer's policy number, which the contents-signup page claims. */
  pre_registered_policy: string;
  insurer_party_id: string;
}

/** What a policy lacks: bikes not yet named, a bike without approved proof of possession or an approved lock. */
export function missingOf(policy: {
  number_of_bikes: number;
  items: Pick<InsuredItem, 'possession_status' | 'lock_status'>[];
}): PolicyMissing[] {
  const missing: PolicyMissing[] = [];
  if (policy.items.length < policy.number_of_bikes) missing.push('bikes');
  if (policy.items.some((item) => item.possession_status !== 'approved')) missing.push('possession');
  if (policy.items.some((item) => item.lock_status !== 'approved')) missing.push('lock');
  return missing;
}

/** A policy insures at most its number of bikes. */
export function fitsPolicy(bikes: readonly string[], numberOfBikes: number): boolean {
  return new Set(bikes).size <= numberOfBikes;
}

/** The insurer's policy number as compared: case and spaces do not matter. */
export function normalisePolicyNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
