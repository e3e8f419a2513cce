import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { identities } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { identityEmails } from './emails.js';

// Per-account login throttling (ASVS 2.2.1). The per-address rate limit does not stop guessing from many
// addresses, so wrong passwords are also counted on the account, in the database (across instances):
// LOGIN_FAILURES_BEFORE_LOCK of them within FAILURE_WINDOW_MINUTES lock it, for FIRST_LOCK_MINUTES and
// twice as long each time it is locked again, up to a day. While locked, even the right password is
// refused (429 login_locked with Retry-After). The owner is mailed when the account is first locked; a
// successful login ends the streak, and a password reset lifts the lock.

const FAILURE_WINDOW_MINUTES = 15;
const FIRST_LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;

/** The answer to a login while the account is locked: 429 login_locked, with the seconds to wait. */
export class LoginLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('login_locked');
  }
}

/** Throws LoginLocked while the account's lock lasts. */
export function refuseWhileLocked(identity: { loginLockedUntil: Date | null }, now = new Date()): void {
  const until = identity.loginLockedUntil?.getTime() ?? 0;
  if (until > now.getTime()) throw new LoginLocked(Math.ceil((until - now.getTime()) / 1000));
}

/** Counts a wrong password; throws LoginLocked when it locks the account (mailing the owner on the first lock in a row). */
export async function recordLoginFailure(ctx: AppContext, partyId: string, now = new Date()): Promise<void> {
  const lockedFor = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        email: identities.email,
        language: identities.language,
        failures: identities.loginFailures,
        since: identities.loginFailuresSince,
        locks: identities.loginLocks,
      })
      .from(identities)
      .where(eq(identities.partyId, partyId))
      .for('update');
    if (!row) return null;
    const inWindow = row.since !== null && row.since.getTime() > now.getTime() - FAILURE_WINDOW_MINUTES * 60_000;
    const failures = inWindow ? row.failures + 1 : 1;
    if (failures < ctx.config.loginFailuresBeforeLock) {
      await tx
        .update(identities)
        .set({ loginFailures: failures, loginFailuresSince: inWindow ? row.since : now })
        .where(eq(identities.partyId, partyId));
      return null;
    }
    const minutes = Math.min(FIRST_LOCK_MINUTES * 2 ** row.locks, MAX_LOCK_MINUTES);
    await tx
      .update(identities)
      .set({
        loginFailures: 0,
        loginFailuresSince: null,
        loginLockedUntil: new Date(now.getTime() + minutes * 60_000),
        loginLocks: row.locks + 1,
      })
      .where(eq(identities.partyId, partyId));
    if (row.locks === 0) await ctx.mailer.enqueue(tx, { ...identityEmails.loginLocked(row.language, row.email, minutes), partyId });
    return minutes;
  });
  if (lockedFor === null) return;
  void ctx.mailer.flush();
  throw new LoginLocked(lockedFor * 60);
}

/** What a successful login or a password reset sets: no failures, no lock. */
export const NO_LOGIN_FAILURES = { loginFailures: 0, loginFailuresSince: null, loginLockedUntil: null, loginLocks: 0 } as const;

/** A successful login ends the streak of failures (a write only when there was one). */
export async function clearLoginFailures(db: Db, identity: { partyId: string; loginFailures: number; loginLocks: number }): Promise<void> {
  if (identity.loginFailures === 0 && identity.loginLocks === 0) return;
  await db.update(identities).set(NO_LOGIN_FAILURES).where(eq(identities.partyId, identity.partyId));
}
