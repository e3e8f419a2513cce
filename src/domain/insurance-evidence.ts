import * as z from 'zod/mini';
import { frameNumberSchema, isPastIsoDate, LOCK_TYPES, plateIdSchema } from './bikes.js';
import { insurerSchema } from './theft.js';

// Evidence an insurer can trust (issue 13): the owner's proof of possession of a bike
// (/insurance/{insurerPartyId}/verify-bike-possession) and their answers to the insurer's lock test
// (/insurance/{insurerPartyId}/lock-test-portal). The files are uploaded first as the bike's own pictures
// and documents (the upload code and limits of those calls); these calls name them by id.

// ---- Shared parts ----

const before = <T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number) => z.string({ error: 'field_required' }).check(z.trim(), z.maxLength(max, { error: 'too_long' }));
const requiredText = (max: number) => text(max).check(z.minLength(1, { error: 'field_required' }));
const optionalText = (max: number) => z._default(before(blankToNull, z.nullable(text(max))), null);
const id = z.string({ error: 'field_required' }).check(z.maxLength(64, { error: 'field_invalid' }));

/** Submitted and waiting for review, approved, or rejected with a reason. */
export const EVIDENCE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** A list's page: newest first, 20 at a time, like the claims. */
export const EVIDENCE_PAGE_SIZE = 20;

/** GET …/possession-verifications/ and …/lock-tests/?status=&offset= */
export const evidenceQuerySchema = z.object({
  status: z.optional(z.enum(EVIDENCE_STATUSES, { error: 'field_invalid' })),
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});
export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>;

/** An insurer's decision (the lock test's reviewer, staff for possession): a rejection names its reason. */
export const evidenceReviewSchema = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'field_invalid' }),
    reason: optionalText(1000),
  })
  .check(
    z.refine((v) => v.decision === 'approved' || (v.reason ?? '') !== '', {
      error: 'field_required',
      path: ['reason'],
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type EvidenceReview = z.infer<typeof evidenceReviewSchema>;

/** The bike the evidence is about, as both sides see it. */
const evidenceBikeSchema = z.object({
  id: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** As registered. */
  frame_number: z.nullable(z.string()),
});

const imageSchema = z.object({ url: z.string(), thumbnail_url: z.string() });
const fileSchema = z.object({ url: z.string(), file_name: z.string(), content_type: z.string() });

// ---- Possession verification ----

/** The owner's contact details (the §3 verification autofill's fields but the frame number). */
export const possessionDetailsSchema = z.object({
  email: requiredText(254).check(z.email({ error: 'email_invalid' })),
  first_name: requiredText(80),
  last_name: requiredText(80),
  street: optionalText(120),
  city: optionalText(80),
  zip: optionalText(12),
  floor: optionalText(20),
  side: optionalText(20),
  door: optionalText(20),
  mobile: optionalText(30),
  /** The insurer's policy number as the owner gave it (or the autofill brought it). */
  policy_id: optionalText(64),
});
export type PossessionDetails = z.infer<typeof possessionDetailsSchema>;

/** The details as stored and answered (the input schema's trimming and defaults are no answer's business). */
const possessionDetailsAnswerSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  street: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  floor: z.nullable(z.string()),
  side: z.nullable(z.string()),
  door: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  policy_id: z.nullable(z.string()),
});

/** POST /insurance/{insurerPartyId}/possession-verifications/ */
export const possessionVerificationInputSchema = z.object({
  bike_id: id,
  frame_number: frameNumberSchema,
  plate_id: z._default(before(blankToNull, z.nullable(plateIdSchema)), null),
  /** The bike's pictures of kind frame_number and plate, and its document of kind receipt, uploaded before. */
  frame_number_picture_id: id,
  plate_picture_id: z._default(before(blankToNull, z.nullable(id)), null),
  receipt_document_id: id,
  details: possessionDetailsSchema,
});
export type PossessionVerificationInput = z.infer<typeof possessionVerificationInputSchema>;

export const possessionVerificationSchema = z.object({
  id: z.string(),
  insurer: insurerSchema,
  bike: evidenceBikeSchema,
  /** The insured item it counts for, when the bike is under one of the insurer's policies. */
  insured_item_id: z.nullable(z.string()),
  /** As the owner gave them, to compare with the bike's registered frame number and its plates now. */
  frame_number: z.string(),
  plate_id: z.nullable(z.string()),
  bike_plate_ids: z.array(z.string()),
  details: possessionDetailsAnswerSchema,
  frame_number_picture: z.nullable(imageSchema),
  plate_picture: z.nullable(imageSchema),
  receipt: z.nullable(fileSchema),
  status: z.enum(EVIDENCE_STATUSES),
  rejection_reason: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type PossessionVerification = z.infer<typeof possessionVerificationSchema>;

export const possessionVerificationsAnswerSchema = z.object({
  /** True when the caller is one of the insurer's members (they see the insurer's; an owner sees their own). */
  as_insurer: z.boolean(),
  items: z.array(possessionVerificationSchema),
  /** How many the filter matches, and where the next page starts (null on the last). */
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type PossessionVerificationsAnswer = z.infer<typeof possessionVerificationsAnswerSchema>;

// ---- Lock test ----

/** POST /insurance/{insurerPartyId}/lock-tests/ */
export const lockTestInputSchema = z.object({
  bike_id: id,
  /** The policy (its id or the insurer's policy number): the lock-test autofill's policyId. */
  policy_id: z._default(before(blankToNull, z.nullable(id)), null),
  email: requiredText(254).check(z.email({ error: 'email_invalid' })),
  lock_type: z.enum(LOCK_TYPES, { error: 'field_invalid' }),
  brand: requiredText(80),
  model: optionalText(80),
  key_number: optionalText(40),
  varefakta_number: optionalText(40),
  certificate_date: z._default(
    before(
      blankToNull,
      z.nullable(
        z.string().check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }),
          z.refine((v) => isPastIsoDate(v), { error: 'certificate_date_future' }),
        ),
      ),
    ),
    null,
  ),
  frame_number_matches: z.boolean({ error: 'field_required' }),
  stamped_by_dealer: z.boolean({ error: 'field_required' }),
  /** The bike's document of kind lock_certificate, uploaded before. */
  certificate_document_id: id,
});
export type LockTestInput = z.infer<typeof lockTestInputSchema>;

export const lockTestSchema = z.object({
  id: z.string(),
  insurer: insurerSchema,
  bike: z.nullable(evidenceBikeSchema),
  /** The insurer's policy number, when the test is for a policy. */
  policy_number: z.nullable(z.string()),
  email: z.string(),
  lock_type: z.string(),
  brand: z.string(),
  model: z.nullable(z.string()),
  key_number: z.nullable(z.string()),
  varefakta_number: z.nullable(z.string()),
  certificate_date: z.nullable(z.string()),
  frame_number_matches: z.boolean(),
  stamped_by_dealer: z.boolean(),
  certificate: z.nullable(fileSchema),
  status: z.enum(EVIDENCE_STATUSES),
  rejection_reason: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  created_at: z.string(),
  /** True for the insurer's members while it waits: they may approve or reject it. */
  can_review: z.boolean(),
});
export type LockTest = z.infer<typeof lockTestSchema>;

export const lockTestsAnswerSchema = z.object({
  as_insurer: z.boolean(),
  items: z.array(lockTestSchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type LockTestsAnswer = z.infer<typeof lockTestsAnswerSchema>;
