import { randomBytes } from 'node:crypto';
import { and, eq, gt, type SQL } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { sameSitePath } from '../../domain/safe-path.js';
import { type ApprovalAct, approvalActKey, eidProviderOf, isSubjectBoundAct, parseApprovalActKey } from '../../domain/verification.js';
import type {
  SessionTaskResult,
  VerificationCompleteAnswer,
  VerificationStartAnswer,
  verificationCompleteSchema,
  verificationStartSchema,
} from '../../domain/verification-schemas.js';
import { VERIFICATION_COMPLETE_PATH } from '../adapters/eid/create-eid.js';
import { EidError, type EidPerson, type EidPort } from '../adapters/eid/port.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { identities, verificationSessions } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { findIdentity, sessionTokenFor } from '../identity/service.js';
import { createApproval } from '../shared/approvals.js';
import { encryptField } from '../shared/secrets.js';

// §7 verifications: a trip through the national ID provider that verifies the identity (§4 pending →
// verified) or approves one act (step-up, approvals.ts). Start stores the trip's secrets and answers the
// provider's address; complete redeems the code the provider sent back, once.

/** How long the user has to get through the provider and back. */
export const VERIFICATION_SESSION_TTL_MINUTES = 10;

type Identity = typeof identities.$inferSelect;
type Session = typeof verificationSessions.$inferSelect;

const secret = () => randomBytes(32).toString('base64url');

function returnPath(ctx: AppContext, value: string, field: string): string {
  const path = sameSitePath(value, ctx.config.publicUrl);
  if (!path) throw new AppError('redirect_not_allowed', field);
  return path;
}

export function isAutotestAccount(ctx: AppContext, email: string): boolean {
  return ctx.config.autotestAccounts.includes(email.toLowerCase());
}

async function callerIdentity(ctx: AppContext, caller: Caller): Promise<Identity> {
  // National ID proves who is at the keyboard: staff acting as the user (switch-user) cannot give it for them.
  if (caller.switchedBy) throw new AppError('forbidden');
  const identity = await findIdentity(ctx.db, caller.partyId);
  if (!identity) throw new AppError('invalid_token');
  return identity;
}

export async function startVerification(
  ctx: AppContext,
  eid: EidPort,
  caller: Caller,
  input: z.output<typeof verificationStartSchema>,
): Promise<VerificationStartAnswer> {
  const identity = await callerIdentity(ctx, caller);
  const purpose = input.verification_session_type;
  if (purpose === 'approve' && !input.act) throw new AppError('field_required', 'act');
  if (purpose === 'approve' && input.act && isSubjectBoundAct(input.act) && !input.subject_id) {
    throw new AppError('field_required', 'subject_id');
  }
  if (purpose === 'verify' && identity.verifiedOn) throw new AppError('identity_already_verified');
  const successUrl = returnPath(ctx, input.success_url, 'success_url');
  const failureUrl = returnPath(ctx, input.failure_url, 'failure_url');
  // Stored as the act, or act:subjectId for an act bound to one subject (approvalActKey).
  const act = purpose === 'approve' && input.act ? approvalActKey(input.act, input.subject_id) : null;
  const request = { state: secret(), nonce: secret(), codeVerifier: secret(), region: identity.region, language: caller.language };

  let verificationUrl: string | null;
  if (isAutotestAccount(ctx, identity.email)) {
    // §6: an autotest account skips the provider's screen; the complete page finishes at once.
    const url = new URL(VERIFICATION_COMPLETE_PATH, ctx.config.publicUrl);
    url.searchParams.set('verification_session_type', purpose);
    url.searchParams.set('verification_type', eidProviderOf(identity.region));
    if (input.act && purpose === 'approve') url.searchParams.set('act', input.act);
    if (input.subject_id && purpose === 'approve') url.searchParams.set('subject_id', input.subject_id);
    verificationUrl = url.href;
  } else {
    verificationUrl = await eid.authorizationUrl(request);
  }
  // §7: start fails when no authorisation URL is returned.
  if (!verificationUrl) throw new AppError('verification_unavailable');

  const [session] = await ctx.db
    .insert(verificationSessions)
    .values({
      partyId: identity.partyId,
      purpose,
      act,
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      successUrl,
      failureUrl,
      expiresAt: new Date(Date.now() + VERIFICATION_SESSION_TTL_MINUTES * 60_000),
    })
    .returning({ id: verificationSessions.id });
  if (!session) throw new Error('verification session insert returned nothing');
  return { verification_url: verificationUrl, session_id: session.id };
}

/**
 * Takes a pending, unexpired session of the caller, so that it can never be used again: a replayed code
 * or state finds nothing. It stays "failed" unless the trip completes.
 */
async function claimSession(ctx: AppContext, partyId: string, which: SQL | undefined): Promise<Session | undefined> {
  const now = new Date();
  const [session] = await ctx.db
    .update(verificationSessions)
    .set({ status: 'failed', completedAt: now })
    .where(
      and(
        which,
        eq(verificationSessions.partyId, partyId),
        eq(verificationSessions.status, 'pending'),
        gt(verificationSessions.expiresAt, now),
      ),
    )
    .returning();
  return session;
}

export async function completeVerification(
  ctx: AppContext,
  eid: EidPort,
  caller: Caller,
  input: z.output<typeof verificationCompleteSchema>,
): Promise<VerificationCompleteAnswer> {
  if (input.code) return completeWithProvider(ctx, eid, caller, { ...input, code: input.code });
  if (input.verification_session_type && input.verification_type) {
    return completeAutotest(ctx, caller, { ...input, type: input.verification_session_type, provider: input.verification_type });
  }
  throw new AppError('field_required', input.verification_session_type ? 'verification_type' : 'code');
}

async function completeWithProvider(
  ctx: AppContext,
  eid: EidPort,
  caller: Caller,
  input: { code: string; state?: string; iss?: string; session_id?: string },
): Promise<VerificationCompleteAnswer> {
  // §7 names code and session_id; the state the provider sent back is checked when it is given. Without
  // it the code is still bound to this session, and only to it, by the PKCE verifier kept here.
  const which = input.session_id
    ? eq(verificationSessions.id, input.session_id)
    : input.state
      ? eq(verificationSessions.state, input.state)
      : undefined;
  if (!which) throw new AppError('field_required', 'session_id');
  const identity = await callerIdentity(ctx, caller);
  const session = await claimSession(ctx, identity.partyId, which);
  if (!session) throw new AppError('verification_invalid');
  let person: EidPerson;
  try {
    person = await eid.exchange(
      { code: input.code, state: input.state ?? session.state, iss: input.iss },
      {
        state: session.state,
        nonce: session.nonce,
        codeVerifier: session.codeVerifier,
        region: identity.region,
        language: caller.language,
      },
    );
  } catch (err) {
    if (!(err instanceof EidError)) throw err;
    // The reason names the failed check or the provider's error code, never a claim.
    ctx.log.info({ session: session.id, reason: err.reason }, 'national ID verification refused');
    throw new AppError('verification_failed');
  }
  return finish(ctx, identity, session, person);
}

async function completeAutotest(
  ctx: AppContext,
  caller: Caller,
  input: { type: 'verify' | 'approve'; act?: ApprovalAct; subject_id?: string; provider: 'mitid' | 'bankid'; session_id?: string },
): Promise<VerificationCompleteAnswer> {
  const identity = await callerIdentity(ctx, caller);
  if (!isAutotestAccount(ctx, identity.email)) throw new AppError('autotest_only');
  if (input.type === 'approve' && !input.act) throw new AppError('field_required', 'act');
  if (input.type === 'approve' && input.act && isSubjectBoundAct(input.act) && !input.subject_id) {
    throw new AppError('field_required', 'subject_id');
  }
  if (input.type === 'verify' && identity.verifiedOn) throw new AppError('identity_already_verified');
  const actKey = input.type === 'approve' && input.act ? approvalActKey(input.act, input.subject_id) : undefined;
  let session: Session | undefined;
  if (input.session_id) {
    session = await claimSession(ctx, identity.partyId, eq(verificationSessions.id, input.session_id));
    if (!session || session.purpose !== input.type || (session.act ?? undefined) !== actKey) throw new AppError('verification_invalid');
  } else {
    // Nothing was started: the trip is recorded all the same.
    [session] = await ctx.db
      .insert(verificationSessions)
      .values({
        partyId: identity.partyId,
        purpose: input.type,
        act: actKey ?? null,
        state: secret(),
        nonce: secret(),
        codeVerifier: secret(),
        status: 'failed',
        expiresAt: new Date(),
        completedAt: new Date(),
      })
      .returning();
    if (!session) throw new Error('verification session insert returned nothing');
  }
  const name = [identity.firstName, identity.lastName].filter(Boolean).join(' ') || 'Autotest';
  // An autotest account approves as whoever verified it; unverified, it is verified as itself.
  const person: EidPerson = {
    subject: identity.eidSubject ?? `autotest:${identity.partyId}`,
    provider: input.provider,
    name: identity.verifiedName ?? name,
    givenName: null,
    familyName: null,
    birthdate: identity.birthdate,
    nationalId: null,
  };
  return finish(ctx, identity, session, person);
}

/** Verifies the identity (if not yet bound to a person) and, for an approval, creates it; then a new token. */
async function finish(ctx: AppContext, identity: Identity, session: Session, person: EidPerson): Promise<VerificationCompleteAnswer> {
  const bound = identity.eidSubject;
  if (bound && bound !== person.subject) {
    // Another person went through the provider than the one this account is verified as.
    throw new AppError(session.purpose === 'approve' ? 'approval_wrong_person' : 'identity_already_verified');
  }
  const now = new Date();
  const approved = parseApprovalActKey(session.act);
  const approvedKey = approved ? approvalActKey(approved.act, approved.subjectId) : 'delete_account';
  let result: { identity: Identity; approvalId: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      let current = identity;
      if (!bound) {
        const [updated] = await tx
          .update(identities)
          .set({
            eidSubject: person.subject,
            eidProvider: person.provider,
            verifiedName: person.name,
            birthdate: person.birthdate,
            verifiedOn: identity.verifiedOn ?? now,
            // A profile without a name takes the one the provider vouches for.
            ...(!identity.firstName && !identity.lastName ? { firstName: person.givenName, lastName: person.familyName } : {}),
            ...(person.nationalId ? { cprEncrypted: encryptField(ctx.config.dataKey, person.nationalId) } : {}),
          })
          .where(eq(identities.partyId, identity.partyId))
          .returning();
        if (!updated) throw new AppError('invalid_token');
        current = updated;
      }
      const approvalId = session.purpose === 'approve' && approved ? await createApproval(tx, identity.partyId, approvedKey, now) : null;
      await tx.update(verificationSessions).set({ status: 'completed', completedAt: now }).where(eq(verificationSessions.id, session.id));
      return { identity: current, approvalId };
    });
  } catch (err) {
    // eid_subject is unique: this person has already verified another account.
    if (isUniqueViolation(err)) throw new AppError('eid_in_use');
    throw err;
  }
  const task: SessionTaskResult = {
    status: session.purpose === 'approve' ? 'approved' : 'verified',
    act: session.purpose === 'approve' && approved ? approved.act : null,
    ...(session.purpose === 'approve' && approved?.subjectId ? { subject_id: approved.subjectId } : {}),
    approval_id: result.approvalId,
    success_url: session.successUrl,
  };
  return { authentication_token: await sessionTokenFor(ctx, result.identity), session_id: session.id, session_task_result: task };
}
