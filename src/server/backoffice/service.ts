import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

export interface AuditQuery {
  /** Entries with this party as actor or target. */
  partyId?: string | undefined;
  /** Entries about this record (its kind, and optionally its id). */
  recordType?: string | undefined;
  recordId?: string | undefined;
}

/** The newest audit entries (at most 200), by person and/or by record, with the emails of actor and target. */
export async function listAuditLog(ctx: AppContext, query: AuditQuery) {
  const actor = alias(identities, 'actor');
  const target = alias(identities, 'target');
  const rows = await ctx.db
    .select({ entry: auditLog, actorEmail: actor.email, targetEmail: target.email })
    .from(auditLog)
    .leftJoin(actor, eq(actor.partyId, auditLog.actorPartyId))
    .leftJoin(target, eq(target.partyId, auditLog.targetPartyId))
    .where(
      and(
        query.partyId ? or(eq(auditLog.actorPartyId, query.partyId), eq(auditLog.targetPartyId, query.partyId)) : undefined,
        query.recordType ? eq(auditLog.recordType, query.recordType) : undefined,
        query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(200);
  return rows.map(({ entry: row, actorEmail, targetEmail }) => ({
    id: row.id,
    actor_party_id: row.actorPartyId,
    actor_email: actorEmail,
    action: row.action,
    target_party_id: row.targetPartyId,
    target_email: targetEmail,
    record_type: row.recordType,
    record_id: row.recordId,
    before: row.before,
    after: row.after,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  }));
}
