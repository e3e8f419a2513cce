// The §3 autofill of the insurer's evidence pages from URL parameters (verify-bike-possession, lock-test-portal),
// with the §5 normalisation of the parameters' names. Plain functions, no zod: the pages import them.

/** The §3 Insurance verification autofill's fields. */
export const VERIFICATION_AUTOFILL_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'street',
  'city',
  'zip',
  'floor',
  'side',
  'door',
  'mobile',
  'policy_id',
  'frame_number',
] as const;
export type VerificationAutofillField = (typeof VERIFICATION_AUTOFILL_FIELDS)[number];

/** The §3 Lock-test autofill's fields. */
export const LOCK_TEST_AUTOFILL_FIELDS = ['email', 'policy_id'] as const;
export type LockTestAutofillField = (typeof LOCK_TEST_AUTOFILL_FIELDS)[number];

/** §5: a parameter's name, lower case without underscores and hyphens → the field it fills. */
const AUTOFILL_ALIASES: Readonly<Record<string, VerificationAutofillField>> = {
  email: 'email',
  policyid: 'policy_id',
  policynumber: 'policy_id',
  policyno: 'policy_id',
  first: 'first_name',
  firstname: 'first_name',
  last: 'last_name',
  lastname: 'last_name',
  street: 'street',
  streetname: 'street',
  city: 'city',
  cityname: 'city',
  zip: 'zip',
  zipcode: 'zip',
  floor: 'floor',
  side: 'side',
  door: 'door',
  mobile: 'mobile',
  mobileno: 'mobile',
  mobilenumber: 'mobile',
  phone: 'mobile',
  phoneno: 'mobile',
  phonenumber: 'mobile',
  framenumber: 'frame_number',
};

/** Longer values are not autofilled (nothing the forms take is longer). */
const AUTOFILL_MAX_LENGTH = 200;

/** The field a URL parameter's name fills (§5: case, underscores and hyphens ignored), or null for an unknown name. */
export function autofillFieldOf(name: string): VerificationAutofillField | null {
  return AUTOFILL_ALIASES[name.toLowerCase().replace(/[_-]/g, '')] ?? null;
}

/**
 * The fields the URL parameters fill, of those `fields` allows: unknown names are ignored, values trimmed,
 * blank or overlong ones ignored, and the first parameter naming a field wins.
 */
function autofill<F extends VerificationAutofillField>(
  params: Iterable<readonly [string, string]>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const filled: Partial<Record<F, string>> = {};
  for (const [name, raw] of params) {
    const field = autofillFieldOf(name);
    const value = raw.trim();
    if (!field || !(fields as readonly string[]).includes(field)) continue;
    if (value === '' || value.length > AUTOFILL_MAX_LENGTH || filled[field as F] !== undefined) continue;
    filled[field as F] = value;
  }
  return filled;
}

/** §3 Insurance verification autofill from a page's URL parameters (e.g. `new URLSearchParams(location.search)`). */
export function verificationAutofill(params: Iterable<readonly [string, string]>): Partial<Record<VerificationAutofillField, string>> {
  return autofill(params, VERIFICATION_AUTOFILL_FIELDS);
}

/** §3 Lock-test autofill (email, policyId) from a page's URL parameters. */
export function lockTestAutofill(params: Iterable<readonly [string, string]>): Partial<Record<LockTestAutofillField, string>> {
  return autofill(params, LOCK_TEST_AUTOFILL_FIELDS);
}
