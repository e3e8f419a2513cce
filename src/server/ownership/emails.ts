import type { Language } from '../../domain/locale.js';
import { composeMail, fillTemplate } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';

// Ownership mails (transfers and ownership requests), in the recipient's language, in the layout of all
// mails (adapters/mail/compose.ts). They name the bike, never the other person beyond the seller's first
// name (the recipient should know whom they deal with).

type Texts = {
  someone: string;
  offerSubject: string;
  offerBody: string;
  offerExpiry: string;
  offerButton: string;
  cancelledSubject: string;
  cancelledBody: string;
  takenSubject: string;
  takenBody: string;
  declinedSubject: string;
  declinedBody: string;
  requestSubject: string;
  requestBody: string;
  requestButton: string;
  requestAcceptedSubject: string;
  requestAcceptedBody: string;
  requestAcceptedButton: string;
  requestDeclinedSubject: string;
  requestDeclinedBody: string;
  chatButton: string;
  myBikesButton: string;
};

const texts: Record<Language, Texts> = {
  da: {
    someone: 'Ejeren',
    offerSubject: 'En cykel er ved at blive overdraget til dig',
    offerBody: '{seller} vil overdrage cyklen {bike} til dig i Cykelregistret. Åbn linket for at se cyklen og tage imod den.',
    offerExpiry: 'Linket virker til {date}. Kender du ikke til handlen, kan du afvise den eller se bort fra denne e-mail.',
    offerButton: 'Se overdragelsen',
    cancelledSubject: 'Overdragelsen af en cykel er annulleret',
    cancelledBody: 'Ejeren har annulleret overdragelsen af cyklen {bike} til dig. Linket, du fik tidligere, virker ikke længere.',
    takenSubject: 'Din cykel er overtaget',
    takenBody: 'Modtageren har taget imod cyklen {bike}. Den er nu registreret til den nye ejer og fjernet fra dine cykler.',
    declinedSubject: 'Overdragelsen af din cykel blev afvist',
    declinedBody: 'Modtageren har afvist at overtage cyklen {bike}. Cyklen er stadig registreret til dig.',
    requestSubject: 'Nogen beder om at overtage din cykel',
    requestBody:
      'En bruger, der har cyklen {bike}, beder om at få den registreret til sig. Læs beskeden og svar i samtalen. Du bestemmer selv, om du vil overdrage den.',
    requestButton: 'Åbn samtalen',
    requestAcceptedSubject: 'Ejeren har sagt ja til at overdrage cyklen',
    requestAcceptedBody: 'Ejeren af cyklen {bike} har sagt ja. Åbn linket for at tage imod cyklen, så den bliver registreret til dig.',
    requestAcceptedButton: 'Tag imod cyklen',
    requestDeclinedSubject: 'Ejeren har sagt nej til at overdrage cyklen',
    requestDeclinedBody: 'Ejeren af cyklen {bike} har afvist din anmodning. Du kan stadig skrive sammen i samtalen.',
    chatButton: 'Åbn samtalen',
    myBikesButton: 'Mine cykler',
  },
  en: {
    someone: 'The owner',
    offerSubject: 'A bike is being handed over to you',
    offerBody: '{seller} wants to hand the bike {bike} over to you in the Bike Register. Open the link to see the bike and take it over.',
    offerExpiry: 'The link works until {date}. If you do not know of this, you can decline it or ignore this email.',
    offerButton: 'See the transfer',
    cancelledSubject: 'The transfer of a bike was cancelled',
    cancelledBody: 'The owner cancelled the transfer of the bike {bike} to you. The link you got earlier no longer works.',
    takenSubject: 'Your bike was taken over',
    takenBody: 'The recipient took over the bike {bike}. It is now registered to its new owner and gone from your bikes.',
    declinedSubject: 'The transfer of your bike was declined',
    declinedBody: 'The recipient declined to take over the bike {bike}. It is still registered to you.',
    requestSubject: 'Someone asks to take over your bike',
    requestBody:
      'A user who has the bike {bike} asks to have it registered to them. Read the message and answer in the conversation. It is up to you whether to hand it over.',
    requestButton: 'Open the conversation',
    requestAcceptedSubject: 'The owner agreed to hand over the bike',
    requestAcceptedBody: 'The owner of the bike {bike} said yes. Open the link to take the bike over, so that it is registered to you.',
    requestAcceptedButton: 'Take over the bike',
    requestDeclinedSubject: 'The owner declined to hand over the bike',
    requestDeclinedBody: 'The owner of the bike {bike} declined your request. You can still write to each other in the conversation.',
    chatButton: 'Open the conversation',
    myBikesButton: 'My bikes',
  },
  no: {
    someone: 'Eieren',
    offerSubject: 'En sykkel blir overdratt til deg',
    offerBody: '{seller} vil overdra sykkelen {bike} til deg i Sykkelregisteret. Åpne lenken for å se sykkelen og ta imot den.',
    offerExpiry: 'Lenken virker til {date}. Kjenner du ikke til handelen, kan du avslå den eller se bort fra denne e-posten.',
    offerButton: 'Se overdragelsen',
    cancelledSubject: 'Overdragelsen av en sykkel er avbrutt',
    cancelledBody: 'Eieren har avbrutt overdragelsen av sykkelen {bike} til deg. Lenken du fikk tidligere, virker ikke lenger.',
    takenSubject: 'Sykkelen din er overtatt',
    takenBody: 'Mottakeren har tatt imot sykkelen {bike}. Den er nå registrert på den nye eieren og fjernet fra syklene dine.',
    declinedSubject: 'Overdragelsen av sykkelen din ble avslått',
    declinedBody: 'Mottakeren har avslått å overta sykkelen {bike}. Sykkelen er fortsatt registrert på deg.',
    requestSubject: 'Noen ber om å overta sykkelen din',
    requestBody:
      'En bruker som har sykkelen {bike}, ber om å få den registrert på seg. Les meldingen og svar i samtalen. Du bestemmer selv om du vil overdra den.',
    requestButton: 'Åpne samtalen',
    requestAcceptedSubject: 'Eieren har sagt ja til å overdra sykkelen',
    requestAcceptedBody: 'Eieren av sykkelen {bike} har sagt ja. Åpne lenken for å ta imot sykkelen, slik at den blir registrert på deg.',
    requestAcceptedButton: 'Ta imot sykkelen',
    requestDeclinedSubject: 'Eieren har sagt nei til å overdra sykkelen',
    requestDeclinedBody: 'Eieren av sykkelen {bike} har avslått forespørselen din. Dere kan fortsatt skrive sammen i samtalen.',
    chatButton: 'Åpne samtalen',
    myBikesButton: 'Mine sykler',
  },
};

const LOCALES: Record<Language, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };

export function formatDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(date);
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
    const t = texts[language];
    return compose(
      language,
      to,
      t.offerSubject,
      [
        fillTemplate(t.offerBody, { seller: input.seller ?? t.someone, bike: input.bike }),
        fillTemplate(t.offerExpiry, { date: formatDate(language, input.expiresAt) }),
      ],
      { label: t.offerButton, url: input.url },
    );
  },
  transferCancelled(language: Language, to: string, input: { bike: string }) {
    const t = texts[language];
    return compose(language, to, t.cancelledSubject, [fillTemplate(t.cancelledBody, input)]);
  },
  /** To the seller: the recipient took the bike over. */
  transferTaken(language: Language, to: string, input: { bike: string; url: string }) {
    const t = texts[language];
    return compose(language, to, t.takenSubject, [fillTemplate(t.takenBody, { bike: input.bike })], {
      label: t.myBikesButton,
      url: input.url,
    });
  },
  transferDeclined(language: Language, to: string, input: { bike: string; url: string }) {
    const t = texts[language];
    return compose(language, to, t.declinedSubject, [fillTemplate(t.declinedBody, { bike: input.bike })], {
      label: t.myBikesButton,
      url: input.url,
    });
  },
  /** To a bike's owner: someone asks for it (the conversation holds their message). */
  requestReceived(language: Language, to: string, input: { bike: string; url: string }) {
    const t = texts[language];
    return compose(language, to, t.requestSubject, [fillTemplate(t.requestBody, { bike: input.bike })], {
      label: t.requestButton,
      url: input.url,
    });
  },
  requestAccepted(language: Language, to: string, input: { bike: string; url: string }) {
    const t = texts[language];
    return compose(language, to, t.requestAcceptedSubject, [fillTemplate(t.requestAcceptedBody, { bike: input.bike })], {
      label: t.requestAcceptedButton,
      url: input.url,
    });
  },
  requestDeclined(language: Language, to: string, input: { bike: string; url: string }) {
    const t = texts[language];
    return compose(language, to, t.requestDeclinedSubject, [fillTemplate(t.requestDeclinedBody, { bike: input.bike })], {
      label: t.chatButton,
      url: input.url,
    });
  },
};
