import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Language, Region } from '../../domain/locale.js';
import { NEWSLETTER_CONFIRM_HOURS, NEWSLETTER_CONSENT, type NewsletterSignup } from '../../domain/newsletter.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { consents, identities, newsletterSubscriptions } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { mayMail } from '../shared/mail-limit.js';
import { hashLinkToken, newLinkToken } from '../shared/secrets.js';
import { confirmationMail } from './emails.js';

// Newsletter subscriptions (issue 15). One row per address: pending (a confirmation link mailed), confirmed (the link
// followed, or a signed-in person with a verified address asked for it), unsubscribed. It is the one truth of the
// newsletter consent: the settings' toggle (identity/profile.ts) reads and writes it through personNewsletter and
// setPersonNewsletter, and the `consent` table gets a row each time a person's subscription is confirmed or ended.

type Subscription = typeof newsletterSubscriptions.$inferSelect;

const confirmUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/newsletter/confirm?token=${token}`;
export const unsubscribePageUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/newsletter/unsubscribe?token=${token}`;
export const oneClickUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/newsletter/unsubscribe/${token}`;

/** Written with a subscription's start: the consent text's key and version, a new unsubscribe token. */
const fresh = () => ({
  consentTextKey: NEWSLETTER_CONSENT.key,
  consentTextVersion: NEWSLETTER_CONSENT.version,
  unsubscribeToken: randomBytes(32).toString('base64url'),
});

/**
 * Makes the address's subscription pending with a new confirmation link and mails it (the double opt-in), within
 * the per-recipient mail limit. A confirmed address is left as it is. Either way the caller's answer is the same.
 */
async function askToConfirm(
  ctx: AppContext,
  tx: Db,
  existing: Subscription | undefined,
  values: { email: string; language: Language; region: Region; partyId: string | null },
  now: Date,
): Promise<void> {
  if (existing?.state === 'confirmed') return;
  if (!(await mayMail(ctx, tx, values.email, 'newsletter_confirmation'))) return;
  const { token, tokenHash } = newLinkToken();
  const pending = {
    ...values,
    partyId: values.partyId ?? existing?.partyId ?? null,
    state: 'pending' as const,
    confirmTokenHash: tokenHash,
    confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_HOURS * 3_600_000),
    consentTextKey: NEWSLETTER_CONSENT.key,
    consentTextVersion: NEWSLETTER_CONSENT.version,
    updatedAt: now,
  };
  if (existing) await tx.update(newsletterSubscriptions).set(pending).where(eq(newsletterSubscriptions.id, existing.id));
  else await tx.insert(newsletterSubscriptions).values({ ...fresh(), ...pending });
  await ctx.mailer.enqueue(tx, { ...confirmationMail(values.language, values.email, confirmUrl(ctx, token)), partyId: pending.partyId });
}

/** Locks the address for this transaction (two sign-ups at once make one row) and reads its row. */
async function lockAddress(tx: Db, email: string): Promise<Subscription | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${email}`}))`);
  const [row] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return row;
}

/** POST /api/newsletter/subscriptions: the sign-up form of a visitor (or anyone). */
export async function requestSubscription(ctx: AppContext, input: NewsletterSignup, now = new Date()): Promise<void> {
  const email = input.email.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const existing = await lockAddress(tx, email);
    await askToConfirm(ctx, tx, existing, { email, language: input.language, region: input.region, partyId: null }, now);
  });
  void ctx.mailer.flush();
}

async function recordConsent(tx: Db, partyId: string | null, action: 'added' | 'removed'): Promise<void> {
  if (partyId) await tx.insert(consents).values({ partyId, type: 'newsletter', action });
}

/**
 * The confirmation link: a pending subscription becomes confirmed (the consent recorded with its text's version
 * when the subscription was asked for). Following it again while confirmed answers the same; an unknown, expired or
 * unsubscribed link is refused.
 */
export async function confirmSubscription(ctx: AppContext, token: string, now = new Date()): Promise<void> {
  const confirmed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.confirmTokenHash, hashLinkToken(token)))
      .for('update');
    if (!row) return false;
    if (row.state === 'confirmed') return true;
    if (row.state !== 'pending' || !row.confirmExpiresAt || row.confirmExpiresAt <= now) return false;
    // The address may be a person's: their consent follows the subscription.
    const [person] = row.partyId
      ? [{ partyId: row.partyId }]
      : await tx.select({ partyId: identities.partyId }).from(identities).where(sql`lower(${identities.email}) = ${row.email}`);
    await tx
      .update(newsletterSubscriptions)
      .set({ state: 'confirmed', confirmedAt: now, updatedAt: now, partyId: person?.partyId ?? null })
      .where(eq(newsletterSubscriptions.id, row.id));
    await recordConsent(tx, person?.partyId ?? null, 'added');
    return true;
  });
  if (!confirmed) throw new AppError('newsletter_link_invalid');
}

/** One-click unsubscribe by the token in every newsletter mail; again on an unsubscribed one answers the same. */
export async function unsubscribe(ctx: AppContext, token: string, now = new Date()): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.unsubscribeToken, token)).for('update');
    if (!row) return false;
    if (row.state === 'unsubscribed') return true;
    await tx
      .update(newsletterSubscriptions)
      .set({ state: 'unsubscribed', unsubscribedAt: now, updatedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
      .where(eq(newsletterSubscriptions.id, row.id));
    if (row.state === 'confirmed') await recordConsent(tx, row.partyId, 'removed');
    return true;
  });
  if (!done) throw new AppError('newsletter_link_invalid');
}

interface Person {
  partyId: string;
  email: string;
  emailVerifiedAt: Date | null;
  language: Language;
  region: Region;
}

/** A person's subscription: the one for their address, else one linked to them (made under an earlier address). */
async function subscriptionOf(db: Db, partyId: string, email: string): Promise<Subscription | undefined> {
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(or(eq(newsletterSubscriptions.email, email.toLowerCase()), eq(newsletterSubscriptions.partyId, partyId)));
  return rows.find((r) => r.email === email.toLowerCase()) ?? rows[0];
}

/** The newsletter consent as the settings show it: given when confirmed, pending while the link waits. */
export async function personNewsletter(
  db: Db,
  person: { partyId: string; email: string },
): Promise<{ given: boolean; pending: boolean; changed_at: string | null }> {
  const row = await subscriptionOf(db, person.partyId, person.email);
  if (!row) return { given: false, pending: false, changed_at: null };
  const changed = row.state === 'confirmed' ? row.confirmedAt : row.state === 'unsubscribed' ? row.unsubscribedAt : row.updatedAt;
  return { given: row.state === 'confirmed', pending: row.state === 'pending', changed_at: changed?.toISOString() ?? null };
}

/**
 * The settings' toggle. Giving it with a verified address confirms the subscription at once (the address is
 * proven); with an unverified one it goes through the same double opt-in as the public form. Withdrawing it
 * unsubscribes.
 */
export async function setPersonNewsletter(ctx: AppContext, person: Person, give: boolean, now = new Date()): Promise<void> {
  const email = person.email.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const byAddress = await lockAddress(tx, email);
    const existing = byAddress ?? (await subscriptionOf(tx, person.partyId, email));
    if (!give) {
      if (!existing || existing.state === 'unsubscribed') return;
      await tx
        .update(newsletterSubscriptions)
        .set({ state: 'unsubscribed', unsubscribedAt: now, updatedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
        .where(eq(newsletterSubscriptions.id, existing.id));
      if (existing.state === 'confirmed') await recordConsent(tx, person.partyId, 'removed');
      return;
    }
    const values = { email, language: person.language, region: person.region, partyId: person.partyId };
    if (!person.emailVerifiedAt) {
      await askToConfirm(ctx, tx, byAddress, values, now);
      return;
    }
    if (existing?.state === 'confirmed' && existing.email === email) return;
    const confirmed = {
      ...values,
      state: 'confirmed' as const,
      confirmedAt: now,
      updatedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      consentTextKey: NEWSLETTER_CONSENT.key,
      consentTextVersion: NEWSLETTER_CONSENT.version,
    };
    // A row under an earlier address of the person's moves to the current one (no row holds this one).
    if (existing) await tx.update(newsletterSubscriptions).set(confirmed).where(eq(newsletterSubscriptions.id, existing.id));
    else await tx.insert(newsletterSubscriptions).values({ ...fresh(), ...confirmed });
    await recordConsent(tx, person.partyId, 'added');
  });
  void ctx.mailer.flush();
}

/** The confirmed subscribers a newsletter goes to, and only they (marketing mail only with that consent). */
export function confirmedSubscribers(db: Db) {
  return db
    .select({
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
      partyId: newsletterSubscriptions.partyId,
      unsubscribeToken: newsletterSubscriptions.unsubscribeToken,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.state, 'confirmed'));
}
