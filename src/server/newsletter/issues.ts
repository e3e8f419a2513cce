import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../domain/locale.js';
import type { NewsletterIssue, NewsletterPreview } from '../../domain/newsletter.js';
import type { AppContext } from '../context.js';
import { newsletterSubscriptions } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { auditStaffChange } from '../shared/audit.js';
import { issueMail } from './emails.js';
import { confirmedSubscribers, oneClickUrl, unsubscribePageUrl } from './service.js';

// Staff send a newsletter from the backoffice (issue 15): one issue written in every language, each confirmed
// subscriber gets it in theirs, with their own unsubscribe link and headers, through the outbox; audited. Nothing
// else in the product sends marketing mail: this is the only caller of issueMail, and it reads confirmed rows only.

const textOf = (issue: NewsletterIssue, language: Language) => ({ subject: issue[`subject_${language}`], body: issue[`body_${language}`] });

async function recipientsByLanguage(ctx: AppContext): Promise<Record<Language, number>> {
  const rows = await ctx.db
    .select({ language: newsletterSubscriptions.language, n: count() })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.state, 'confirmed'))
    .groupBy(newsletterSubscriptions.language);
  return Object.fromEntries(LANGUAGES.map((l) => [l, rows.find((r) => r.language === l)?.n ?? 0])) as Record<Language, number>;
}

/** POST /api/backoffice/newsletters/preview: each language's mail as a subscriber reads it (a sample unsubscribe link). */
export async function previewIssue(ctx: AppContext, issue: NewsletterIssue): Promise<NewsletterPreview> {
  const counts = await recipientsByLanguage(ctx);
  const sample = 'preview';
  const mails = LANGUAGES.map((language) => {
    const mail = issueMail(language, 'preview@example.invalid', textOf(issue, language), {
      page: unsubscribePageUrl(ctx, sample),
      oneClick: oneClickUrl(ctx, sample),
    });
    return { language, subject: mail.subject, text: mail.text, recipients: counts[language] };
  });
  return { mails, recipients: LANGUAGES.reduce((sum, l) => sum + counts[l], 0) };
}

/** POST /api/backoffice/newsletters: written to the outbox for every confirmed subscriber, in one transaction with its audit entry. */
export async function sendIssue(ctx: AppContext, caller: Caller, issue: NewsletterIssue): Promise<{ id: string; recipients: number }> {
  const id = randomUUID();
  const recipients = await ctx.db.transaction(async (tx) => {
    const subscribers = await confirmedSubscribers(tx);
    await ctx.mailer.enqueueMany(
      tx,
      subscribers.map((s) => ({
        ...issueMail(s.language, s.email, textOf(issue, s.language), {
          page: unsubscribePageUrl(ctx, s.unsubscribeToken),
          oneClick: oneClickUrl(ctx, s.unsubscribeToken),
        }),
        partyId: s.partyId,
      })),
    );
    await auditStaffChange(tx, caller, {
      action: 'newsletter.send',
      record: { type: 'newsletter', id },
      before: null,
      after: { ...issue },
      data: { recipients: subscribers.length },
    });
    return subscribers.length;
  });
  void ctx.mailer.flush();
  return { id, recipients };
}
