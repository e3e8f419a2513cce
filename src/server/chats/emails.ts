import type { Language } from '../../domain/locale.js';
import { composeMail, fillTemplate } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';

// The "you have unread messages" mail, in the recipient's language. It says how many and about which
// bike, and links to the conversation — never who wrote, nor what (the content stays in the app).
type Texts = {
  subject: string;
  bodyOne: string;
  bodyMany: string;
  button: string;
  throttle: string;
  theBike: string;
};

const texts: Record<Language, Texts> = {
  da: {
    subject: 'Du har en ny besked om {bike}',
    bodyOne: 'Du har 1 ulæst besked i en samtale om {bike}.',
    bodyMany: 'Du har {count} ulæste beskeder i en samtale om {bike}.',
    button: 'Åbn samtalen',
    throttle: 'Du får højst én sådan e-mail i timen for hver samtale.',
    theBike: 'cyklen',
  },
  en: {
    subject: 'You have a new message about {bike}',
    bodyOne: 'You have 1 unread message in a conversation about {bike}.',
    bodyMany: 'You have {count} unread messages in a conversation about {bike}.',
    button: 'Open the conversation',
    throttle: 'You get at most one such email an hour for each conversation.',
    theBike: 'the bike',
  },
  no: {
    subject: 'Du har en ny melding om {bike}',
    bodyOne: 'Du har 1 ulest melding i en samtale om {bike}.',
    bodyMany: 'Du har {count} uleste meldinger i en samtale om {bike}.',
    button: 'Åpne samtalen',
    throttle: 'Du får høyst én slik e-post i timen for hver samtale.',
    theBike: 'sykkelen',
  },
};

/** The mail to one recipient: `bike` is the brand and model (or null), `url` the conversation's page. */
export function unreadMessagesMail(
  language: Language,
  to: string,
  input: { bike: string | null; count: number; url: string },
): MailMessage {
  const t = texts[language];
  const bike = input.bike ?? t.theBike;
  const subject = fillTemplate(t.subject, { bike });
  const body = fillTemplate(input.count === 1 ? t.bodyOne : t.bodyMany, { bike, count: input.count });
  return composeMail(language, { to, subject, paragraphs: [body], action: { label: t.button, url: input.url }, smallPrint: t.throttle });
}
