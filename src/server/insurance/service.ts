import { and, eq } from 'drizzle-orm';
import type { Insurer } from '../../domain/theft.js';
import type { Db } from '../db/client.js';
import { organisationMembers, organisations } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';

// Who reaches the insurance company's area (§2 /insurance/{insurerPartyId}/admin): its members. A party that is
// not an insurance company of the register is not found (404, also an id that is no UUID); a signed-in person who
// is not a member is refused (403 forbidden) — the insurers are no secret (GET /insurers/ lists them), their
// claims are. Staff are no members: they reach insurance data through the backoffice.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The insurance company of the register with this party id (else 404 not_found, also for an id that is no UUID), and
 * whether the caller (the person, whoever they act as) is one of its members.
 */
export async function insurerWithMembership(
  db: Db,
  caller: Caller,
  insurerPartyId: string,
): Promise<{ insurer: Insurer; member: boolean }> {
  const [row] = UUID.test(insurerPartyId)
    ? await db
        .select({ party_id: organisations.partyId, name: organisations.name, member: organisationMembers.identityPartyId })
        .from(organisations)
        .leftJoin(
          organisationMembers,
          and(eq(organisationMembers.organisationPartyId, organisations.partyId), eq(organisationMembers.identityPartyId, caller.partyId)),
        )
        .where(and(eq(organisations.partyId, insurerPartyId), eq(organisations.organisationType, 'insurance_company')))
        .limit(1)
    : [];
  if (!row) throw new AppError('not_found');
  return { insurer: { party_id: row.party_id, name: row.name }, member: row.member !== null };
}

/** The insurer, when the caller (the person, whoever they act as) is one of its members; else 404 or 403. */
export async function insurerOfMember(db: Db, caller: Caller, insurerPartyId: string): Promise<Insurer> {
  const { insurer, member } = await insurerWithMembership(db, caller, insurerPartyId);
  if (!member) throw new AppError('forbidden');
  return insurer;
}
