import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maySwitchTo } from '../../domain/roles.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { findIdentity, sessionTokenFor } from '../identity/service.js';

// Switch-user (§6): staff or an admin acts as another user. The token then names the user (like every
// token does) and, in switched_by, who is really acting; it lives an hour. Every act is audited:
// the switch, each request that changes something while switched, and the switch back.

/** Gives staff or an admin a token for another user; refused from a switched session. */
export async function switchUser(ctx: AppContext, caller: Caller, targetPartyId: string): Promise<string> {
  // One level only: a switched session cannot switch on (the audit trail names one real actor).
  if (caller.switchedBy || targetPartyId === caller.partyId) throw new AppError('forbidden');
  const target = await findIdentity(ctx.db, targetPartyId);
  if (!target) throw new AppError('not_found');
  if (!maySwitchTo(caller.role, target.role)) throw new AppError('forbidden');
  await ctx.db.insert(auditLog).values({
    actorPartyId: caller.partyId,
    action: 'switch_user.start',
    targetPartyId: target.partyId,
    data: { actor_role: caller.role, target_role: target.role },
  });
  return sessionTokenFor(ctx, target, { switchedBy: caller.partyId });
}

/** Ends a switch: a fresh token of the one who switched. */
export async function switchBack(ctx: AppContext, caller: Caller): Promise<string> {
  if (!caller.switchedBy) throw new AppError('not_switched');
  const actor = await findIdentity(ctx.db, caller.switchedBy.partyId);
  if (!actor) throw new AppError('invalid_token');
  await ctx.db.insert(auditLog).values({ actorPartyId: actor.partyId, action: 'switch_user.end', targetPartyId: caller.partyId });
  return sessionTokenFor(ctx, actor);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route writes its own audit entry for a switched caller (the switch back). */
    switchAudit?: false;
  }
  interface FastifyRequest {
    switchAuditId: string | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Audits every request made with a switched token that may change something (any method but GET,
 * HEAD, OPTIONS): who (switched_by), as whom (the user), what (method, route, and the status it
 * ended with), when. The entry is written before the route runs — if it cannot be written the act
 * is not done — and completed with the status as the answer leaves. Bodies are not kept (passwords,
 * CPR numbers). Register after the auth guard.
 */
export function registerSwitchAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('switchAuditId', null);
  // Callback hooks: all but a switched caller's changes pass straight through, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const caller = request.caller;
    if (!caller?.switchedBy || READS.has(request.method) || request.routeOptions.config?.switchAudit === false) return done();
    db.insert(auditLog)
      .values({
        actorPartyId: caller.switchedBy.partyId,
        action: 'switch_user.request',
        targetPartyId: caller.partyId,
        data: {
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          acting_party_id: caller.actingPartyId,
          status: null,
        },
      })
      .returning({ id: auditLog.id })
      .then(([entry]) => {
        request.switchAuditId = entry?.id ?? null;
        done();
      }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const id = request.switchAuditId;
    if (!id) return done(null, payload);
    request.switchAuditId = null;
    db.update(auditLog)
      .set({ data: sql`coalesce(${auditLog.data}, '{}'::jsonb) || jsonb_build_object('status', ${reply.statusCode}::int)` })
      .where(eq(auditLog.id, id))
      .then(
        () => done(null, payload),
        (err: unknown) => {
          request.log.error({ err, auditId: id }, 'switch-user audit: could not record the status');
          done(null, payload);
        },
      );
  });
}
