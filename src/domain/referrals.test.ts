import { describe, expect, it } from 'vitest';
import { normaliseReferralCode, referralPath } from './referrals';

describe('referral codes', () => {
  it('reads a code as it may be typed or copied', () => {
    expect(normaliseReferralCode('7K3M9QXA')).toBe('7K3M9QXA');
    expect(normaliseReferralCode(' 7k3m-9qxa ')).toBe('7K3M9QXA');
    expect(normaliseReferralCode('O1L2I3AB')).toBe('011213AB');
  });

  it('refuses what cannot be a code', () => {
    expect(normaliseReferralCode('')).toBeNull();
    expect(normaliseReferralCode('ABC')).toBeNull();
    expect(normaliseReferralCode('ABCDEFGHJ')).toBeNull();
    expect(normaliseReferralCode('ABCDEFGU')).toBeNull();
    expect(normaliseReferralCode('ABCD EF!')).toBeNull();
  });

  it('is shared as a sign-up link', () => {
    expect(referralPath('7K3M9QXA')).toBe('/signup?friend_ref=7K3M9QXA');
  });
});
