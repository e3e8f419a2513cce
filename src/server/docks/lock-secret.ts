import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A lock's device secret (issue 16): shown once when the lock is added or its secret rotated; only its hash is kept
// (lock.secret_hash). The secret is 32 random bytes, so a plain SHA-256 is enough (no password stretching needed).

/**
 * NOTIFY channel (payload: the lock id) telling every instance that a lock's secret changed or the lock was removed:
 * the instance holding its device socket closes it (device-hub.ts revoke), so the old secret's connection ends.
 */
export const LOCK_REVOKED_CHANNEL = 'lock_device_revoked';

/** A fresh device secret and the hash to store. */
export function newLockSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretHash: hashLockSecret(secret) };
}

export function hashLockSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is `secretHash`, compared in constant time. */
export function lockSecretMatches(secretHash: string, secret: string): boolean {
  const given = Buffer.from(hashLockSecret(secret), 'hex');
  const kept = Buffer.from(secretHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * The demo dock's locks (SEED_DEMO): fixed ids and secrets, so `npm run lock:simulate -- --demo` can connect them.
 * Demo data only: these secrets are public and exist only in a demo database.
 */
export const DEMO_DOCK_LOCKS = [
  { id: '5e0c0d0c-0000-4000-8000-0000000000a1', label: 'A1', secret: 'demo-lock-secret-A1' },
  { id: '5e0c0d0c-0000-4000-8000-0000000000a2', label: 'A2', secret: 'demo-lock-secret-A2' },
  { id: '5e0c0d0c-0000-4000-8000-0000000000a3', label: 'A3', secret: 'demo-lock-secret-A3' },
  { id: '5e0c0d0c-0000-4000-8000-0000000000a4', label: 'A4', secret: 'demo-lock-secret-A4' },
] as const;
