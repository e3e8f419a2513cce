import type * as z from 'zod/mini';
import type { Profile, profileUpdateSchema } from '../../domain/identity';

// Between the profile as the server gives it and the settings form, whose fields are all text.

export const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'street',
  'floor',
  'side',
  'door',
  'zip_code',
  'city',
  'mobile',
  'phone',
] as const;

/** The form holds text in every field; the shared schema turns it into what PUT /identities/me takes. */
export type ProfileFormValues = z.input<typeof profileUpdateSchema>;
/** What PUT /identities/me takes: any subset of the fields. */
export type ProfileChanges = z.output<typeof profileUpdateSchema>;

export function toFormValues(profile: Profile): ProfileFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, profile[name] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>;
  // The CPR number is never sent back in full: the field is for a new one only.
  return { ...text, cpr_number: '', language: profile.language, region: profile.region };
}

/**
 * What to send: every field (an emptied one is removed), except the CPR number when none was typed (kept as it
 * is) and the email when unchanged (sending it would withdraw an email change waiting for confirmation).
 */
export function toUpdate(data: ProfileChanges, profile: Profile): ProfileChanges {
  const update: ProfileChanges = { ...data };
  if (data.cpr_number === null || data.cpr_number === undefined) delete update.cpr_number;
  if (!data.email || data.email.toLowerCase() === profile.email.toLowerCase()) delete update.email;
  return update;
}
