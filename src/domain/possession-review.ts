import * as z from 'zod/mini';
import { EVIDENCE_STATUSES, evidenceQuerySchema, evidenceReviewSchema, possessionVerificationSchema } from './insurance-evidence.js';
import { insurerSchema } from './theft.js';

// Staff's review of the owners' proofs of possession (issue 14): the insurers with their queues
// (/backoffice/insurance-verification[/{insurerPartyId}]) and the one-at-a-time queue
// (/backoffice/v2/insurance-verification) whose four steps compare the frame number, the plate and the receipt
// before the decision. A reviewer holds the item they work on, so two reviewers never work the same one.

/** How long opening an item holds it for its reviewer; the page renews it while they work. */
export const REVIEW_HOLD_MINUTES = 10;

/** What a step found: the evidence agrees with the register, it does not, or there was nothing to compare. */
export const CHECK_RESULTS = ['matches', 'differs', 'missing'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** The four comparisons of the steps (frame-number, verify-plate-id, verify-receipt: its date and its price). */
export const REVIEW_CHECKS = ['frame_number', 'plate', 'purchase_date', 'price'] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];

const checkResult = z.enum(CHECK_RESULTS, { error: 'field_invalid' });
export const reviewChecksSchema = z.object({
  frame_number: z.optional(checkResult),
  plate: z.optional(checkResult),
  purchase_date: z.optional(checkResult),
  price: z.optional(checkResult),
});
export type ReviewChecks = z.infer<typeof reviewChecksSchema>;

/** POST /backoffice/insurance-verifications/{id}/review: the decision, its reason when rejected, and what the steps found. */
export const possessionReviewInputSchema = z.intersection(evidenceReviewSchema, z.object({ checks: z._default(reviewChecksSchema, {}) }));
export type PossessionReviewInput = z.infer<typeof possessionReviewInputSchema>;

/** GET /backoffice/insurance-verification/insurers: every insurance company with its queue's counts. */
export const reviewInsurerSchema = z.object({
  party_id: z.string(),
  name: z.string(),
  waiting: z.number(),
  decided: z.number(),
});
export type ReviewInsurer = z.infer<typeof reviewInsurerSchema>;

/** GET …/insurers/{insurerPartyId}/verifications?status=&offset=: waiting first (oldest first), then decided (newest first). */
export const reviewQueueQuerySchema = evidenceQuerySchema;

/** Who holds an item now (null when no one does, or the hold ran out) and whether that is the caller. */
const holdSchema = z.nullable(z.object({ mine: z.boolean(), email: z.nullable(z.string()), until: z.string() }));

export const reviewQueueItemSchema = z.object({
  id: z.string(),
  bike: z.object({ brand: z.nullable(z.string()), model: z.nullable(z.string()), frame_number: z.nullable(z.string()) }),
  owner_name: z.string(),
  status: z.enum(EVIDENCE_STATUSES),
  rejection_reason: z.nullable(z.string()),
  reviewer_email: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  created_at: z.string(),
  hold: holdSchema,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueSchema = z.object({
  insurer: insurerSchema,
  items: z.array(reviewQueueItemSchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** GET /backoffice/insurance-verifications/{id}: everything the four steps compare. */
export const possessionReviewSchema = z.object({
  verification: possessionVerificationSchema,
  /** The bike as the register holds it for its current owner: brand (for the frame-number hints), purchase date and price. */
  bike: z.object({
    brand_id: z.nullable(z.string()),
    production_year: z.nullable(z.number()),
    purchase_date: z.nullable(z.string()),
    price_dkk: z.nullable(z.number()),
  }),
  /** The policy the item is insured under, and the bikes its holder declared when buying it (the Danish sign-up). */
  policy: z.nullable(
    z.object({
      insurer_policy_id: z.string(),
      coverage: z.string(),
      declared: z.array(z.object({ price_dkk: z.number(), purchase_date: z.string() })),
    }),
  ),
  checks: reviewChecksSchema,
  reviewer_email: z.nullable(z.string()),
  hold: holdSchema,
  waiting: z.number(),
});
export type PossessionReview = z.infer<typeof possessionReviewSchema>;

/** POST /backoffice/insurance-verifications/next: optionally one insurer's queue, leaving out the items skipped. */
export const nextReviewInputSchema = z.object({
  insurer_party_id: z.optional(z.uuid({ error: 'field_invalid' })),
  skip: z._default(z.array(z.uuid({ error: 'field_invalid' })).check(z.maxLength(100, { error: 'too_long' })), []),
});
export type NextReviewInput = z.infer<typeof nextReviewInputSchema>;

/** The item now held for the caller (null when nothing else waits), and until when. */
export const heldItemSchema = z.object({ id: z.nullable(z.string()), held_until: z.nullable(z.string()) });
export type HeldItem = z.infer<typeof heldItemSchema>;
