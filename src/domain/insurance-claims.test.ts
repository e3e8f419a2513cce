import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus, canMoveClaim, isOpenClaim, nextClaimStatuses } from './insurance-claims.js';

// Every pair (from, to) of the claim's states: exactly these moves are allowed.
const ALLOWED: [ClaimStatus, ClaimStatus][] = [
  ['received', 'in_review'],
  ['received', 'rejected'],
  ['in_review', 'approved'],
  ['in_review', 'rejected'],
  ['approved', 'paid'],
  ['approved', 'rejected'],
];

describe('claim state machine', () => {
  for (const from of CLAIM_STATUSES) {
    for (const to of CLAIM_STATUSES) {
      const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canMoveClaim(from, to)).toBe(allowed);
      });
    }
  }

  it('offers the forward step first, then rejection; nothing from a final state', () => {
    expect(nextClaimStatuses('received')).toEqual(['in_review', 'rejected']);
    expect(nextClaimStatuses('approved')).toEqual(['paid', 'rejected']);
    expect(nextClaimStatuses('paid')).toEqual([]);
    expect(nextClaimStatuses('rejected')).toEqual([]);
  });

  it('calls received, in review and approved open', () => {
    expect(CLAIM_STATUSES.filter(isOpenClaim)).toEqual(['received', 'in_review', 'approved']);
  });
});
