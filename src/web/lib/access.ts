import { sameSitePath } from '../../domain/safe-path';
import type { Session } from '../../domain/session';

// §2 Access redirects as one decision table, so that it can be tested on its own.

/**
 * The signed-in trees, the organisation search (for members acting as an organisation) and the webshop's signed-in pages. A visitor is sent
 * to /login from anything under them (§2); everything else — the §2 list (/login, /signup, the password pages,
 * /flows), the product's public pages and any unknown path, which shows the 404 page — opens without a detour
 * through /login.
 */
const SIGNED_IN_TREES = [
  '/app',
  '/backoffice',
  '/insurance',
  '/org-bike-search',
  // Staff's figures of the surveys (issue 16); the page itself turns away anyone else.
  '/survey/admin-panel',
  // The webshop's way in after login, its checkout and the provider's return pages (issue 12).
  '/go-to-webshop',
  '/checkout',
  '/purchase-complete-redirect',
  '/purchase-failed',
  '/purchase-subscription-redirect',
  '/organisation-payment-complete-redirect',
];
/** Exceptions under the public pages that still need a session. */
const PROTECTED_UNDER_PUBLIC = ['/signup/from-scan/create-bikes-loop'];
/** Pages under /app a visitor may open: writing to a bike's owner starts before signing in (issue 5). */
const OPEN_PATTERNS = [/^\/app\/bikes\/[^/]+\/contact-bike-owner\/?$/];

export function isPublicPath(path: string): boolean {
  if (PROTECTED_UNDER_PUBLIC.some((p) => path.startsWith(p))) return false;
  if (OPEN_PATTERNS.some((pattern) => pattern.test(path))) return true;
  return !SIGNED_IN_TREES.some((tree) => path === tree || path.startsWith(`${tree}/`));
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
