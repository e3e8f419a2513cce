import { eq, sql } from 'drizzle-orm';
import type { IdentityRole } from '../../domain/roles.js';
import type { Db } from '../db/client.js';
import { auditLog, identities } from '../db/schema.js';
import { AppError } from '../http/errors.js';

export interface RoleChange {
  partyId: string;
  email: string;
  from: IdentityRole;
  to: IdentityRole;
  changed: boolean;
}

/**
 * Sets a person's role (§6: private, business, staff, revisor, admin) and writes it to the audit log:
 * by an admin in the backoffice (actor = the admin), or from the command line (actor null).
 * Setting the role a person already has changes nothing and writes nothing.
 */
export async function setRole(
  db: Db,
  who: { email: string } | { partyId: string },
  role: IdentityRole,
  actor: { partyId: string | null; via: 'command' | 'backoffice' },
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const where =
      'email' in who ? sql`lower(${identities.email}) = ${who.email.trim().toLowerCase()}` : eq(identities.partyId, who.partyId);
    // Locked, so that two changes at once are logged in the order they were made.
    const [identity] = await tx
      .select({ partyId: identities.partyId, email: identities.email, role: identities.role })
      .from(identities)
      .where(where)
      .for('update');
    if (!identity) throw new AppError('not_found');
    const change = { partyId: identity.partyId, email: identity.email, from: identity.role, to: role, changed: identity.role !== role };
    if (!change.changed) return change;
    await tx.update(identities).set({ role }).where(eq(identities.partyId, identity.partyId));
    await tx.insert(auditLog).values({
      actorPartyId: actor.partyId,
      action: 'identity.role',
      targetPartyId: identity.partyId,
      recordType: 'identity',
      recordId: identity.partyId,
      before: { role: identity.role },
      after: { role },
      data: { from: identity.role, to: role, via: actor.via },
    });
    return change;
  });
}
