import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { normaliseReferralCode, REFERRAL_ALPHABET, REFERRAL_CODE_LENGTH, type Referrals, referralPath } from '../../domain/referrals.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { identities } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// A person's referral code (domain/referrals.ts) is given the first time they ask for it and kept for good, so
// a link shared once keeps working. Sign-ups resolve a friend_ref to its owner in createPerson (service.ts).

function newReferralCode(): string {
  // 5 random bytes are 40 bits: eight base32 characters exactly.
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = REFERRAL_CODE_LENGTH - 1; i >= 0; i -= 1) code += REFERRAL_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** The person's code, made now if they have none (a clash with another's code, 1 in 10^12, draws again). */
export async function referralCodeOf(db: Db, partyId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [identity] = await db.select({ code: identities.referralCode }).from(identities).where(eq(identities.partyId, partyId));
    if (!identity) throw new AppError('invalid_token');
    if (identity.code) return identity.code;
    try {
      // Only where none is set: two first asks at once agree on the one that lands first.
      await db
        .update(identities)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(identities.partyId, partyId), isNull(identities.referralCode)));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('no free referral code after five draws');
}

/** The party a friend_ref names, or null: an unknown or malformed code records nothing and refuses nothing. */
export async function referrerOf(tx: Db, friendRef: string | null | undefined): Promise<string | null> {
  const code = friendRef ? normaliseReferralCode(friendRef) : null;
  if (!code) return null;
  const [referrer] = await tx.select({ partyId: identities.partyId }).from(identities).where(eq(identities.referralCode, code));
  return referrer?.partyId ?? null;
}

/** GET /identities/me/referrals: the code, its link, and how many signed up through it (and confirmed their email). */
export async function myReferrals(ctx: AppContext, partyId: string): Promise<Referrals> {
  const code = await referralCodeOf(ctx.db, partyId);
  const [signedUp] = await ctx.db.select({ n: count() }).from(identities).where(eq(identities.referredBy, partyId));
  const [verified] = await ctx.db
    .select({ n: count() })
    .from(identities)
    .where(and(eq(identities.referredBy, partyId), isNotNull(identities.emailVerifiedAt)));
  return {
    code,
    link: `${ctx.config.publicUrl}${referralPath(code)}`,
    friends_signed_up: signedUp?.n ?? 0,
    friends_verified: verified?.n ?? 0,
  };
}
