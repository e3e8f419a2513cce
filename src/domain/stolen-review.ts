import * as z from 'zod/mini';
import { publicBikeSchema } from './bikes.js';

// Staff's review of stolen reports for the public stolen-bike map (issue 14, /backoffice/v2/stolen-bikes). A new
// report waits; staff approve it for the map, hide it (with a reason: abusive text, a wrong place …) or merge it into
// another report of the same bike or frame number. Only the public map and its bike pages follow the review: the bike
// is stolen for its owner, search, plate scans, insurers and the police report whatever staff decide.

export const STOLEN_REVIEW_STATES = ['new', 'approved', 'hidden', 'merged'] as const;
export type StolenReviewState = (typeof STOLEN_REVIEW_STATES)[number];

export const STOLEN_REVIEW_PAGE_SIZE = 20;
export const HIDE_REASON_MAX = 500;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }));
const postalCode = z.string().check(z.regex(/^\d{4}$/, { error: 'zip_invalid' }));

/**
 * GET /api/backoffice/stolen-reports?state=&from=&to=&region=&postal_from=&postal_to=&q=&offset= — the open reports
 * (not found), waiting ones first, then newest reported first. from/to: the day reported (inclusive); postal_from/to:
 * the zip code of the place of the theft (inclusive); q: part of the frame number as reported.
 */
export const stolenReviewQuerySchema = z.object({
  state: z.optional(z.enum(STOLEN_REVIEW_STATES, { error: 'field_invalid' })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  region: z.optional(z.enum(['dk', 'no'], { error: 'field_invalid' })),
  postal_from: z.optional(postalCode),
  postal_to: z.optional(postalCode),
  q: z.optional(z.string().check(z.maxLength(100, { error: 'field_invalid' }))),
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});
export type StolenReviewQuery = z.infer<typeof stolenReviewQuerySchema>;

/** Another open report of the same bike or frame number: what a report may be merged into. */
export const duplicateCandidateSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  frame_number: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  place: z.string(),
  review_state: z.enum(STOLEN_REVIEW_STATES),
  created_at: z.string(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

export const reviewPictureSchema = z.object({
  id: z.string(),
  kind: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
});

/** One stolen report as staff review it. */
export const stolenReviewItemSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  /** The bike's card as registered (the public picture on a signed address). */
  bike: z.nullable(publicBikeSchema),
  /** As the owner gave it in the report. */
  frame_number: z.string(),
  color_id: z.string(),
  category_id: z.string(),
  is_electric: z.boolean(),
  /** When the report was filed, and when the owner noticed the theft (ISO). */
  created_at: z.string(),
  stolen_at: z.string(),
  /** The place as the owner wrote it, its zip code, and the exact point (staff see it; the map only the ~1 km cell). */
  place: z.string(),
  postal_code: z.nullable(z.string()),
  region: z.enum(['dk', 'no']),
  latitude: z.number(),
  longitude: z.number(),
  /** The owner's own words: what they know of the culprit and the witnesses. */
  culprit_info: z.nullable(z.string()),
  witnesses: z.nullable(z.string()),
  owner_name: z.string(),
  owner_email: z.string(),
  /** The bike's pictures of the current ownership (signed, short-lived addresses). */
  pictures: z.array(reviewPictureSchema),
  review_state: z.enum(STOLEN_REVIEW_STATES),
  /** Why it was hidden. */
  review_reason: z.nullable(z.string()),
  merged_into_report_id: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  reviewed_by_email: z.nullable(z.string()),
  /** Other open reports of the same bike or frame number, not themselves merged. */
  duplicates: z.array(duplicateCandidateSchema),
});
export type StolenReviewItem = z.infer<typeof stolenReviewItemSchema>;

export const stolenReviewAnswerSchema = z.object({
  items: z.array(stolenReviewItemSchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type StolenReviewAnswer = z.infer<typeof stolenReviewAnswerSchema>;

/** POST /api/backoffice/stolen-reports/{id}/hide */
export const hideStolenReportSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(HIDE_REASON_MAX, { error: 'too_long' })),
});

/** POST /api/backoffice/stolen-reports/{id}/merge: into another open report of the same bike or frame number. */
export const mergeStolenReportSchema = z.object({
  into_report_id: z.uuid({ error: 'field_invalid' }),
});
