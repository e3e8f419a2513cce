import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityRole } from '../../domain/roles.js';
import { BACKOFFICE_READ_ROLES, maySwitchTo, STAFF_ROLES } from '../../domain/roles.js';
import type { Db } from '../db/client.js';
import { identities, organisationMembers, revokedTokens } from '../db/schema.js';
import { AppError } from './errors.js';
import { verifySessionToken } from './session-token.js';

/**
 * Every /api route declares who may call it in `config.access`; a route without one refuses to start.
 * - public: anyone; the caller is still identified when a valid token is sent.
 * - user: a signed-in person.
 * - backoffice-read: staff, admin and revisor (reads the backoffice; a revisor changes nothing).
 * - staff: staff or admin (the backoffice).
 * - admin: admin only.
 */
export type Access = 'public' | 'user' | 'backoffice-read' | 'staff' | 'admin';

/** The identity roles each role-restricted access level admits (public and user admit everyone / every signed-in person). */
export const ACCESS_ROLES: Record<Exclude<Access, 'public' | 'user'>, readonly IdentityRole[]> = {
  'backoffice-read': BACKOFFICE_READ_ROLES,
  staff: STAFF_ROLES,
  admin: ['admin'],
};

export interface Caller {
  /** The person (identity party id). */
  partyId: string;
  /** The party the token acts as: the person, or one of their organisations (checked to still be a membership). */
  actingPartyId: string;
  email: string;
  role: IdentityRole;
  language: 'da' | 'en' | 'no';
  /** Switch-user (§6): the staff member or admin really acting, on a switched token; else null. */
  switchedBy: { partyId: string; email: string; role: IdentityRole } | null;
  /** The token of this call: its id (null on a token issued before tokens had one) and expiry (seconds since the epoch). */
  token: { id: string | null; expiresAt: number };
}

/** An /api route and the access it declares, as the guard saw it registered (the role table test reads these). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; jwtSecret: Uint8Array }): void {
  app.decorateRequest('caller', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
  });

  // A callback hook, so that the requests with nothing to check (files, pages, a visitor's public call) pass
  // without a promise; only a token costs the asynchronous check.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done();
    const token = bearerToken(request);
    if (!token) return done(access === 'public' ? undefined : new AppError('invalid_token'));
    identify(deps, request, access, token).then(() => done(), done);
  });
}

async function identify(deps: { db: Db; jwtSecret: Uint8Array }, request: FastifyRequest, access: Access, token: string): Promise<void> {
  request.caller = await callerOfToken(deps, token);
  if (!request.caller) {
    // A public call with a stale token still answers, as to a visitor.
    if (access === 'public') return;
    throw new AppError('invalid_token');
  }
  if (access !== 'public' && access !== 'user' && !ACCESS_ROLES[access].includes(request.caller.role)) {
    throw new AppError('forbidden');
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The caller a token stands for now, or null (also used by the chats' WebSocket, which authenticates by its first frame). */
export async function callerOfToken(deps: { db: Db; jwtSecret: Uint8Array }, token: string): Promise<Caller | null> {
  const verified = await verifySessionToken(deps.jwtSecret, token);
  if (!verified) return null;
  const [identity] = await deps.db
    .select({
      partyId: identities.partyId,
      email: identities.email,
      role: identities.role,
      language: identities.language,
      tokensValidAfter: identities.tokensValidAfter,
      // Logged out or replaced by a refresh: one primary-key lookup in the same query.
      revoked: verified.tokenId
        ? sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${verified.tokenId})`
        : sql<boolean>`false`,
    })
    .from(identities)
    .where(eq(identities.partyId, verified.identityPartyId));
  if (!identity || identity.revoked) return null;
  // Tokens issued before a password reset are retired.
  if (verified.issuedAtMs < identity.tokensValidAfter.getTime()) return null;
  // Acting as an organisation holds only while the person is still a member of it.
  if (verified.partyId !== identity.partyId) {
    const [membership] = await deps.db
      .select({ organisationPartyId: organisationMembers.organisationPartyId })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.identityPartyId, identity.partyId), eq(organisationMembers.organisationPartyId, verified.partyId)));
    if (!membership) return null;
  }
  let switchedBy: Caller['switchedBy'] = null;
  if (verified.switchedBy) {
    // A switched token lasts only while the one who switched may still switch to this user, and not past their own password reset.
    const [actor] = await deps.db
      .select({
        partyId: identities.partyId,
        email: identities.email,
        role: identities.role,
        tokensValidAfter: identities.tokensValidAfter,
      })
      .from(identities)
      .where(eq(identities.partyId, verified.switchedBy));
    if (!actor || !maySwitchTo(actor.role, identity.role) || verified.issuedAtMs < actor.tokensValidAfter.getTime()) return null;
    switchedBy = { partyId: actor.partyId, email: actor.email, role: actor.role };
  }
  return {
    partyId: identity.partyId,
    actingPartyId: verified.partyId,
    email: identity.email,
    role: identity.role,
    language: identity.language,
    switchedBy,
    token: { id: verified.tokenId, expiresAt: verified.expiresAt },
  };
}

/** The signed-in caller of a `user` or `staff` route. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('invalid_token');
  return request.caller;
}
