import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { CONSENT_TYPES, maskCpr, type Profile, type profileUpdateSchema } from '../../domain/identity.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import type { Language, Theme } from '../../domain/locale.js';
import type { IdentityRole } from '../../domain/roles.js';
import { deleteBikesOfParty } from '../bikes/service.js';
import type { AppContext } from '../context.js';
import { auditLog, bikes, consents, identities, parties, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { personNewsletter, setPersonNewsletter } from '../newsletter/service.js';
import { requireApproval } from '../shared/approvals.js';
import { emptyTrashQuietly } from '../shared/files/trash.js';
import { decryptField, encryptField } from '../shared/secrets.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';
import { identityEmails } from './emails.js';
import { findIdentity, findIdentityByEmail, queueVerificationMail } from './service.js';

type Identity = typeof identities.$inferSelect;

function toProfile(ctx: AppContext, identity: Identity): Profile {
  const cpr = identity.cprEncrypted ? decryptField(ctx.config.dataKey, identity.cprEncrypted) : null;
  const name = [identity.firstName, identity.lastName].filter(Boolean).join(' ') || null;
  return {
    party_id: identity.partyId,
    email: identity.email,
    pending_email: identity.pendingEmail,
    email_verified: identity.emailVerifiedAt !== null,
    name,
    first_name: identity.firstName,
    last_name: identity.lastName,
    street: identity.street,
    city: identity.city,
    zip_code: identity.zipCode,
    floor: identity.floor,
    side: identity.side,
    door: identity.door,
    mobile: identity.mobile,
    phone: identity.phone,
    language: identity.language,
    region: identity.region,
    verification_status: identity.verifiedOn ? 'verified' : 'pending',
    verified_name: identity.verifiedOn ? identity.verifiedName : null,
    verified_on: identity.verifiedOn ? identity.verifiedOn.toISOString() : null,
    verified_with:
      identity.verifiedOn && (identity.eidProvider === 'mitid' || identity.eidProvider === 'bankid') ? identity.eidProvider : null,
    cpr_number: cpr ? maskCpr(cpr) : null,
    role: identity.role,
    signed_up_at: identity.signedUpAt.toISOString(),
    theme: identity.theme,
  };
}

export async function getProfile(ctx: AppContext, partyId: string): Promise<Profile> {
  const identity = await findIdentity(ctx.db, partyId);
  if (!identity) throw new AppError('invalid_token');
  return toProfile(ctx, identity);
}

/** §4 Profile save: saved, or partially saved when a new email waits for confirmation through a link. */
export async function updateProfile(
  ctx: AppContext,
  partyId: string,
  input: z.output<typeof profileUpdateSchema>,
): Promise<{ status: 'saved' | 'partially_saved'; profile: Profile }> {
  const identity = await findIdentity(ctx.db, partyId);
  if (!identity) throw new AppError('invalid_token');
  const newEmail = input.email && input.email.toLowerCase() !== identity.email.toLowerCase() ? input.email : null;
  if (newEmail) {
    const owner = await findIdentityByEmail(ctx.db, newEmail);
    if (owner) throw new AppError('email_taken', 'email');
  }
  const changes: Partial<typeof identities.$inferInsert> = {};
  const copy = {
    first_name: 'firstName',
    last_name: 'lastName',
    street: 'street',
    city: 'city',
    zip_code: 'zipCode',
    floor: 'floor',
    side: 'side',
    door: 'door',
    mobile: 'mobile',
    phone: 'phone',
    language: 'language',
    region: 'region',
  } as const;
  for (const [field, column] of Object.entries(copy) as [keyof typeof copy, (typeof copy)[keyof typeof copy]][]) {
    const value = input[field];
    if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
  }
  if (input.cpr_number !== undefined) {
    changes.cprEncrypted = input.cpr_number === null ? null : encryptField(ctx.config.dataKey, input.cpr_number);
  }
  if (newEmail) changes.pendingEmail = newEmail;
  else if (input.email !== undefined) changes.pendingEmail = null; // Back to the current email: the change is withdrawn.
  if (Object.keys(changes).length === 0) throw new AppError('no_changes');

  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(identities).set(changes).where(eq(identities.partyId, partyId)).returning();
    if (!row) throw new AppError('invalid_token');
    if (newEmail) {
      await queueVerificationMail(ctx, tx, row, newEmail, true);
      await ctx.mailer.enqueue(tx, { ...identityEmails.emailChangeNotice(row.language, row.email, newEmail), partyId });
    }
    return row;
  });
  void ctx.mailer.flush();
  return { status: newEmail ? 'partially_saved' : 'saved', profile: toProfile(ctx, updated) };
}

/** The theme kept for the person (§1), applied wherever they log in. */
export async function setTheme(ctx: AppContext, partyId: string, theme: Theme): Promise<void> {
  await ctx.db.update(identities).set({ theme }).where(eq(identities.partyId, partyId));
}

export async function setLanguage(ctx: AppContext, partyId: string, language: Language): Promise<void> {
  await ctx.db.update(identities).set({ language }).where(eq(identities.partyId, partyId));
}

/**
 * The newest row per type is the state, except the newsletter's: that is the person's newsletter subscription
 * (newsletter/service.ts), the one truth the public sign-up, its confirmation link and unsubscribe links change too.
 */
export async function listConsents(ctx: AppContext, partyId: string) {
  const identity = await findIdentity(ctx.db, partyId);
  if (!identity) throw new AppError('invalid_token');
  const rows = await ctx.db
    .select({ type: consents.type, action: consents.action, version: consents.version, createdAt: consents.createdAt })
    .from(consents)
    .where(eq(consents.partyId, partyId))
    .orderBy(desc(consents.createdAt));
  const newsletter = await personNewsletter(ctx.db, identity);
  return CONSENT_TYPES.map((type) => {
    if (type === 'newsletter') return { type, version: null, ...newsletter };
    const latest = rows.find((r) => r.type === type);
    return {
      type,
      given: latest?.action === 'added',
      changed_at: latest ? latest.createdAt.toISOString() : null,
      version: latest?.version ?? null,
    };
  });
}

export async function changeConsent(ctx: AppContext, partyId: string, type: (typeof CONSENT_TYPES)[number], action: 'add' | 'remove') {
  if (type === 'newsletter') {
    const identity = await findIdentity(ctx.db, partyId);
    if (!identity) throw new AppError('invalid_token');
    // The subscription writes the consent row itself, when it is confirmed or ended.
    await setPersonNewsletter(ctx, identity, action === 'add');
  } else {
    // Accepting (or withdrawing) the terms names the version in force; the other consents have none.
    const version = type === 'privacy_and_terms' ? PRIVACY_AND_TERMS_VERSION : null;
    await ctx.db.insert(consents).values({ partyId, type, action: action === 'add' ? 'added' : 'removed', version });
  }
  return listConsents(ctx, partyId);
}

/** How far a role reaches: someone else is deleted only by an admin, and only when of a lower rank. */
const ROLE_RANK: Record<IdentityRole, number> = { private: 0, business: 0, revisor: 1, staff: 1, admin: 2 };

/**
 * Deletes a person and their personal data: the bikes they own (bikes/service.ts deleteBikesOfParty), then
 * the party row, which cascades to identity, consents, tokens, memberships, queued mail, theft reports and
 * their place in conversations (their messages stay for the other side, from "a deleted user"); events keep
 * their counts without the person. Self, or an admin for
 * anyone of a lower role (not another admin), never from a switched session; that deletion is audited.
 * Deleting yourself needs your approval through national ID (step-up, §4), taken in the same transaction.
 */
export async function deleteIdentity(ctx: AppContext, caller: Caller, partyId: string, approvalId?: string): Promise<void> {
  const bySelf = caller.partyId === partyId;
  // Checked before the target is read, so that no one else learns whether a party exists.
  if (!bySelf && (caller.role !== 'admin' || caller.switchedBy)) throw new AppError('forbidden');
  const identity = await findIdentity(ctx.db, partyId);
  if (!identity) throw new AppError('not_found');
  if (!bySelf && ROLE_RANK[identity.role] >= ROLE_RANK[caller.role]) throw new AppError('forbidden');
  await ctx.db.transaction(async (tx) => {
    if (bySelf) await requireApproval(tx, partyId, 'delete_account', approvalId);
    // The bikes they own go with them (plates and frame numbers free again, files removed after the commit).
    const ownBikes = await deleteBikesOfParty(tx, partyId);
    // Their stolen reports go with them (cascade): any bike left stops being shown as stolen, on the map too.
    const reported = await tx
      .select({ bikeId: theftReports.bikeId })
      .from(theftReports)
      .where(and(eq(theftReports.reporterPartyId, partyId), isNull(theftReports.foundAt)));
    if (reported.length > 0) {
      const ids = reported.map((r) => r.bikeId);
      await tx.update(bikes).set({ reportedStolen: false, updatedAt: new Date() }).where(inArray(bikes.id, ids));
    }
    if (ownBikes.stolen || reported.length > 0) await bumpStolenMapVersion(tx);
    await tx.delete(parties).where(eq(parties.id, partyId));
    if (!bySelf) {
      await tx.insert(auditLog).values({
        actorPartyId: caller.partyId,
        action: 'identity.delete',
        targetPartyId: partyId,
        recordType: 'identity',
        recordId: partyId,
        before: { email: identity.email, role: identity.role },
        after: null,
        data: { actor_role: caller.role, target_role: identity.role },
      });
    }
    // The goodbye mail belongs to no party, so it is not deleted with the rest.
    await ctx.mailer.enqueue(tx, identityEmails.accountDeleted(identity.language, identity.email));
  });
  void ctx.mailer.flush();
  // The files of the deleted bikes; a failure leaves them queued for the next emptying.
  await emptyTrashQuietly(ctx);
}
