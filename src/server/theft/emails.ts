import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// Theft mails to the owner, in their language (mail.theft in the shared catalogs), in the layout of all
// mails (adapters/mail/compose.ts): the report is filed (what happens now, where the report and the police
// report are), and the bike is reported found. The police report is a PDF behind the owner's login, so
// the mail links to the page that offers it rather than to the file.

export const theftEmails = {
  /** To the owner: the report is filed; `reportUrl` is the report's page (it offers the police report). */
  reported(language: Language, to: string, input: { bike: string; reportUrl: string }): MailMessage {
    const t = getFixedT(language, 'mail', 'theft');
    return composeMail(language, {
      to,
      subject: t('reportedSubject'),
      paragraphs: [
        t('reportedBody', { bike: input.bike }),
        t('reportedVisible'),
        t('reportedFinders'),
        t('reportedPolice', { url: input.reportUrl }),
      ],
      action: { label: t('reportedButton'), url: input.reportUrl },
    });
  },
  /** To the owner: the bike is reported found. */
  found(language: Language, to: string, input: { bike: string; bikeUrl: string }): MailMessage {
    const t = getFixedT(language, 'mail', 'theft');
    return composeMail(language, {
      to,
      subject: t('foundSubject'),
      paragraphs: [t('foundBody', { bike: input.bike })],
      action: { label: t('foundButton'), url: input.bikeUrl },
    });
  },
};
