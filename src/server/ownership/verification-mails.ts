import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// The mail of a rejected ownership verification, in the owner's language (mail.verificationRejected in
// the shared catalogs), in the layout of all mails (adapters/mail/compose.ts).

export function verificationRejectedMail(
  language: Language,
  to: string,
  input: { /** The bike's name; empty for "your bike". */ bike: string; reason: string; url: string },
): MailMessage {
  const t = getFixedT(language, 'mail', 'verificationRejected');
  const paragraphs = [t('body', { bike: input.bike || t('yourBike') }), t('reason', { reason: input.reason })];
  return composeMail(language, { to, subject: t('subject'), paragraphs, action: { label: t('button'), url: input.url } });
}
