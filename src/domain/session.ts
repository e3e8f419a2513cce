// §3 Session: the claims carried by the login token, read by the web client and issued by the server.
// Read by hand rather than with zod, so that every page's first load stays small (design.md budget).
export const ORGANISATION_TYPES = ['insurance_company', 'business', 'association', 'police'] as const;

export interface Session {
  exp: number;
  email: string;
  party_id: string;
  identity_party_id: string | null;
  identity_signed_up_at: string | null;
  verified_on: string | null;
  organisation_type: string | null;
  /**
   * Only on a switch-user token (§6): the identity party id of the staff member or admin who is really
   * acting. Absent on every other token.
   */
  switched_by?: string;
}

/** The literal text None (as some issuers write it) stands for null; anything but a string is null too. */
function nullableText(value: unknown): string | null {
  return typeof value === 'string' && value !== 'None' ? value : null;
}

export function readSessionClaims(value: unknown): Session | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (typeof c.exp !== 'number' || !Number.isFinite(c.exp) || typeof c.email !== 'string' || typeof c.party_id !== 'string') return null;
  return {
    exp: c.exp,
    email: c.email,
    party_id: c.party_id,
    identity_party_id: nullableText(c.identity_party_id),
    identity_signed_up_at: nullableText(c.identity_signed_up_at),
    verified_on: nullableText(c.verified_on),
    organisation_type: nullableText(c.organisation_type),
    ...(typeof c.switched_by === 'string' && c.switched_by ? { switched_by: c.switched_by } : {}),
  };
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a token without checking its signature (the server checks that).
 * Returns null for anything that is not a well-formed token with the §3 claims.
 */
export function decodeSession(token: string | null | undefined): Session | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    return readSessionClaims(JSON.parse(base64UrlDecode(parts[1])));
  } catch {
    return null;
  }
}

/** §5: expiry is checked against the exp claim (seconds since the epoch). */
export function isSessionExpired(session: Session, now: Date = new Date()): boolean {
  return session.exp * 1000 <= now.getTime();
}

/** §4: a valid, unexpired token means logged in. */
export function validSession(token: string | null | undefined, now: Date = new Date()): Session | null {
  const session = decodeSession(token);
  return session && !isSessionExpired(session, now) ? session : null;
}
