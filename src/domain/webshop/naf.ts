import * as z from 'zod/mini';
import { productSchema } from './catalogue.js';

// NAF membership numbers (§5, §7 NAF calls): 6-8 characters, otherwise "Invalid NAF number" (the error
// naf_number_invalid). The spec counts characters only; we take letters and digits (A-Z, 0-9, either case), with
// spaces around them trimmed, so a pasted number works and punctuation or spaces inside it do not pass as one.

export const NAF_NUMBER_MIN_LENGTH = 6;
export const NAF_NUMBER_MAX_LENGTH = 8;

const NAF_NUMBER = new RegExp(`^[A-Za-z0-9]{${NAF_NUMBER_MIN_LENGTH},${NAF_NUMBER_MAX_LENGTH}}$`);

/** null when the value is a valid NAF membership number, else the error code. */
export function nafNumberProblem(value: unknown): 'naf_number_invalid' | null {
  return typeof value === 'string' && NAF_NUMBER.test(value.trim()) ? null : 'naf_number_invalid';
}

/** The NAF membership number field, trimmed; its one error is naf_number_invalid. */
export const nafNumberSchema = z.string({ error: 'naf_number_invalid' }).check(
  z.trim(),
  z.refine((v) => nafNumberProblem(v) === null, { error: 'naf_number_invalid' }),
);

/** GET and POST /api/webshop/naf/: the acting party's membership. */
export const nafMembershipSchema = z.object({
  member_number: z.nullable(z.string()),
  /** The member discount in the caller's region (on the registration and the SINGLE and FAMILY subscriptions), member or not. */
  discount_percent: z.number(),
  /** A member who has not yet claimed the membership's one extra bike registration. */
  extra_registration_available: z.boolean(),
});
export type NafMembership = z.infer<typeof nafMembershipSchema>;

export const nafMembershipInputSchema = z.object({ member_number: nafNumberSchema });

/** POST /api/webshop/naf/apply-member-discount/{naf_member_id}: the membership recorded, and the region's products at member prices. */
export const memberDiscountAnswerSchema = z.object({
  member_number: z.string(),
  discount_percent: z.number(),
  products: z.array(productSchema),
});
