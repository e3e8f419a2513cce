import { asc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../domain/locale.js';
import type { Db } from '../db/client.js';
import { identities, organisationMembers, organisations } from '../db/schema.js';

// Who is behind a party, for mails and the bill of sale: a person (their identity), or an organisation,
// written to through its first administrator. Never put into an answer to the other side.

export interface PartyContact {
  partyId: string;
  kind: 'person' | 'organisation';
  /** Where mail goes; null when nobody can be reached (an organisation without members). */
  email: string | null;
  language: Language;
  /** The person's first name, or the organisation's name. */
  firstName: string | null;
  /** The name the national ID vouches for, else first and last name (an organisation: its name). */
  fullName: string | null;
  emailVerifiedAt: Date | null;
}

type IdentityRow = typeof identities.$inferSelect;

function personName(identity: IdentityRow): string | null {
  return identity.verifiedName ?? ([identity.firstName, identity.lastName].filter(Boolean).join(' ') || null);
}

export async function contactOf(db: Db, partyId: string): Promise<PartyContact | null> {
  const [identity] = await db.select().from(identities).where(eq(identities.partyId, partyId));
  if (identity) {
    return {
      partyId,
      kind: 'person',
      email: identity.email,
      language: identity.language,
      firstName: identity.firstName,
      fullName: personName(identity),
      emailVerifiedAt: identity.emailVerifiedAt,
    };
  }
  const [organisation] = await db.select().from(organisations).where(eq(organisations.partyId, partyId));
  if (!organisation) return null;
  const [admin] = await db
    .select({ email: identities.email, language: identities.language })
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(eq(organisationMembers.organisationPartyId, partyId))
    .orderBy(sql`${organisationMembers.role} = 'admin' desc`, asc(organisationMembers.createdAt))
    .limit(1);
  return {
    partyId,
    kind: 'organisation',
    email: admin?.email ?? null,
    language: admin?.language ?? 'da',
    firstName: organisation.name,
    fullName: organisation.name,
    emailVerifiedAt: null,
  };
}

/** The person whose login address this is, if any. */
export async function identityByEmail(db: Db, email: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(identities).where(sql`lower(${identities.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function identityOf(db: Db, partyId: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(identities).where(eq(identities.partyId, partyId));
  return row;
}
