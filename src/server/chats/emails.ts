import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// The "you have unread messages" mail, in the recipient's language (mail.unread in the shared catalogs).
// It says how many and about which bike, and links to the conversation — never who wrote, nor what (the
// content stays in the app).

/** The mail to one recipient: `bike` is the brand and model (or null), `url` the conversation's page. */
export function unreadMessagesMail(
  language: Language,
  to: string,
  input: { bike: string | null; count: number; url: string },
): MailMessage {
  const t = getFixedT(language, 'mail', 'unread');
  const bike = input.bike ?? t('theBike');
  return composeMail(language, {
    to,
    subject: t('subject', { bike }),
    paragraphs: [t('body', { bike, count: input.count })],
    action: { label: t('button'), url: input.url },
    smallPrint: t('throttle'),
  });
}

/** The support conversation (issue 14): an answer from support waits unread. Says nothing of what it says. */
export function supportAnswerMail(language: Language, to: string, input: { count: number; url: string }): MailMessage {
  const t = getFixedT(language, 'mail', 'support');
  return composeMail(language, {
    to,
    subject: t('answerSubject'),
    paragraphs: [t('answerBody', { count: input.count })],
    action: { label: t('button'), url: input.url },
    smallPrint: t('throttle'),
  });
}

/** A visitor's support conversation began: its link, the only way back to it from another browser. */
export function supportStartedMail(language: Language, to: string, input: { url: string }): MailMessage {
  const t = getFixedT(language, 'mail', 'support');
  return composeMail(language, {
    to,
    subject: t('startedSubject'),
    paragraphs: [t('startedBody'), t('startedKeep')],
    action: { label: t('button'), url: input.url },
    smallPrint: t('startedNotYou'),
  });
}
