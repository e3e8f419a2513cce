import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { SESSION_TTL_DAYS, SWITCH_USER_TTL_MINUTES } from '../../domain/constants.js';
import type { Session } from '../../domain/session.js';

export interface SessionSubject {
  /** The person. */
  identityPartyId: string;
  /** The party the person acts as: their organisation's when they belong to one, else themselves (§3). */
  partyId: string;
  email: string;
  signedUpAt: Date;
  verifiedOn: Date | null;
  organisationType: string | null;
  /** Switch-user (§6): the staff member or admin really acting. Such a token lives SWITCH_USER_TTL_MINUTES. */
  switchedBy?: string | null;
  /** Seconds since the epoch: the expiry to keep (a refreshed switched token ends with the original switch's hour). */
  expiresAt?: number;
}

/**
 * Issues the login token: exactly the §3 Session claims, plus the standard `iat`
 * so that a password reset or deletion can retire every token issued before it.
 * `iat` keeps milliseconds (a NumericDate may be fractional): in whole seconds a token issued
 * just before a password reset would outlive it, and a refresh within the same second would
 * answer the very same token.
 */
export async function issueSessionToken(secret: Uint8Array, subject: SessionSubject, now = new Date()): Promise<string> {
  const iat = now.getTime() / 1000;
  const claims: Omit<Session, 'exp'> = {
    email: subject.email,
    party_id: subject.partyId,
    identity_party_id: subject.identityPartyId,
    identity_signed_up_at: subject.signedUpAt.toISOString(),
    verified_on: subject.verifiedOn ? subject.verifiedOn.toISOString() : null,
    organisation_type: subject.organisationType,
    // Only on a switched token: who is really acting.
    ...(subject.switchedBy ? { switched_by: subject.switchedBy } : {}),
  };
  const lifetime = subject.switchedBy ? SWITCH_USER_TTL_MINUTES * 60 : SESSION_TTL_DAYS * 86_400;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(Math.min(Math.floor(iat) + lifetime, subject.expiresAt ?? Number.POSITIVE_INFINITY))
    .sign(secret);
}

export interface VerifiedToken {
  identityPartyId: string;
  /** The party the token acts as (party_id): the person, or one of their organisations. */
  partyId: string;
  /** Milliseconds since the epoch. */
  issuedAtMs: number;
  /** Switch-user: the identity party id of who is really acting; null on an ordinary token. */
  switchedBy: string | null;
  /** The token's id (`jti`), by which log out and refresh retire it; null on a token issued before tokens had one. */
  tokenId: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** How far ahead of this server's clock a token's `iat` may be (another instance's clock may run ahead). */
const IAT_LEEWAY_SECONDS = 60;

/**
 * Checks signature, expiry and the claims the guard relies on; null for anything else: no `exp` (a token
 * that never expires is none we issued), an `iat` more than a minute in the future (it would outlive a
 * password reset), party ids that are not uuids (the guard looks them up; a malformed one must not get
 * as far as the database).
 */
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    if (payload.iat > Date.now() / 1000 + IAT_LEEWAY_SECONDS) return null;
    if (!isUuid(payload.identity_party_id)) return null;
    if (payload.party_id !== undefined && !isUuid(payload.party_id)) return null;
    if (payload.switched_by !== undefined && !isUuid(payload.switched_by)) return null;
    if (payload.jti !== undefined && !isUuid(payload.jti)) return null;
    return {
      identityPartyId: payload.identity_party_id,
      partyId: payload.party_id ?? payload.identity_party_id,
      issuedAtMs: Math.round(payload.iat * 1000),
      switchedBy: payload.switched_by ?? null,
      tokenId: payload.jti ?? null,
      expiresAt: payload.exp,
    };
  } catch {
    return null;
  }
}
