import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// Identity mails, in the recipient's language (mail.identity in the shared catalogs).

const texts = (language: Language) => getFixedT(language, 'mail', 'identity');

/** The identity mails' layout: the body, the "ignore this if it was not you" note where it applies, the button. */
function compose(
  language: Language,
  to: string,
  subject: string,
  body: string,
  action?: { label: string; url: string },
  ignoreNote = false,
): MailMessage {
  const paragraphs = [body, ...(ignoreNote ? [texts(language)('ignore')] : [])];
  return composeMail(language, { to, subject, paragraphs, action });
}

export const identityEmails = {
  verifyEmail: (language: Language, to: string, url: string) => {
    const t = texts(language);
    return compose(language, to, t('verifySubject'), t('verifyBody'), { label: t('verifyButton'), url }, true);
  },
  confirmEmailChange: (language: Language, to: string, url: string) => {
    const t = texts(language);
    return compose(language, to, t('changeEmailSubject'), t('changeEmailBody'), { label: t('changeEmailButton'), url }, true);
  },
  emailChangeNotice: (language: Language, to: string, newEmail: string) => {
    const t = texts(language);
    return compose(language, to, t('changeEmailNoticeSubject'), t('changeEmailNoticeBody', { email: newEmail }));
  },
  passwordReset: (language: Language, to: string, url: string, minutes: number) => {
    const t = texts(language);
    return compose(language, to, t('resetSubject'), t('resetBody', { minutes }), { label: t('resetButton'), url }, true);
  },
  passwordChanged: (language: Language, to: string) => {
    const t = texts(language);
    return compose(language, to, t('passwordChangedSubject'), t('passwordChangedBody'));
  },
  loginLocked: (language: Language, to: string, minutes: number) => {
    const t = texts(language);
    return compose(language, to, t('lockedSubject'), t('lockedBody', { minutes }));
  },
  accountDeleted: (language: Language, to: string) => {
    const t = texts(language);
    return compose(language, to, t('deletedSubject'), t('deletedBody'));
  },
};
