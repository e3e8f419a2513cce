import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatCpr } from '../../domain/identity.js';
import type { Language } from '../../domain/locale.js';
import { getFixedT, INTL_LOCALES, t } from '../i18n/index.js';
import { PdfWriter } from '../pdf/pdf-writer.js';
import { brandNameOf, categoryName, colorTerm } from '../shared/bike-words.js';
import type { OwnReport } from './report-read.js';

// The police report as a PDF (pdf-lib): everything the police ask for when a bike theft is reported, in
// the caller's language (pdf.policeReport in the shared catalogs), with the full personal ID number (the owner's own document) and the pictures
// of the bike from the current ownership (JPEG; police-report.ts converts them), the locks registered on the
// bike, under the product's letterhead with "page X of Y" on every page.

/** A lock registered on the bike (equipment of the type lock). */
export interface ReportLock {
  manufacturer: string | null;
  product: string | null;
  type: string | null;
  serialNumbers: string[];
  varefakta: string | null;
  keyNumber: string | null;
  note: string | null;
}

export interface PoliceReportInput extends OwnReport {
  language: Language;
  cpr: string | null;
  plates: string[];
  locks: ReportLock[];
  /** The product's address on the web (PUBLIC_URL), in the letterhead. */
  publicUrl: string;
  pictures: { kind: 'public' | 'frame_number' | 'plate' | 'lock_proof'; jpeg: Buffer }[];
  now: Date;
}

const ZONES = { dk: 'Europe/Copenhagen', no: 'Europe/Oslo' } as const;

export async function renderPoliceReport(input: PoliceReportInput): Promise<Buffer> {
  const { report, bike, ownership, language } = input;
  const w = getFixedT(language, 'pdf', 'policeReport');
  const locale = INTL_LOCALES[language];
  const timeZone = ZONES[report.region];
  const dateTime = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(d);
  // Kroner in both regions (DKK or NOK, as the owner gave it).
  const money = (n: number) => `${new Intl.NumberFormat(locale).format(n)} kr.`;
  const yesNo = (b: boolean) => (b ? w('yes') : w('no'));
  const or = (v: string | null | undefined) => (v?.trim() ? v : w('none'));

  const doc = await PDFDocument.create();
  doc.setTitle(`${w('title')} ${report.id}`);
  doc.setAuthor(t(language, 'pdf:author'));
  doc.setCreationDate(input.now);
  const pdf = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), {
    name: t(language, 'common:brand'),
    detail: hostOf(input.publicUrl),
  });

  pdf.text(w('title'), { size: 20, bold: true });
  pdf.gap(4);
  pdf.text(w('intro'), { grey: true });

  pdf.heading(w('report'));
  pdf.row(w('reportId'), report.id);
  pdf.row(w('reportedAt'), dateTime(report.createdAt));

  pdf.heading(w('owner'));
  pdf.row(w('name'), `${report.firstName} ${report.lastName}`);
  pdf.row(w('cpr'), input.cpr ? formatCpr(input.cpr) : w('none'));
  const unit = [
    report.floor ? `${report.floor}. ${w('floor')}` : null,
    report.side ? `${w('side')} ${report.side}` : null,
    report.door ? `${w('door')} ${report.door}` : null,
  ].filter(Boolean);
  pdf.row(w('address'), `${report.streetAddress}${unit.length ? `, ${unit.join(', ')}` : ''}\n${report.zipCode} ${report.city}`);
  pdf.row(w('email'), report.email);
  pdf.row(w('mobile'), report.mobile);
  pdf.row(w('telephone'), or(report.telephone));

  pdf.heading(w('bike'));
  pdf.row(w('brand'), or(brandNameOf(bike)));
  pdf.row(w('model'), or(bike.model));
  pdf.row(w('colour'), or(colorTerm(language, report.bikeColor) ?? report.bikeColor));
  pdf.row(w('category'), or(categoryName(language, report.bikeCategory) ?? report.bikeCategory));
  pdf.row(w('electric'), yesNo(report.isElectric));
  if (report.isElectric && report.batteryLocation) pdf.row(w('battery'), w(`batteries.${report.batteryLocation}`));
  pdf.row(w('frameNumber'), or(report.frameNumber));
  if (bike.frameNumber && bike.frameNumber !== report.frameNumber) pdf.row(w('registeredFrameNumber'), bike.frameNumber);
  pdf.row(w('plates'), input.plates.length ? input.plates.join(', ') : w('none'));
  pdf.row(w('productionYear'), bike.productionYear ? String(bike.productionYear) : w('none'));
  // The owner's own purchase (kept on their ownership).
  if (ownership.normalPriceDkk) pdf.row(w('purchasePrice'), money(ownership.normalPriceDkk));
  if (ownership.purchaseDate) {
    const date = new Date(`${ownership.purchaseDate}T00:00:00Z`);
    pdf.row(
      w('purchaseDate'),
      Number.isNaN(date.getTime())
        ? ownership.purchaseDate
        : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date),
    );
  }
  pdf.row(w('lock'), w(`locks.${report.lockStatus}`));

  pdf.heading(w('registeredLocks'));
  if (input.locks.length === 0) pdf.text(w('noLocks'), { grey: true });
  for (const [index, lock] of input.locks.entries()) pdf.row(w('lockNumbered', { n: index + 1 }), lockLines(lock, language, w));

  pdf.heading(w('theft'));
  pdf.row(w('lastSeen'), dateTime(report.timeLastSeen));
  pdf.row(w('noticed'), dateTime(report.notedTime));
  pdf.row(w('place'), report.place);
  pdf.row(w('coordinates'), `${report.latitude.toFixed(6)}, ${report.longitude.toFixed(6)}`);

  pdf.heading(w('culprit'));
  pdf.row(w('culpritKnown'), yesNo(report.isCulpritKnown));
  pdf.row(w('culpritRecognisable'), yesNo(report.isCulpritRecognizable));
  if (report.culpritInfo) pdf.row(w('culpritDescription'), report.culpritInfo);
  pdf.row(w('witnesses'), report.hasWitness ? or(report.witnesses) : w('no'));

  pdf.heading(w('insurance'));
  pdf.row(w('insured'), yesNo(report.isInsured));
  if (report.isInsured) pdf.row(w('insurer'), or(input.insurerName ?? report.otherInsurerName));
  pdf.row(w('value'), money(report.bikePrice));
  if (report.sharedWithInsurerAt) pdf.row(w('sharedWithInsurer'), dateTime(report.sharedWithInsurerAt));

  pdf.heading(w('pictures'));
  if (input.pictures.length === 0) pdf.text(w('noPictures'), { grey: true });
  for (const picture of input.pictures) pdf.image(await doc.embedJpg(picture.jpeg), w(`pictureKinds.${picture.kind}`));

  pdf.gap(10);
  pdf.text(`${w('generated')}: ${dateTime(input.now)}`, { size: 8.5, grey: true });
  pdf.numberPages((page, count) => t(language, 'pdf:pageOf', { page, count }));
  return Buffer.from(await doc.save());
}

/** "localhost:3000" of "http://localhost:3000/": the product's address as the letterhead shows it. */
function hostOf(publicUrl: string): string {
  try {
    const url = new URL(publicUrl);
    return `${url.host}${url.pathname.replace(/\/$/, '')}`;
  } catch {
    return publicUrl;
  }
}

/** A lock as lines: make and model, its type, then the numbers that identify it. */
function lockLines(lock: ReportLock, language: Language, w: (key: string) => string): string {
  const name = [lock.manufacturer, lock.product].filter(Boolean).join(' ');
  const lines = [
    name || null,
    lock.type ? t(language, `bike-terms:lock.${lock.type}`) : null,
    lock.serialNumbers.length ? `${w('lockSerial')}: ${lock.serialNumbers.join(', ')}` : null,
    lock.varefakta ? `${w('lockVarefakta')}: ${lock.varefakta}` : null,
    lock.keyNumber ? `${w('lockKey')}: ${lock.keyNumber}` : null,
    lock.note,
  ].filter((line): line is string => Boolean(line?.trim()));
  return lines.length ? lines.join('\n') : w('none');
}
