import { and, eq, sql } from 'drizzle-orm';
import type { Language, Region } from '../../domain/locale.js';
import type { SocialOutcome } from '../../domain/social.js';
import type { SocialPerson } from '../adapters/social/port.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { identities, socialAccounts } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { createPerson, findIdentity, findIdentityByEmail, sessionTokenFor } from './service.js';

// Social sign-in (§3, §7). Who the person is comes only from the provider's verified answer. A social
// login and a password account with the same email are one account ("linked, not duplicated"), but only
// when the provider says it verified the email: otherwise anyone could claim an address at a provider
// that does not check it and walk into someone else's account. Nor does an unverified address make a new
// account (pre-hijacking: the address's owner would later take the account over by a password reset, while
// the social login stayed in); and a password reset through the mailed link unlinks every social login.

type Identity = typeof identities.$inferSelect;

export interface SocialSignupChoice {
  region: Region;
  language: Language;
  /** The referral code the sign-up came with (counted only when an account is made, never for a linked login). */
  friendRef?: string | null;
  sessionId?: string;
}

export interface SocialResult {
  token: string;
  outcome: SocialOutcome;
  language: Language;
}

/** The identity already linked to this login, or linked now to the account with the same verified email. */
async function linkedIdentity(
  ctx: AppContext,
  provider: string,
  person: SocialPerson,
): Promise<{ identity: Identity; outcome: SocialOutcome } | null> {
  const [link] = await ctx.db
    .select({ partyId: socialAccounts.partyId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, person.subject)));
  if (link) {
    const identity = await findIdentity(ctx.db, link.partyId);
    if (identity) return { identity, outcome: 'signed_in' };
  }
  if (!person.email) return null;
  const existing = await findIdentityByEmail(ctx.db, person.email);
  if (!existing) return null;
  // An account has this address, and the provider did not vouch for it: not theirs to take over.
  if (!person.emailVerified) throw new AppError('social_email_taken');
  const identity = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(socialAccounts)
      .values({ provider, subject: person.subject, partyId: existing.partyId, email: person.email })
      .onConflictDoNothing();
    // The provider has confirmed the address the account uses.
    const [updated] = await tx
      .update(identities)
      .set({ emailVerifiedAt: sql`coalesce(${identities.emailVerifiedAt}, now())` })
      .where(eq(identities.partyId, existing.partyId))
      .returning();
    return updated ?? existing;
  });
  ctx.log.info({ provider, party_id: identity.partyId }, 'social login linked to an existing account');
  return { identity, outcome: 'linked' };
}

/** POST /identities/authentications/{provider}: a known (or linkable) login, else 404 social_account_unknown. */
export async function socialLogIn(ctx: AppContext, provider: string, person: SocialPerson): Promise<SocialResult> {
  const found = await linkedIdentity(ctx, provider, person);
  if (!found) throw new AppError('social_account_unknown');
  return { token: await sessionTokenFor(ctx, found.identity), outcome: found.outcome, language: found.identity.language };
}

function namesOf(person: SocialPerson): { firstName: string | null; lastName: string | null } {
  if (person.givenName || person.familyName) return { firstName: person.givenName, lastName: person.familyName };
  const name = person.name?.trim();
  if (!name) return { firstName: null, lastName: null };
  const space = name.lastIndexOf(' ');
  return space < 0 ? { firstName: name, lastName: null } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/**
 * POST /identities/{provider}: a new account from the provider's claims; a login or an email already
 * known signs in to that account instead (linking it when the provider verified the email).
 */
export async function socialSignUp(
  ctx: AppContext,
  provider: string,
  person: SocialPerson,
  choice: SocialSignupChoice,
): Promise<SocialResult> {
  const found = await linkedIdentity(ctx, provider, person);
  if (found) return { token: await sessionTokenFor(ctx, found.identity), outcome: found.outcome, language: found.identity.language };
  const email = person.email;
  if (!email) throw new AppError('social_email_missing');
  // Only an address the provider vouches for makes an account: one made from an unverified claim would
  // squat on someone else's address and keep its way in after they reset the password.
  if (!person.emailVerified) throw new AppError('social_email_unverified');
  const names = namesOf(person);
  let identity: Identity;
  try {
    identity = await ctx.db.transaction(async (tx) => {
      const created = await createPerson(ctx, tx, {
        identity: {
          email,
          // A social-only account has no password; a password reset can give it one.
          passwordHash: null,
          emailVerifiedAt: new Date(),
          firstName: names.firstName?.slice(0, 100) ?? null,
          lastName: names.lastName?.slice(0, 100) ?? null,
          language: choice.language,
          region: choice.region,
          friendRef: choice.friendRef ?? null,
        },
        sendVerificationMail: false,
        sessionId: choice.sessionId,
        eventData: { region: choice.region, language: choice.language, provider },
      });
      await tx.insert(socialAccounts).values({ provider, subject: person.subject, partyId: created.partyId, email });
      return created;
    });
  } catch (err) {
    // The same email or login signing up twice at once: the unique indexes decide.
    if (isUniqueViolation(err)) throw new AppError('social_email_taken');
    throw err;
  }
  return { token: await sessionTokenFor(ctx, identity), outcome: 'created', language: identity.language };
}
