import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { BackofficeIdentity } from '../../domain/backoffice.js';
import { maySwitchTo } from '../../domain/roles.js';
import type { AppContext } from '../context.js';
import { auditLog, identities } from '../db/schema.js';
import type { Caller } from '../http/auth.js';

const LIST_LIMIT = 50;

/** A LIKE pattern that matches `text` literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Identities whose email or name contains `q` (all when empty), newest first, at most 50. */
export async function searchIdentities(ctx: AppContext, caller: Caller, q: string): Promise<BackofficeIdentity[]> {
  const pattern = containing(q);
  const fullName = sql<string>`coalesce(${identities.firstName}, '') || ' ' || coalesce(${identities.lastName}, '')`;
  const rows = await ctx.db
    .select({
      partyId: identities.partyId,
      email: identities.email,
      firstName: identities.firstName,
      lastName: identities.lastName,
      role: identities.role,
      signedUpAt: identities.signedUpAt,
    })
    .from(identities)
    .where(q ? or(ilike(identities.email, pattern), ilike(fullName, pattern)) : undefined)
    .orderBy(desc(identities.signedUpAt), identities.email)
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    party_id: row.partyId,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    role: row.role,
    signed_up_at: row.signedUpAt.toISOString(),
    can_switch: !caller.switchedBy && row.partyId !== caller.partyId && maySwitchTo(caller.role, row.role),
  }));
}

/** The newest audit entries (at most 200), optionally only those with a party as actor or target. */
export async function listAuditLog(ctx: AppContext, partyId: string | undefined) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(partyId ? or(eq(auditLog.actorPartyId, partyId), eq(auditLog.targetPartyId, partyId)) : undefined)
    .orderBy(desc(auditLog.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    actor_party_id: row.actorPartyId,
    action: row.action,
    target_party_id: row.targetPartyId,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  }));
}
