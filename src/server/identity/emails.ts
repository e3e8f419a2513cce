import type { Language } from '../../domain/locale.js';
import { composeMail, fillTemplate } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';

// Identity mails, in the recipient's language. Each catalog has the same keys (the type checks it).
type Texts = {
  verifySubject: string;
  verifyBody: string;
  verifyButton: string;
  changeEmailSubject: string;
  changeEmailBody: string;
  changeEmailButton: string;
  changeEmailNoticeSubject: string;
  changeEmailNoticeBody: string;
  resetSubject: string;
  resetBody: string;
  resetButton: string;
  passwordChangedSubject: string;
  passwordChangedBody: string;
  deletedSubject: string;
  deletedBody: string;
  ignore: string;
};

const texts: Record<Language, Texts> = {
  da: {
    verifySubject: 'Bekræft din e-mail',
    verifyBody: 'Tak fordi du oprettede en bruger. Bekræft din e-mailadresse ved at åbne linket herunder.',
    verifyButton: 'Bekræft e-mail',
    changeEmailSubject: 'Bekræft din nye e-mail',
    changeEmailBody: 'Du har bedt om at skifte e-mail på din bruger til denne adresse. Bekræft ved at åbne linket herunder.',
    changeEmailButton: 'Bekræft ny e-mail',
    changeEmailNoticeSubject: 'Din e-mail er ved at blive ændret',
    changeEmailNoticeBody:
      'Der er bedt om at ændre e-mailen på din bruger til {email}. Var det ikke dig, så log ind og skift din adgangskode.',
    resetSubject: 'Nulstil din adgangskode',
    resetBody: 'Du har bedt om at nulstille din adgangskode. Linket virker i {minutes} minutter og kan bruges én gang.',
    resetButton: 'Vælg ny adgangskode',
    passwordChangedSubject: 'Din adgangskode er ændret',
    passwordChangedBody:
      'Din adgangskode er netop blevet ændret, og du er logget ud alle andre steder. Var det ikke dig, så kontakt os straks.',
    deletedSubject: 'Din bruger er slettet',
    deletedBody: 'Din bruger og dine personoplysninger er nu slettet fra Cykelregistret. Tak for denne gang.',
    ignore: 'Har du ikke bedt om dette, kan du se bort fra denne e-mail.',
  },
  en: {
    verifySubject: 'Confirm your email',
    verifyBody: 'Thank you for signing up. Confirm your email address by opening the link below.',
    verifyButton: 'Confirm email',
    changeEmailSubject: 'Confirm your new email',
    changeEmailBody: 'You asked to change the email of your account to this address. Confirm by opening the link below.',
    changeEmailButton: 'Confirm new email',
    changeEmailNoticeSubject: 'Your email is being changed',
    changeEmailNoticeBody:
      'Someone asked to change the email of your account to {email}. If it was not you, log in and change your password.',
    resetSubject: 'Reset your password',
    resetBody: 'You asked to reset your password. The link works for {minutes} minutes and can be used once.',
    resetButton: 'Choose a new password',
    passwordChangedSubject: 'Your password was changed',
    passwordChangedBody: 'Your password was just changed, and you are logged out everywhere else. If it was not you, contact us at once.',
    deletedSubject: 'Your account is deleted',
    deletedBody: 'Your account and your personal data are now deleted from the Bike Register. Thank you for now.',
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  no: {
    verifySubject: 'Bekreft e-posten din',
    verifyBody: 'Takk for at du opprettet en bruker. Bekreft e-postadressen din ved å åpne lenken nedenfor.',
    verifyButton: 'Bekreft e-post',
    changeEmailSubject: 'Bekreft den nye e-posten din',
    changeEmailBody: 'Du har bedt om å endre e-posten på brukeren din til denne adressen. Bekreft ved å åpne lenken nedenfor.',
    changeEmailButton: 'Bekreft ny e-post',
    changeEmailNoticeSubject: 'E-posten din blir endret',
    changeEmailNoticeBody: 'Det er bedt om å endre e-posten på brukeren din til {email}. Var det ikke deg, logg inn og bytt passord.',
    resetSubject: 'Tilbakestill passordet ditt',
    resetBody: 'Du har bedt om å tilbakestille passordet ditt. Lenken virker i {minutes} minutter og kan brukes én gang.',
    resetButton: 'Velg nytt passord',
    passwordChangedSubject: 'Passordet ditt er endret',
    passwordChangedBody: 'Passordet ditt ble nettopp endret, og du er logget ut alle andre steder. Var det ikke deg, kontakt oss straks.',
    deletedSubject: 'Brukeren din er slettet',
    deletedBody: 'Brukeren din og personopplysningene dine er nå slettet fra Sykkelregisteret. Takk for denne gang.',
    ignore: 'Har du ikke bedt om dette, kan du se bort fra denne e-posten.',
  },
};

/** The identity mails' layout: the body, the "ignore this if it was not you" note where it applies, the button. */
function compose(
  language: Language,
  to: string,
  subject: string,
  body: string,
  action?: { label: string; url: string },
  ignoreNote = false,
): MailMessage {
  return composeMail(language, { to, subject, paragraphs: [body, ...(ignoreNote ? [texts[language].ignore] : [])], action });
}

export const identityEmails = {
  verifyEmail: (language: Language, to: string, url: string) => {
    const t = texts[language];
    return compose(language, to, t.verifySubject, t.verifyBody, { label: t.verifyButton, url }, true);
  },
  confirmEmailChange: (language: Language, to: string, url: string) => {
    const t = texts[language];
    return compose(language, to, t.changeEmailSubject, t.changeEmailBody, { label: t.changeEmailButton, url }, true);
  },
  emailChangeNotice: (language: Language, to: string, newEmail: string) => {
    const t = texts[language];
    return compose(language, to, t.changeEmailNoticeSubject, fillTemplate(t.changeEmailNoticeBody, { email: newEmail }));
  },
  passwordReset: (language: Language, to: string, url: string, minutes: number) => {
    const t = texts[language];
    return compose(language, to, t.resetSubject, fillTemplate(t.resetBody, { minutes }), { label: t.resetButton, url }, true);
  },
  passwordChanged: (language: Language, to: string) => {
    const t = texts[language];
    return compose(language, to, t.passwordChangedSubject, t.passwordChangedBody);
  },
  accountDeleted: (language: Language, to: string) => {
    const t = texts[language];
    return compose(language, to, t.deletedSubject, t.deletedBody);
  },
};
