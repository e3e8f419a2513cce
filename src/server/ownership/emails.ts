import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT, INTL_LOCALES } from '../i18n/index.js';

// Ownership mails (transfers and ownership requests), in the recipient's language (mail.ownership in the
// shared catalogs), in the layout of all mails (adapters/mail/compose.ts). They name the bike, never the
// other person beyond the seller's first name (the recipient should know whom they deal with).

export function formatDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(date);
}

function compose(
  language: Language,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  return composeMail(language, { to, subject, paragraphs, action });
}

export const ownershipEmails = {
  /** To the recipient of a transfer: the link with its secret. */
  transferOffer(language: Language, to: string, input: { bike: string; seller: string | null; url: string; expiresAt: Date }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(
      language,
      to,
      t('offerSubject'),
      [
        t('offerBody', { seller: input.seller ?? t('someone'), bike: input.bike }),
        t('offerExpiry', { date: formatDate(language, input.expiresAt) }),
      ],
      { label: t('offerButton'), url: input.url },
    );
  },
  transferCancelled(language: Language, to: string, input: { bike: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('cancelledSubject'), [t('cancelledBody', input)]);
  },
  /** To the seller: the recipient took the bike over. */
  transferTaken(language: Language, to: string, input: { bike: string; url: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('takenSubject'), [t('takenBody', { bike: input.bike })], {
      label: t('myBikesButton'),
      url: input.url,
    });
  },
  transferDeclined(language: Language, to: string, input: { bike: string; url: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('declinedSubject'), [t('declinedBody', { bike: input.bike })], {
      label: t('myBikesButton'),
      url: input.url,
    });
  },
  /** To a bike's owner: someone asks for it (the conversation holds their message). */
  requestReceived(language: Language, to: string, input: { bike: string; url: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('requestSubject'), [t('requestBody', { bike: input.bike })], {
      label: t('requestButton'),
      url: input.url,
    });
  },
  requestAccepted(language: Language, to: string, input: { bike: string; url: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('requestAcceptedSubject'), [t('requestAcceptedBody', { bike: input.bike })], {
      label: t('requestAcceptedButton'),
      url: input.url,
    });
  },
  requestDeclined(language: Language, to: string, input: { bike: string; url: string }) {
    const t = getFixedT(language, 'mail', 'ownership');
    return compose(language, to, t('requestDeclinedSubject'), [t('requestDeclinedBody', { bike: input.bike })], {
      label: t('chatButton'),
      url: input.url,
    });
  },
};
