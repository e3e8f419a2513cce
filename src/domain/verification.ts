import type { Region } from './locale.js';

// National digital ID (§4 Profile verification, §6 Verified identity, §7 verifications), shared by the
// routes and the pages. No zod here, so that pages can use these without loading it; the payload schemas
// are in verification-schemas.ts. A trip through the provider either verifies the identity or approves one act
// (step-up): an act that needs the person's own approval sends them through the provider first.

export const VERIFICATION_SESSION_TYPES = ['verify', 'approve'] as const;

/**
 * Acts that need an approval through the national ID provider (§4). An approval is bound to one act of
 * one person, short-lived and single-use (see server/verification/approvals.ts). confirm_transfer: a
 * seller or a buyer confirms a handover (subject: the transfer), which with both makes a signed bill of
 * sale; verify_ownership: the owner confirms holding a bike (subject: the bike); report_found: the owner
 * reports a stolen bike found (§4, subject: the bike).
 */
export const APPROVAL_ACTS = ['delete_account', 'delete_bike', 'confirm_transfer', 'verify_ownership', 'report_found'] as const;
export type ApprovalAct = (typeof APPROVAL_ACTS)[number];
export const isApprovalAct = (value: unknown): value is ApprovalAct => (APPROVAL_ACTS as readonly unknown[]).includes(value);

/**
 * Acts bound to one subject: the approval names what it is for (deleting THIS bike), so an approval
 * given for one bike cannot delete another. The start of the trip carries the subject's id.
 */
export const SUBJECT_BOUND_ACTS: readonly ApprovalAct[] = ['delete_bike', 'confirm_transfer', 'verify_ownership', 'report_found'];
export const isSubjectBoundAct = (act: ApprovalAct): boolean => SUBJECT_BOUND_ACTS.includes(act);

/** How an approval's act is stored: the act, or `act:subjectId` for an act bound to one subject. */
export type ApprovalActKey = ApprovalAct | `${ApprovalAct}:${string}`;

export function approvalActKey(act: ApprovalAct, subjectId?: string | null): ApprovalActKey {
  return isSubjectBoundAct(act) && subjectId ? `${act}:${subjectId.toLowerCase()}` : act;
}

/** The act and subject of a stored act key, or null when it names no known act. */
export function parseApprovalActKey(value: string | null | undefined): { act: ApprovalAct; subjectId: string | null } | null {
  if (!value) return null;
  const at = value.indexOf(':');
  const act = at < 0 ? value : value.slice(0, at);
  if (!isApprovalAct(act)) return null;
  return { act, subjectId: at < 0 ? null : value.slice(at + 1) };
}

/** The national ID of each region: MitID in Denmark, BankID in Norway. */
export const EID_PROVIDERS = ['mitid', 'bankid'] as const;
export type EidProvider = (typeof EID_PROVIDERS)[number];
export const eidProviderOf = (region: Region): EidProvider => (region === 'no' ? 'bankid' : 'mitid');

/** The header that carries an approval to the call of the act it approves. */
export const APPROVAL_HEADER = 'x-approval-id';
