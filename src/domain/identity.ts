import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { POLICY_TYPES } from './insurance-policies.js';
import { LANGUAGES, normaliseLanguage, normaliseUiLanguage, REGIONS, THEMES, UI_LANGUAGES } from './locale.js';

// Identity payloads (§3 Signup payload, Profile; §5; §7 Identity), shared by the routes and the forms.
// Messages are error codes (errors.ts): the server answers in the caller's language, forms show the same text.
// zod/mini keeps what a form page ships small (design.md: 120 KB first load).

/** Runs `fn` on the raw input before `schema` (zod's preprocess). */
const before = <T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);

/** An empty form field means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** In a profile, an emptied field means "remove it". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: 'too_long' }));

export const emailSchema = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'field_required' }), z.maxLength(254, { error: 'too_long' }))
  .check(z.email({ error: 'email_invalid' }));

export const passwordSchema = z
  .string({ error: 'field_required' })
  .check(z.minLength(PASSWORD_MIN_LENGTH, { error: 'password_too_short' }), z.maxLength(PASSWORD_MAX_LENGTH, { error: 'too_long' }));

/** Four digits in both Denmark and Norway. */
export const zipCodeSchema = z.string().check(z.trim(), z.regex(/^\d{4}$/, { error: 'zip_invalid' }));

export const phoneSchema = z.string().check(z.trim(), z.regex(/^\+?[\d ]{8,15}$/, { error: 'phone_invalid' }));

/** §5: language must be da, en or no, otherwise da. */
export const languageSchema = before(normaliseLanguage, z.enum(LANGUAGES));
/** The language a page is shown in: a §5 language or Icelandic (partial texts), otherwise da. */
export const uiLanguageSchema = before(normaliseUiLanguage, z.enum(UI_LANGUAGES));
export const regionSchema = z.enum(REGIONS, { error: 'region_required' });

export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  phone: before(blankToUndefined, z.optional(phoneSchema)),
  zip_code: before(blankToUndefined, z.optional(zipCodeSchema)),
  skip_email: z._default(z.boolean(), false),
  chosen_language: z._default(languageSchema, 'da'),
  chosen_region: regionSchema,
  friend_ref: before(blankToUndefined, z.optional(text(100))),
  user_ref: before(blankToUndefined, z.optional(text(100))),
  // §4 Signup: an insurance member reference links a standard policy (all three, or none).
  insurer_party_id: before(blankToUndefined, z.optional(z.uuid({ error: 'field_invalid' }))),
  insurance_type: before(blankToUndefined, z.optional(z.enum(POLICY_TYPES, { error: 'field_invalid' }))),
  insurance_policy_id: before(blankToUndefined, z.optional(text(40))),
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'field_required' }).check(z.minLength(1, { error: 'field_required' }), z.maxLength(PASSWORD_MAX_LENGTH)),
});

export const authenticationTokenSchema = z.object({ authentication_token: z.string() });

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetValidateSchema = z.object({ new_password: passwordSchema });

/** CPR (dk, 10 digits) or fødselsnummer (no, 11 digits); spaces and a dash after the birth date are allowed. */
export const cprSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) => v.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(/^(0[1-9]|[12]\d|3[01]|[4-7]\d)(0[1-9]|1[0-2])\d{2}\d{4,5}$/, { error: 'cpr_invalid' })),
);

export const VERIFICATION_STATUSES = ['pending', 'verified'] as const;

export const profileSchema = z.object({
  party_id: z.string(),
  email: z.string(),
  pending_email: z.nullable(z.string()),
  email_verified: z.boolean(),
  name: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  street: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip_code: z.nullable(z.string()),
  floor: z.nullable(z.string()),
  side: z.nullable(z.string()),
  door: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  language: z.enum(LANGUAGES),
  region: z.enum(REGIONS),
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** National ID (§4): the name the provider vouches for, when, and with which (mitid, bankid); null while pending. */
  verified_name: z.nullable(z.string()),
  verified_on: z.nullable(z.string()),
  verified_with: z.nullable(z.enum(['mitid', 'bankid'])),
  /** Masked: only the birth date part is ever shown. */
  cpr_number: z.nullable(z.string()),
  role: z.string(),
  signed_up_at: z.string(),
  /** The theme chosen for the person (§1), null when none was chosen. */
  theme: z.nullable(z.enum(THEMES)),
});
export type Profile = z.infer<typeof profileSchema>;

/** A profile field: omitted keeps the stored value, empty or null removes it. */
const profileField = <T extends z.ZodMiniType>(schema: T) => before(blankToNull, z.optional(z.nullable(schema)));

export const profileUpdateSchema = z.object({
  email: z.optional(emailSchema),
  first_name: profileField(text(100)),
  last_name: profileField(text(100)),
  street: profileField(text(200)),
  city: profileField(text(100)),
  zip_code: profileField(zipCodeSchema),
  floor: profileField(text(20)),
  side: profileField(text(20)),
  door: profileField(text(20)),
  mobile: profileField(phoneSchema),
  phone: profileField(phoneSchema),
  language: z.optional(languageSchema),
  region: z.optional(regionSchema),
  cpr_number: profileField(cprSchema),
});

/** §4 Profile save: saved, or partially saved when the new email awaits confirmation. */
export const profileSaveResultSchema = z.object({
  status: z.enum(['saved', 'partially_saved']),
  profile: profileSchema,
});

export const CONSENT_TYPES = ['privacy_and_terms', 'newsletter', 'marketing'] as const;
export const consentTypeSchema = z.enum(CONSENT_TYPES);
export const consentActionSchema = z.object({ action: z.enum(['add', 'remove']) });
export const consentSchema = z.object({
  type: z.enum(CONSENT_TYPES),
  given: z.boolean(),
  changed_at: z.nullable(z.string()),
  /** privacy_and_terms: the version of the documents accepted (domain/legal.ts); null if given before they had one. */
  version: z.nullable(z.string()),
  /** The newsletter only: asked for and waiting for the address to be confirmed (double opt-in). */
  pending: z.optional(z.boolean()),
});

/**
 * A CPR number as it is written: a Danish CPR number (10 digits) as DDMMYY-XXXX, a Norwegian fødselsnummer
 * (11 digits) as DDMMYY XXXXX; anything else as given.
 */
export function formatCpr(cpr: string): string {
  const digits = cpr.replace(/[\s-]/g, '');
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 6)}-${digits.slice(6)}`;
  if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 6)} ${digits.slice(6)}`;
  return cpr.trim();
}

/** Shows the birth date part of a CPR number and hides the rest. */
export function maskCpr(cpr: string): string {
  return `${cpr.slice(0, 6)}-${'•'.repeat(cpr.length - 6)}`;
}
