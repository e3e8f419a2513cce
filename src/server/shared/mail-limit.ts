import { and, gt, inArray, sql } from 'drizzle-orm';
import { LANGUAGES } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { getFixedT } from '../i18n/index.js';

// Mail flooding: the mails anyone can have sent to an address — a verification or email-change link (to any
// address an account names as its new email), a password-reset link, a newsletter confirmation — are limited per
// recipient and kind to MAIL_PER_RECIPIENT_PER_HOUR. They are counted in mail_outbox, so the limit holds
// across instances; a kind is known by its subject in any language. The caller's answer does not change
// (a flooded address answers like any other); the mail is simply not written.

/** Each kind's subjects, as keys of the mail catalog. */
const SUBJECTS = {
  link_verification: ['identity.verifySubject', 'identity.changeEmailSubject'],
  password_reset: ['identity.resetSubject'],
  newsletter_confirmation: ['newsletter.confirmSubject'],
} as const;

export type LimitedMail = keyof typeof SUBJECTS;

const subjectsOf = (kind: LimitedMail): string[] =>
  LANGUAGES.flatMap((language) => SUBJECTS[kind].map((key) => getFixedT(language, 'mail')(key)));

/**
 * Whether another mail of this kind may go to `to` now. Call it in the transaction that writes the mail:
 * it takes a lock per address first, so that requests at the same moment are counted one by one.
 */
export async function mayMail(ctx: AppContext, tx: Db, to: string, kind: LimitedMail): Promise<boolean> {
  const address = to.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail:${address}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        sql`lower(${outbox.to}) = ${address}`,
        inArray(outbox.subject, subjectsOf(kind)),
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  const sent = Number(row?.n ?? 0);
  if (sent >= ctx.config.mailPerRecipientPerHour) {
    ctx.log.warn({ kind, sent }, 'mail limit per recipient reached: not sent');
    return false;
  }
  return true;
}
