import type { Language } from '../../domain/locale.js';
import { composeMail, fillTemplate } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';

// The mail of a rejected ownership verification, in the owner's language, in the layout of all
// mails (adapters/mail/compose.ts).

type Texts = { subject: string; body: string; reason: string; button: string; yourBike: string };

const texts: Record<Language, Texts> = {
  da: {
    subject: 'Bekræftelsen af dit ejerskab blev afvist',
    body: 'Vi kunne ikke godkende billedet af stelnummeret på {bike}, så ejerskabet er ikke bekræftet. Tag et nyt, tydeligt billede af stelnummeret, og bekræft igen.',
    reason: 'Begrundelse: {reason}',
    button: 'Tag et nyt billede',
    yourBike: 'din cykel',
  },
  en: {
    subject: 'The verification of your ownership was rejected',
    body: 'We could not accept the picture of the frame number of {bike}, so the ownership is not verified. Take a new, clear picture of the frame number and verify again.',
    reason: 'Reason: {reason}',
    button: 'Take a new picture',
    yourBike: 'your bike',
  },
  no: {
    subject: 'Bekreftelsen av eierskapet ditt ble avvist',
    body: 'Vi kunne ikke godkjenne bildet av rammenummeret på {bike}, så eierskapet er ikke bekreftet. Ta et nytt, tydelig bilde av rammenummeret og bekreft på nytt.',
    reason: 'Begrunnelse: {reason}',
    button: 'Ta et nytt bilde',
    yourBike: 'sykkelen din',
  },
};

export function verificationRejectedMail(
  language: Language,
  to: string,
  input: { /** The bike's name; empty for "your bike". */ bike: string; reason: string; url: string },
): MailMessage {
  const t = texts[language];
  const paragraphs = [fillTemplate(t.body, { bike: input.bike || t.yourBike }), fillTemplate(t.reason, { reason: input.reason })];
  return composeMail(language, { to, subject: t.subject, paragraphs, action: { label: t.button, url: input.url } });
}
