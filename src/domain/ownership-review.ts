import * as z from 'zod/mini';
import { publicBikeSchema } from './bikes.js';
import { VERIFICATION_STATUSES } from './ownership.js';

// Staff's review of ownership verifications (issue 5, "what staff sees of it"): the list in the
// backoffice and the rejection. Beside domain/ownership.ts (the owner's side) so that file stays the
// contract of the owner's calls.

/**
 * The statuses staff filter by: waiting for the owner's national ID, verified, or rejected. ('none' has no
 * row, and a row is only written with its picture, so 'frame_pending' does not occur.)
 */
export const REVIEW_STATUSES = ['owner_pending', 'verified', 'rejected'] as const;

/** GET /api/backoffice/ownership-verifications?status= */
export const reviewQuerySchema = z.object({
  status: z.optional(z.enum(REVIEW_STATUSES, { error: 'field_invalid' })),
});

/** One verification as staff see it: enough to compare the picture with the registered frame number. */
export const reviewItemSchema = z.object({
  id: z.string(),
  bike: publicBikeSchema,
  /** The frame number as registered, to compare with the picture. */
  frame_number: z.nullable(z.string()),
  /** The frame-number picture (signed addresses, short-lived). */
  frame_picture_url: z.nullable(z.string()),
  frame_picture_thumbnail_url: z.nullable(z.string()),
  /** The person who gave the proof. */
  owner_email: z.nullable(z.string()),
  status: z.enum(VERIFICATION_STATUSES),
  reject_reason: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  verified_at: z.nullable(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** POST /api/backoffice/ownership-verifications/{id}/reject: the reason is mailed to the owner. */
export const rejectVerificationSchema = z.object({
  reason: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(500, { error: 'too_long' })),
});
