import type { Language } from '../../domain/locale.js';
import { composeMail, fillTemplate } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';

// Theft mails to the owner, in their language, in the layout of all mails (adapters/mail/compose.ts):
// the report is filed (what happens now, where the report and the police report are), and the bike is
// reported found. The police report is a PDF behind the owner's login, so the mail links to the page
// that offers it rather than to the file.

type Texts = {
  reportedSubject: string;
  reportedBody: string;
  reportedVisible: string;
  reportedFinders: string;
  reportedPolice: string;
  reportedButton: string;
  foundSubject: string;
  foundBody: string;
  foundButton: string;
};

const texts: Record<Language, Texts> = {
  da: {
    reportedSubject: 'Din cykel er meldt stjålet',
    reportedBody: 'Vi har registreret, at din cykel {bike} er stjålet.',
    reportedVisible:
      'Fra nu af vises cyklen som stjålet, når nogen søger på dens stelnummer, scanner dens plade eller ser på kortet over stjålne cykler. Kortet viser kun omtrent, hvor den blev stjålet.',
    reportedFinders: 'Finder nogen cyklen, kan de skrive til dig gennem Cykelregistret uden at se, hvem du er.',
    reportedPolice:
      'Husk at anmelde tyveriet til politiet. På siden med din anmeldelse kan du hente en politianmeldelse som PDF med alle oplysninger: {url}',
    reportedButton: 'Se din anmeldelse',
    foundSubject: 'Godt, at du har fået din cykel igen',
    foundBody:
      'Din cykel {bike} er ikke længere meldt stjålet. Den er fjernet fra kortet over stjålne cykler, og søgninger viser den ikke længere som stjålet. Har du meldt tyveriet til politiet eller dit forsikringsselskab, så fortæl dem også, at cyklen er fundet.',
    foundButton: 'Se din cykel',
  },
  en: {
    reportedSubject: 'Your bike is reported stolen',
    reportedBody: 'We have registered that your bike {bike} was stolen.',
    reportedVisible:
      'From now on the bike shows as stolen when anyone searches for its frame number, scans its plate or looks at the map of stolen bikes. The map shows only roughly where it was stolen.',
    reportedFinders: 'If someone finds the bike, they can write to you through the Bike Register without learning who you are.',
    reportedPolice:
      'Remember to report the theft to the police. On the page of your report you can download a police report as a PDF with all the details: {url}',
    reportedButton: 'See your report',
    foundSubject: 'Glad you got your bike back',
    foundBody:
      'Your bike {bike} is no longer reported stolen. It is gone from the map of stolen bikes, and searches no longer show it as stolen. If you reported the theft to the police or your insurance company, tell them too that the bike was found.',
    foundButton: 'See your bike',
  },
  no: {
    reportedSubject: 'Sykkelen din er meldt stjålet',
    reportedBody: 'Vi har registrert at sykkelen din {bike} er stjålet.',
    reportedVisible:
      'Fra nå av vises sykkelen som stjålet når noen søker på rammenummeret, skanner skiltet eller ser på kartet over stjålne sykler. Kartet viser bare omtrent hvor den ble stjålet.',
    reportedFinders: 'Finner noen sykkelen, kan de skrive til deg gjennom Sykkelregisteret uten å se hvem du er.',
    reportedPolice:
      'Husk å anmelde tyveriet til politiet. På siden med meldingen din kan du laste ned en politianmeldelse som PDF med alle opplysningene: {url}',
    reportedButton: 'Se meldingen din',
    foundSubject: 'Godt at du har fått sykkelen tilbake',
    foundBody:
      'Sykkelen din {bike} er ikke lenger meldt stjålet. Den er fjernet fra kartet over stjålne sykler, og søk viser den ikke lenger som stjålet. Har du meldt tyveriet til politiet eller forsikringsselskapet ditt, så si fra til dem også at sykkelen er funnet.',
    foundButton: 'Se sykkelen din',
  },
};

export const theftEmails = {
  /** To the owner: the report is filed; `reportUrl` is the report's page (it offers the police report). */
  reported(language: Language, to: string, input: { bike: string; reportUrl: string }): MailMessage {
    const t = texts[language];
    return composeMail(language, {
      to,
      subject: t.reportedSubject,
      paragraphs: [
        fillTemplate(t.reportedBody, { bike: input.bike }),
        t.reportedVisible,
        t.reportedFinders,
        fillTemplate(t.reportedPolice, { url: input.reportUrl }),
      ],
      action: { label: t.reportedButton, url: input.reportUrl },
    });
  },
  /** To the owner: the bike is reported found. */
  found(language: Language, to: string, input: { bike: string; bikeUrl: string }): MailMessage {
    const t = texts[language];
    return composeMail(language, {
      to,
      subject: t.foundSubject,
      paragraphs: [fillTemplate(t.foundBody, { bike: input.bike })],
      action: { label: t.foundButton, url: input.bikeUrl },
    });
  },
};
