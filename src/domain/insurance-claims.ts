// A claim's states (issue 13): a stolen report shared with an insurer arrives as a claim, received; the insurer's
// members move it to in_review, approved and paid, or reject it with a reason from any open state. Paid and
// rejected are final. Pure: the server checks each move with canMove inside the claim's transaction.

export const CLAIM_STATUSES = ['received', 'in_review', 'approved', 'paid', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The states a claim may still move from (shown as "open" to the insurer). */
export const OPEN_CLAIM_STATUSES = ['received', 'in_review', 'approved'] as const satisfies readonly ClaimStatus[];

const FORWARD: Partial<Record<ClaimStatus, ClaimStatus>> = { received: 'in_review', in_review: 'approved', approved: 'paid' };

export function isOpenClaim(status: ClaimStatus): boolean {
  return (OPEN_CLAIM_STATUSES as readonly ClaimStatus[]).includes(status);
}

/** The steps a claim may take from `from`, forward first. */
export function nextClaimStatuses(from: ClaimStatus): ClaimStatus[] {
  const forward = FORWARD[from];
  return isOpenClaim(from) ? [...(forward ? [forward] : []), 'rejected'] : [];
}

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return nextClaimStatuses(from).includes(to);
}

/** Registered this few days or fewer before the theft: a fraud signal shown beside the claim. */
export const RECENT_REGISTRATION_DAYS = 30;
