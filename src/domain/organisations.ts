import * as z from 'zod/mini';
import { ORGANISATION_MEMBER_ROLES } from './roles.js';
import { ORGANISATION_TYPES } from './session.js';

// Business users (§6): an organisation of type business, created by a person who becomes its admin,
// and the choice of which user (the person or one of their organisations) the person acts as.
// Shared by the routes and the web form; messages are error codes (errors.ts).

/** Organisation types a user may create themselves; the others are set up by staff. */
export const SELF_SERVICE_ORGANISATION_TYPES = ['business'] as const;

/**
 * A Danish CVR number (8 digits, the first not 0) or a Norwegian organisation number (9 digits, the
 * first 8 or 9, with its modulus-11 check digit). Spaces are ignored. The CVR check digit is not
 * tested: the registry no longer promises one on every number.
 */
export function isBusinessNumber(value: string): boolean {
  if (/^[1-9]\d{7}$/.test(value)) return true;
  if (!/^[89]\d{8}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(value[8]);
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const businessNumberSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) => v.replace(/\s/g, '')),
  ),
  z.string().check(z.refine(isBusinessNumber, { error: 'business_number_invalid' })),
);

export const createOrganisationSchema = z.object({
  name: z
    .string({ error: 'field_required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'field_required' }),
      z.minLength(2, { error: 'too_short' }),
      z.maxLength(120, { error: 'too_long' }),
    ),
  cvr_number: z.pipe(z.transform(blankToUndefined), z.optional(businessNumberSchema)),
  organisation_type: z._default(z.enum(SELF_SERVICE_ORGANISATION_TYPES), 'business'),
});
/** The payload as the web sends it, already checked and normalised by the schema. */
export type CreateOrganisation = z.output<typeof createOrganisationSchema>;

export const organisationSchema = z.object({
  party_id: z.string(),
  name: z.string(),
  organisation_type: z.enum(ORGANISATION_TYPES),
  cvr_number: z.nullable(z.string()),
  /** The person's role in it. */
  role: z.enum(ORGANISATION_MEMBER_ROLES),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const createdOrganisationSchema = z.object({ organisation: organisationSchema, authentication_token: z.string() });

export const actingPartySchema = z.object({ party_id: z.uuid() });
