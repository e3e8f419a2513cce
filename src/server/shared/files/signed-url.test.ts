import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNED_URL_LIFE_SECONDS, type SignedFile, secondsLeft, signedPictureUrl, signFile, verifyFileSignature } from './signed-url.js';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hmac');
const file: SignedFile = { kind: 'picture', id: '6f1c1c1e-8a3b-4c1e-9d2f-0b6a1b2c3d4e', size: 'full' };
const now = new Date('2026-03-01T12:01:00Z');

describe('signed file addresses', () => {
  it('are valid at least 15 minutes and at most 20, with a stable address within a 5-minute step', () => {
    const { exp, sig } = signFile(secret, file, now);
    const left = exp - now.getTime() / 1000;
    expect(left).toBeGreaterThanOrEqual(SIGNED_URL_LIFE_SECONDS);
    expect(left).toBeLessThanOrEqual(SIGNED_URL_LIFE_SECONDS + 300);
    expect(signFile(secret, file, new Date(now.getTime() + 1000))).toEqual({ exp, sig });
    expect(verifyFileSignature(secret, file, exp, sig, now)).toBe(true);
    expect(secondsLeft(exp, now)).toBe(left);
  });

  it('expire', () => {
    const { exp, sig } = signFile(secret, file, now);
    expect(verifyFileSignature(secret, file, exp, sig, new Date(exp * 1000 - 1000))).toBe(true);
    expect(verifyFileSignature(secret, file, exp, sig, new Date(exp * 1000))).toBe(false);
  });

  it('name the file, the size and the expiry: changing any of them breaks the signature', () => {
    const { exp, sig } = signFile(secret, file, now);
    expect(verifyFileSignature(secret, { ...file, size: 'thumb' }, exp, sig, now)).toBe(false);
    expect(verifyFileSignature(secret, { ...file, id: '6f1c1c1e-8a3b-4c1e-9d2f-0b6a1b2c3d4f' }, exp, sig, now)).toBe(false);
    expect(verifyFileSignature(secret, { kind: 'document', id: file.id, size: 'file' }, exp, sig, now)).toBe(false);
    expect(verifyFileSignature(secret, file, exp - 300, sig, now)).toBe(false);
    expect(verifyFileSignature(new TextEncoder().encode('another-secret-another-secret-another'), file, exp, sig, now)).toBe(false);
  });

  it('refuse an expiry further ahead than is ever issued, even when signed', () => {
    const later = signFile(secret, file, new Date(now.getTime() + 3600_000));
    expect(verifyFileSignature(secret, file, later.exp, later.sig, now)).toBe(false);
  });

  it('refuse any other signature (property)', () => {
    const { exp, sig } = signFile(secret, file, now);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (other) => {
        fc.pre(other !== sig);
        expect(verifyFileSignature(secret, file, exp, other, now)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 42 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
        (i, c) => {
          const tampered = sig.slice(0, i) + c + sig.slice(i + 1);
          fc.pre(tampered !== sig && Buffer.from(tampered, 'base64url').compare(Buffer.from(sig, 'base64url')) !== 0);
          expect(verifyFileSignature(secret, file, exp, tampered, now)).toBe(false);
        },
      ),
    );
  });

  it('build the owner’s address', () => {
    expect(signedPictureUrl(secret, file.id, 'thumb', now)).toMatch(
      /^\/api\/files\/pictures\/6f1c1c1e-8a3b-4c1e-9d2f-0b6a1b2c3d4e\/thumb\?exp=\d+&sig=[\w-]{43}$/,
    );
  });
});
