import * as z from 'zod/mini';

// Referrals (issue 15, §3 Signup payload friend_ref): every person has a code of their own, shared as a link
// to the sign-up; a sign-up through it names the referrer. Codes are Crockford base32 (no I, L, O, U), 8
// characters: 40 random bits, short to read aloud, not the party id, and not worth guessing.

export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The sign-up link a code is shared as (the path; the server puts its public address in front). */
export function referralPath(code: string): string {
  return `/signup?friend_ref=${encodeURIComponent(code)}`;
}

/**
 * A friend_ref as someone may have typed or copied it (lower case, spaces, a hyphen, O for 0, I or L for 1) in
 * its one stored form; null when it cannot be a code at all.
 */
export function normaliseReferralCode(value: string): string | null {
  const code = value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  for (const char of code) if (!REFERRAL_ALPHABET.includes(char)) return null;
  return code;
}

/** GET /identities/me/referrals: the caller's code and link, and how many friends it brought (never who). */
export const referralsSchema = z.object({
  code: z.string(),
  link: z.string(),
  friends_signed_up: z.number(),
  friends_verified: z.number(),
});
export type Referrals = z.infer<typeof referralsSchema>;
