import type { Region } from './locale.js';

// National digital ID (§4 Profile verification, §6 Verified identity, §7 verifications), shared by the
// routes and the pages. No zod here, so that pages can use these without loading it; the payload schemas
// are in verification-schemas.ts. A trip through the provider either verifies the identity or approves one act
// (step-up): an act that needs the person's own approval sends them through the provider first.

export const VERIFICATION_SESSION_TYPES = ['verify', 'approve'] as const;
export type VerificationSessionType = (typeof VERIFICATION_SESSION_TYPES)[number];

/**
 * Acts that need an approval through the national ID provider (§4). An approval is bound to one act of
 * one person, short-lived and single-use. Reporting found, deleting a bike and transfers join this list
 * when they are built (see server/verification/approvals.ts).
 */
export const APPROVAL_ACTS = ['delete_account'] as const;
export type ApprovalAct = (typeof APPROVAL_ACTS)[number];
export const isApprovalAct = (value: unknown): value is ApprovalAct => (APPROVAL_ACTS as readonly unknown[]).includes(value);

/** The national ID of each region: MitID in Denmark, BankID in Norway. */
export const EID_PROVIDERS = ['mitid', 'bankid'] as const;
export type EidProvider = (typeof EID_PROVIDERS)[number];
export const eidProviderOf = (region: Region): EidProvider => (region === 'no' ? 'bankid' : 'mitid');

/** The header that carries an approval to the call of the act it approves. */
export const APPROVAL_HEADER = 'x-approval-id';

/**
 * A return address as a path on this site, or null. Absolute addresses count when they are on
 * `publicUrl`; anything the browser would take off the site (another host, `//host`, `/\host`,
 * `javascript:`) is refused, and so is a bare relative path.
 */
export function sameSitePath(value: string, publicUrl: string): string | null {
  const own = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value, own);
  } catch {
    return null;
  }
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(value);
  if (url.origin !== own.origin || (!absolute && !value.startsWith('/'))) return null;
  return url.pathname + url.search + url.hash;
}
