import type { Language } from '../../domain/locale.js';
import { NEWSLETTER_CONFIRM_HOURS, newsletterParagraphs } from '../../domain/newsletter.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// The newsletter's mails (mail.newsletter in the shared catalogs): the confirmation link of the double opt-in, and
// an issue as each subscriber gets it, with their own unsubscribe link in the text and in the headers.

const texts = (language: Language) => getFixedT(language, 'mail', 'newsletter');

export function confirmationMail(language: Language, to: string, url: string): MailMessage {
  const t = texts(language);
  return composeMail(language, {
    to,
    subject: t('confirmSubject'),
    paragraphs: [t('confirmBody', { hours: NEWSLETTER_CONFIRM_HOURS })],
    action: { label: t('confirmButton'), url },
    smallPrint: t('confirmIgnore'),
  });
}

/**
 * One issue for one subscriber. RFC 8058: List-Unsubscribe names the API's one-click address (a POST there with
 * `List-Unsubscribe=One-Click` unsubscribes), List-Unsubscribe-Post says so; the text's link opens the page whose
 * one button does the same.
 */
export function issueMail(
  language: Language,
  to: string,
  issue: { subject: string; body: string },
  links: { page: string; oneClick: string },
): MailMessage {
  const mail = composeMail(language, {
    to,
    subject: issue.subject,
    paragraphs: newsletterParagraphs(issue.body),
    smallPrint: texts(language)('unsubscribeLine', { url: links.page }),
  });
  return { ...mail, headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
