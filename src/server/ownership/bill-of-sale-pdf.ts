import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import type { Language } from '../../domain/locale.js';
import { getFixedT, INTL_LOCALES, t } from '../i18n/index.js';
import { PdfWriter } from '../pdf/pdf-writer.js';
import { categoryName, colorTerm } from '../shared/bike-words.js';

// The bill of sale as a PDF (pdf-lib, the standard Helvetica: WinAnsi has æ, ø and å; anything it
// lacks is written as "?"). It shows the signed facts in the seller's language (pdf.billOfSale in the
// shared catalogs) with English under each heading, and carries the facts and the signature in its
// document information too, so that the verification call can read them back from the stored file.

/** What the signature covers: the facts of the sale, in canonical JSON (keys sorted, no spaces). */
export interface BillFacts {
  v: 1;
  document_id: string;
  bike_id: string;
  issued_at: string;
  seller_name: string | null;
  buyer_name: string | null;
  brand: string | null;
  model: string | null;
  color_id: string | null;
  category_id: string | null;
  frame_number: string | null;
  bikekey_id: string | null;
  /** YYYY-MM-DD, Danish/Norwegian time. */
  handover_date: string;
  price_dkk: number | null;
  seller_confirmed_at: string;
  buyer_confirmed_at: string;
}

const FACTS_KEY = 'BikeRegisterFacts';
const SIGNATURE_KEY = 'BikeRegisterSignature';

const TIME_ZONE = 'Europe/Copenhagen';

/** Canonical JSON: object keys sorted at every level, no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function handoverDate(at: Date): string {
  // sv-SE writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export interface RenderInput {
  facts: BillFacts;
  signature: string;
  publicKey: string;
  verificationUrl: string;
  language: Language;
}

export async function renderBillOfSale(input: RenderInput): Promise<Buffer> {
  const { facts, language } = input;
  const w = getFixedT(language, 'pdf', 'billOfSale');
  const english = language === 'en' ? null : getFixedT('en', 'pdf', 'billOfSale');
  /** The English under a heading, for a reader who does not read the seller's language. */
  const en = (key: string) => (english ? english(key) : null);
  const locale = INTL_LOCALES[language];
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
  const date = (ymd: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));
  const or = (value: string | null) => value ?? w('none');

  const doc = await PDFDocument.create();
  doc.setTitle(`${w('title')} ${facts.document_id}`);
  doc.setAuthor(t(language, 'pdf:author'));
  doc.setCreationDate(new Date(facts.issued_at));
  doc.setModificationDate(new Date(facts.issued_at));
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info?.set(PDFName.of(FACTS_KEY), PDFHexString.fromText(canonicalJson(facts)));
  info?.set(PDFName.of(SIGNATURE_KEY), PDFHexString.fromText(input.signature));

  const writer = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text(w('title'), { size: 22, bold: true });
  const englishTitle = en('title');
  if (englishTitle) writer.text(englishTitle, { size: 11, grey: true });
  writer.gap(6);
  writer.text(w('intro'));

  writer.heading(w('seller'), en('seller'));
  writer.row(w('name'), or(facts.seller_name));
  writer.heading(w('buyer'), en('buyer'));
  writer.row(w('name'), or(facts.buyer_name));

  writer.heading(w('bike'), en('bike'));
  writer.row(w('brand'), or(facts.brand));
  writer.row(w('model'), or(facts.model));
  writer.row(w('colour'), or(colorTerm(language, facts.color_id)));
  writer.row(w('category'), or(categoryName(language, facts.category_id)));
  writer.row(w('frameNumber'), or(facts.frame_number));
  writer.row(w('plate'), or(facts.bikekey_id));

  writer.heading(w('sale'), en('sale'));
  writer.row(w('handoverDate'), date(facts.handover_date));
  if (facts.price_dkk !== null) writer.row(w('price'), `${new Intl.NumberFormat(locale).format(facts.price_dkk)} kr.`);

  writer.heading(w('confirmations'), en('confirmations'));
  writer.row(w('sellerConfirmed'), dateTime(facts.seller_confirmed_at));
  writer.row(w('buyerConfirmed'), dateTime(facts.buyer_confirmed_at));

  writer.heading(w('signature'), en('signature'));
  writer.row(w('documentId'), facts.document_id);
  writer.row(w('issued'), dateTime(facts.issued_at));
  writer.gap(4);
  writer.text(w('signatureText'), { size: 9, grey: true });
  writer.gap(4);
  writer.text(`Ed25519: ${input.signature}`, { size: 8 });
  writer.text(`${w('publicKey')}: ${input.publicKey}`, { size: 8 });
  writer.text(`${w('check')}: ${input.verificationUrl}`, { size: 8 });
  return Buffer.from(await doc.save());
}

/** The facts and signature a stored bill of sale carries, or null when they cannot be read. */
export async function readBillOfSale(pdf: Buffer): Promise<{ facts: BillFacts; signature: string; canonical: string } | null> {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    const canonical = info?.lookup(PDFName.of(FACTS_KEY), PDFHexString)?.decodeText();
    const signature = info?.lookup(PDFName.of(SIGNATURE_KEY), PDFHexString)?.decodeText();
    if (!canonical || !signature) return null;
    return { facts: JSON.parse(canonical) as BillFacts, signature, canonical };
  } catch {
    return null;
  }
}
