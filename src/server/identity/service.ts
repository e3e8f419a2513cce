import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../../domain/constants.js';
import type { signupSchema } from '../../domain/identity.js';
import { STANDARD_COVERAGE } from '../../domain/insurance-policies.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import {
  consents,
  events,
  identities,
  oneTimeTokens,
  organisationMembers,
  organisations,
  parties,
  revokedTokens,
  socialAccounts,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { issueSessionToken } from '../http/session-token.js';
import { insurerOfRegister, takePolicy } from '../shared/insurance-policies.js';
import { mayMail } from '../shared/mail-limit.js';
import { hashLinkToken, hashPassword, newLinkToken, verifyPassword } from '../shared/secrets.js';
import { identityEmails } from './emails.js';
import { clearLoginFailures, NO_LOGIN_FAILURES, recordLoginFailure, refuseWhileLocked } from './login-lock.js';
import { referrerOf } from './referrals.js';

type Identity = typeof identities.$inferSelect;

export async function findIdentityByEmail(db: Db, email: string): Promise<Identity | undefined> {
  const [row] = await db.select().from(identities).where(sql`lower(${identities.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findIdentity(db: Db, partyId: string): Promise<Identity | undefined> {
  const [row] = await db.select().from(identities).where(eq(identities.partyId, partyId));
  return row;
}

/**
 * The login token of an identity, acting as the party the person last chose (identity.acting_party_id:
 * themselves, or an organisation they still belong to). Without a valid choice: their insurance company
 * if they belong to one (§2 sends them to its admin), else themselves. `switchedBy` makes a switch-user token.
 */
export async function sessionTokenFor(
  ctx: AppContext,
  identity: Identity,
  options: { switchedBy?: string | null; expiresAt?: number } = {},
): Promise<string> {
  const memberships = await ctx.db
    .select({ organisationPartyId: organisations.partyId, organisationType: organisations.organisationType })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
    .where(eq(organisationMembers.identityPartyId, identity.partyId))
    .orderBy(organisationMembers.createdAt);
  const membership =
    identity.actingPartyId === identity.partyId
      ? undefined
      : (memberships.find((m) => m.organisationPartyId === identity.actingPartyId) ??
        memberships.find((m) => m.organisationType === 'insurance_company'));
  return issueSessionToken(ctx.config.jwtSecret, {
    identityPartyId: identity.partyId,
    partyId: membership?.organisationPartyId ?? identity.partyId,
    email: identity.email,
    signedUpAt: identity.signedUpAt,
    verifiedOn: identity.verifiedOn,
    organisationType: membership?.organisationType ?? null,
    switchedBy: options.switchedBy ?? null,
    ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt }),
  });
}

/**
 * Writes a single-use email-verification link for `email` and queues the mail that carries it. Only the
 * newest link works: sending one retires the ones before it, as a password-reset resend does. Past the
 * limit of such mails to the address (mail-limit.ts) nothing is written and the links sent stay valid.
 */
export async function queueVerificationMail(
  ctx: AppContext,
  tx: Db,
  identity: Pick<Identity, 'partyId' | 'language'>,
  email: string,
  change: boolean,
): Promise<void> {
  if (!(await mayMail(ctx, tx, email, 'link_verification'))) return;
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.partyId, identity.partyId), eq(oneTimeTokens.kind, 'email_verification'), isNull(oneTimeTokens.usedAt)));
  const { token, tokenHash } = newLinkToken();
  await tx.insert(oneTimeTokens).values({
    tokenHash,
    kind: 'email_verification',
    partyId: identity.partyId,
    email,
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
  });
  const url = `${ctx.config.publicUrl}/verify-email?code=${token}`;
  const mail = change
    ? identityEmails.confirmEmailChange(identity.language, email, url)
    : identityEmails.verifyEmail(identity.language, email, url);
  await ctx.mailer.enqueue(tx, { ...mail, partyId: identity.partyId });
}

/**
 * A new person inside the caller's transaction: party and identity (with the referrer its friend_ref names), the
 * privacy_and_terms consent the sign-up implies, the verification mail unless the address is already vouched for, and the signup event.
 */
export async function createPerson(
  ctx: AppContext,
  tx: Db,
  options: {
    identity: Omit<typeof identities.$inferInsert, 'partyId'>;
    sendVerificationMail: boolean;
    sessionId?: string | null;
    eventData: Record<string, unknown>;
  },
): Promise<Identity> {
  const [party] = await tx.insert(parties).values({ kind: 'person' }).returning();
  if (!party) throw new Error('party insert returned nothing');
  // A friend_ref naming someone's referral code counts this sign-up as theirs (referrals.ts).
  const referredBy = await referrerOf(tx, options.identity.friendRef);
  const [created] = await tx
    .insert(identities)
    .values({ ...options.identity, referredBy, partyId: party.id })
    .returning();
  if (!created) throw new Error('identity insert returned nothing');
  await tx.insert(consents).values({ partyId: party.id, type: 'privacy_and_terms', action: 'added', version: PRIVACY_AND_TERMS_VERSION });
  if (options.sendVerificationMail) await queueVerificationMail(ctx, tx, created, created.email, false);
  await tx.insert(events).values({
    category: 'identity',
    action: 'signup',
    name: 'signup',
    partyId: party.id,
    sessionId: options.sessionId ?? null,
    data: options.eventData,
  });
  return created;
}

/** §4 Signup: an insurance member reference (all three fields) links a standard policy to the new person. */
async function linkMemberReference(tx: Db, partyId: string, input: z.output<typeof signupSchema>): Promise<void> {
  const { insurer_party_id: insurer, insurance_type: type, insurance_policy_id: number } = input;
  if (!insurer && !type && !number) return;
  if (!insurer) throw new AppError('field_required', 'insurer_party_id');
  if (!type) throw new AppError('field_required', 'insurance_type');
  if (!number) throw new AppError('field_required', 'insurance_policy_id');
  if (!(await insurerOfRegister(tx, insurer))) throw new AppError('insurer_not_found', 'insurer_party_id');
  const policy = { insurerPartyId: insurer, holderPartyId: partyId, insurerPolicyId: number, type, numberOfBikes: 1 };
  await takePolicy(tx, { ...policy, coverage: STANDARD_COVERAGE, source: 'signup' }, 'insurance_policy_id');
}

export async function signUp(ctx: AppContext, input: z.output<typeof signupSchema>, meta: { sessionId?: string }): Promise<string> {
  if (await findIdentityByEmail(ctx.db, input.email)) throw new AppError('email_taken', 'email');
  const passwordHash = await hashPassword(input.password);
  let identity: Identity;
  try {
    identity = await ctx.db.transaction((tx) =>
      createPerson(ctx, tx, {
        identity: {
          email: input.email,
          passwordHash,
          phone: input.phone ?? null,
          mobile: input.phone ?? null,
          zipCode: input.zip_code ?? null,
          language: input.chosen_language,
          region: input.chosen_region,
          friendRef: input.friend_ref ?? null,
          userRef: input.user_ref ?? null,
        },
        sendVerificationMail: !input.skip_email,
        sessionId: meta.sessionId,
        eventData: { region: input.chosen_region, language: input.chosen_language, friend_ref: input.friend_ref ?? null },
      }).then(async (created) => {
        await linkMemberReference(tx, created.partyId, input);
        return created;
      }),
    );
  } catch (err) {
    // Two sign-ups with one email at the same instant: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('email_taken', 'email');
    throw err;
  }
  void ctx.mailer.flush();
  return sessionTokenFor(ctx, identity);
}

export async function logIn(ctx: AppContext, email: string, password: string): Promise<string> {
  const identity = await findIdentityByEmail(ctx.db, email);
  // Verify even when the email is unknown, so the answer takes as long either way.
  const ok = await verifyPassword(identity?.passwordHash ?? null, password);
  if (!identity) throw new AppError('password_wrong');
  // A locked account refuses even the right password (login-lock.ts).
  refuseWhileLocked(identity);
  if (!ok) {
    await recordLoginFailure(ctx, identity.partyId);
    throw new AppError('password_wrong');
  }
  await clearLoginFailures(ctx.db, identity);
  return sessionTokenFor(ctx, identity);
}

/**
 * A fresh token in place of the caller's, which is retired. A switched token is refreshed as a switched token,
 * never as the user's own, and ends when the switch's hour does.
 */
export async function refreshToken(ctx: AppContext, caller: Caller): Promise<string> {
  const identity = await findIdentity(ctx.db, caller.partyId);
  if (!identity) throw new AppError('invalid_token');
  await revokeToken(ctx.db, caller.token);
  return caller.switchedBy
    ? sessionTokenFor(ctx, identity, { switchedBy: caller.switchedBy.partyId, expiresAt: caller.token.expiresAt })
    : sessionTokenFor(ctx, identity);
}

/** Ends the token of a call: the guard refuses it from now on. Rows of expired tokens are deleted on the way. */
export async function revokeToken(db: Db, token: Caller['token']): Promise<void> {
  if (!token.id) return;
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
  await db
    .insert(revokedTokens)
    .values({ jti: token.id, expiresAt: new Date(token.expiresAt * 1000) })
    .onConflictDoNothing();
}

/** Log out everywhere: every token of the person issued until now is refused (as after a password reset). */
export async function endAllSessions(ctx: AppContext, caller: Caller): Promise<void> {
  if (caller.switchedBy) throw new AppError('forbidden');
  await ctx.db.update(identities).set({ tokensValidAfter: new Date() }).where(eq(identities.partyId, caller.partyId));
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const identity = await findIdentityByEmail(ctx.db, email);
  // §5/§8: for a reset the user must exist, and the page says so.
  if (!identity) throw new AppError('email_unknown', 'email');
  const { token, tokenHash } = newLinkToken();
  await ctx.db.transaction(async (tx) => {
    // A flooded address gets no more mail this hour, and the answer is the same (mail-limit.ts).
    if (!(await mayMail(ctx, tx, identity.email, 'password_reset'))) return;
    // Only the newest link works: a resend retires the ones before it.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.partyId, identity.partyId), eq(oneTimeTokens.kind, 'password_reset'), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      tokenHash,
      kind: 'password_reset',
      partyId: identity.partyId,
      email: identity.email,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    const url = `${ctx.config.publicUrl}/reset-password?token=${token}`;
    const mail = identityEmails.passwordReset(identity.language, identity.email, url, PASSWORD_RESET_TTL_MINUTES);
    await ctx.mailer.enqueue(tx, { ...mail, partyId: identity.partyId });
  });
  void ctx.mailer.flush();
}

/** Takes a one-time token if it is of the kind, unused and unexpired; marks it used in the same statement. */
async function consumeLinkToken(tx: Db, token: string, kind: 'password_reset' | 'email_verification') {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashLinkToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function completePasswordReset(ctx: AppContext, token: string, newPassword: string): Promise<string> {
  const passwordHash = await hashPassword(newPassword);
  const identity = await ctx.db.transaction(async (tx) => {
    const used = await consumeLinkToken(tx, token, 'password_reset');
    if (!used) return undefined;
    const now = new Date();
    const [updated] = await tx
      .update(identities)
      .set({
        passwordHash,
        // Every earlier session ends; the token answered below is the only one that works.
        tokensValidAfter: now,
        // The owner of the address is back: a login lock is lifted.
        ...NO_LOGIN_FAILURES,
        // Following the link proved the address.
        emailVerifiedAt: sql`coalesce(${identities.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(identities.partyId, used.partyId), sql`lower(${identities.email}) = lower(${used.email})`))
      .returning();
    if (!updated) return undefined;
    // The owner of the address takes the account back: no social login linked before stays in (one made
    // from someone's claim to the address would otherwise keep its way in). Linking again needs the
    // provider to vouch for the address.
    await tx.delete(socialAccounts).where(eq(socialAccounts.partyId, updated.partyId));
    await ctx.mailer.enqueue(tx, { ...identityEmails.passwordChanged(updated.language, updated.email), partyId: updated.partyId });
    return updated;
  });
  if (!identity) throw new AppError('password_reset_failed');
  void ctx.mailer.flush();
  return sessionTokenFor(ctx, identity);
}

export async function requestEmailVerification(ctx: AppContext, partyId: string): Promise<{ sent_to: string }> {
  const identity = await findIdentity(ctx.db, partyId);
  if (!identity) throw new AppError('invalid_token');
  const target = identity.pendingEmail ?? identity.email;
  if (!identity.pendingEmail && identity.emailVerifiedAt) throw new AppError('already_verified');
  await ctx.db.transaction((tx) => queueVerificationMail(ctx, tx, identity, target, Boolean(identity.pendingEmail)));
  void ctx.mailer.flush();
  return { sent_to: target };
}

/**
 * Confirms the address a verification link was sent to: the current email (verification) or the
 * pending one (an email change, §4 partially saved), which then becomes the email.
 */
export async function validateEmailVerification(ctx: AppContext, code: string): Promise<{ email: string; changed: boolean }> {
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const used = await consumeLinkToken(tx, code, 'email_verification');
      if (!used) return undefined;
      const [identity] = await tx.select().from(identities).where(eq(identities.partyId, used.partyId));
      if (!identity) return undefined;
      const now = new Date();
      if (identity.email.toLowerCase() === used.email.toLowerCase()) {
        await tx
          .update(identities)
          .set({ emailVerifiedAt: identity.emailVerifiedAt ?? now })
          .where(eq(identities.partyId, identity.partyId));
        return { email: identity.email, changed: false };
      }
      if (identity.pendingEmail?.toLowerCase() === used.email.toLowerCase()) {
        await tx
          .update(identities)
          .set({ email: identity.pendingEmail, pendingEmail: null, emailVerifiedAt: now })
          .where(eq(identities.partyId, identity.partyId));
        return { email: identity.pendingEmail, changed: true };
      }
      return undefined;
    });
    if (!result) throw new AppError('link_invalid');
    return result;
  } catch (err) {
    // The pending address was taken by someone else meanwhile.
    if (isUniqueViolation(err)) throw new AppError('email_change_taken');
    throw err;
  }
}
