import { sameSitePath } from '../../domain/safe-path';
import type { Session } from '../../domain/session';

// §2 Access redirects as one decision table, so that it can be tested on its own.

/** Paths a visitor may open without a session. */
const PUBLIC_PREFIXES = [
  '/login',
  '/signup',
  '/reset-password',
  '/reset-password-succes',
  '/forgot-passw-check-mail',
  '/forgot-password',
  '/flows',
];
/** Exceptions under the public prefixes that still need a session. */
const PROTECTED_UNDER_PUBLIC = ['/signup/from-scan/create-bikes-loop'];
/**
 * Public pages beyond the §2 list: the product's marketing and help pages, public search, the
 * verification link (opened from a mail on any device) and the deletion goodbye.
 */
const OPEN_PAGES = [
  '/',
  '/404',
  '/verify-email',
  '/successfully-deleted',
  '/dev/mailbox',
  '/privacy',
  '/our-mission',
  '/hvordan',
  '/search',
  '/stolen-bike-map',
];
/** Public page trees: a scanned plate (§2 Stickers), a sales ad's proof (/for-sale/…) and a stolen bike's page open for anyone. */
const OPEN_PREFIXES = ['/sticker-id/', '/for-sale/', '/stolen-bike-map/'];
/** Pages under /app a visitor may open: writing to a bike's owner starts before signing in (issue 5). */
const OPEN_PATTERNS = [/^\/app\/bikes\/[^/]+\/contact-bike-owner\/?$/];

/** §2 says "paths starting with", and means it literally: a string prefix. */
export function isPublicPath(path: string): boolean {
  if (PROTECTED_UNDER_PUBLIC.some((p) => path.startsWith(p))) return false;
  if (OPEN_PATTERNS.some((pattern) => pattern.test(path))) return true;
  return OPEN_PAGES.includes(path) || [...PUBLIC_PREFIXES, ...OPEN_PREFIXES].some((p) => path.startsWith(p));
}

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; storeReturnPath: string | null; replace: true };

export interface AccessInput {
  /** The path with its query, e.g. /app/settings?tab=1 */
  pathname: string;
  search: string;
  session: Session | null;
}

const redirect = (to: string, storeReturnPath: string | null = null): AccessDecision => ({
  kind: 'redirect',
  to,
  storeReturnPath,
  replace: true,
});

export function decideAccess({ pathname, search, session }: AccessInput): AccessDecision {
  if (!session) {
    if (isPublicPath(pathname)) return { kind: 'allow' };
    // /app itself goes to login without storing a return path.
    if (pathname === '/app' || pathname === '/app/') return redirect('/login');
    return redirect('/login', pathname + search);
  }
  // An insurance company's user going to /app is sent to the insurance admin of their party.
  if ((pathname === '/app' || pathname === '/app/') && session.organisation_type === 'insurance_company') {
    return redirect(`/insurance/${session.party_id}/admin`);
  }
  return { kind: 'allow' };
}

/**
 * Where to go after login: post_login_redirect overrides the stored path; only same-site paths are
 * followed (an absolute URL to another site would be an open redirect).
 */
export function afterLoginPath(search: string, storedReturnPath: string | null, session: Session): string {
  const requested = new URLSearchParams(search).get('post_login_redirect');
  const target = safePath(requested) ?? safePath(storedReturnPath) ?? '/app';
  const decision = decideAccess({ pathname: target.split('?')[0] ?? target, search: '', session });
  return decision.kind === 'redirect' ? decision.to : target;
}

/** The web checks paths only (an absolute address, even to this site, is not followed): any origin will do. */
const SAME_SITE = 'http://same-site.invalid';

/**
 * A path to follow (post_login_redirect, a stored return path, next=, a national ID return address):
 * normalised and on this site (domain/safe-path.ts), and not the login page itself (no loop); else null.
 */
export function safePath(path: string | null | undefined): string | null {
  const resolved = sameSitePath(path, SAME_SITE);
  if (!resolved || resolved.startsWith('/login')) return null;
  return resolved;
}

/** §2: signup region dk or no leads to one of two pages; anything else counts as dk. */
export function signupRedirectPath(region: string | null | undefined): string {
  return region === 'no' ? '/app/redirects/signup-complete?region=no' : '/app/redirects/signup-complete?region=dk';
}
