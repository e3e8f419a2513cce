import { sql } from 'drizzle-orm';
import { findBrand } from '../../domain/bikes/brands.js';
import { normaliseLanguage } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { supportAnswerMail, unreadMessagesMail } from './emails.js';
import { supportAccessKey, supportVisitorUrl } from './support-link.js';
import { rowsOf } from './views.js';

// A participant who has not read messages from the other side (or the system) gets a mail about it
// (issue 5): only for messages unread CHAT_UNREAD_MAIL_DELAY_SECONDS after they came (someone reading
// live gets none), at most once per CHAT_UNREAD_MAIL_INTERVAL_MINUTES per conversation, and never
// twice for the same messages. Each instance checks every CHAT_UNREAD_MAIL_CHECK_SECONDS; the
// participants are claimed by one conditional UPDATE … RETURNING of notified_at, so when two instances
// check at once each row goes to one of them, and the mail is written in the same transaction.

/** Claims and mails everyone due at `now`; answers how many mails were written. */
export async function sendUnreadChatMails(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const { unreadMailDelaySeconds: delay, unreadMailIntervalMinutes: interval } = ctx.config.chat;
  const at = now.toISOString();
  const written = await ctx.db.transaction(async (tx) => {
    const claimed = rowsOf(
      await tx.execute(sql`
        update chat_participant p set notified_at = ${at}::timestamptz
        where (p.notified_at is null or p.notified_at <= ${at}::timestamptz - make_interval(mins => ${interval}::int))
          and exists (
            select 1 from chat_message m
            where m.chat_id = p.chat_id and m.sender_party_id is distinct from p.party_id
              and m.created_at > greatest(coalesce(p.last_read_at, '-infinity'::timestamptz), coalesce(p.notified_at, '-infinity'::timestamptz))
              and m.created_at <= ${at}::timestamptz - make_interval(secs => ${delay}::int))
        returning p.chat_id, p.party_id, p.last_read_at`),
    );
    let mails = 0;
    for (const row of claimed) {
      const chatId = String(row.chat_id);
      const partyId = String(row.party_id);
      const [info] = rowsOf(
        await tx.execute(sql`
          select c.kind, b.brand_name, b.brand_id, b.model,
            t.id as ticket_id, t.visitor_email, t.language as ticket_language,
            (select count(*)::int from chat_message m where m.chat_id = ${chatId} and m.sender_party_id is distinct from ${partyId}
              and (p.last_read_at is null or m.created_at > p.last_read_at)) as unread
          from chat_participant p join chat c on c.id = p.chat_id left join bike b on b.id = c.bike_id
            left join ticket t on t.chat_id = c.id and t.kind = 'support'
          where p.chat_id = ${chatId} and p.party_id = ${partyId}`),
      );
      const count = Number(info?.unread ?? 0);
      if (!info || count === 0) continue;
      if (info.kind === 'support') {
        mails += await mailSupportAnswer(ctx, tx, partyId, info, count);
        continue;
      }
      const brand = info.brand_name ? String(info.brand_name) : (findBrand(info.brand_id as string | null)?.name ?? null);
      const bike = [brand, info.model ? String(info.model) : null].filter(Boolean).join(' ') || null;
      const url = `${ctx.config.publicUrl}/app/chats/${chatId}`;
      for (const recipient of await recipientsOf(tx, partyId)) {
        const mail = unreadMessagesMail(recipient.language, recipient.email, { bike, count, url });
        await ctx.mailer.enqueue(tx, { ...mail, partyId: recipient.partyId });
        mails += 1;
      }
    }
    return mails;
  });
  if (written > 0) void ctx.mailer.flush();
  return written;
}

/**
 * Support answered (issue 14): a person is mailed a link to /support/chat; a visitor, who has no account, at the address
 * they gave, with their conversation's key in the link.
 */
async function mailSupportAnswer(ctx: AppContext, tx: Db, partyId: string, info: Record<string, unknown>, count: number) {
  const recipients = await recipientsOf(tx, partyId);
  if (recipients.length > 0) {
    for (const recipient of recipients) {
      const mail = supportAnswerMail(recipient.language, recipient.email, { count, url: `${ctx.config.publicUrl}/support/chat` });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: recipient.partyId });
    }
    return recipients.length;
  }
  if (!info.visitor_email || !info.ticket_id) return 0;
  const url = supportVisitorUrl(ctx.config.publicUrl, supportAccessKey(ctx.config.jwtSecret, String(info.ticket_id)));
  await ctx.mailer.enqueue(tx, supportAnswerMail(normaliseLanguage(info.ticket_language), String(info.visitor_email), { count, url }));
  return 1;
}

/** A person's own address; for an organisation, its admins'. */
async function recipientsOf(db: Db, partyId: string) {
  const rows = rowsOf(
    await db.execute(sql`
      select i.party_id, i.email, i.language from identity i where i.party_id = ${partyId}
      union
      select i.party_id, i.email, i.language from organisation_member om join identity i on i.party_id = om.identity_party_id
      where om.organisation_party_id = ${partyId} and om.role = 'admin'`),
  );
  return rows.map((r) => ({ partyId: String(r.party_id), email: String(r.email), language: normaliseLanguage(r.language) }));
}

/** Checks every `everySeconds` (and once at start); returns the stop function (for onClose), which waits for a check under way. */
export function startUnreadMailTimer(ctx: AppContext, everySeconds = ctx.config.chat.unreadMailCheckSeconds): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    // One check at a time per instance; a slow one is not overtaken by the next.
    running ??= sendUnreadChatMails(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'unread chat mail check failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everySeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
