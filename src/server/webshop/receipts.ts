import { and, eq, isNull, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Language, normaliseLanguage, type Region } from '../../domain/locale.js';
import type { Currency, ProductCode } from '../../domain/webshop/catalogue.js';
import { formatReceiptNumber, type ReceiptLine, receiptOf, WITHDRAWAL_DAYS } from '../../domain/webshop/orders.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { identities, orders, organisations, receiptSeries, receipts } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { getFixedT, INTL_LOCALES, t } from '../i18n/index.js';
import { PdfWriter } from '../pdf/pdf-writer.js';

// Receipts (issue 12): one for each paid order, and one for each paid renewal invoice of a subscription
// (subscription-events.ts calls issueReceipt with the invoice's id). Numbered without gaps per seller (dk, no):
// the number is taken from receipt_series in the transaction that writes the receipt, so a rolled-back
// payment leaves no hole. Written once, with the seller, buyer and lines as printed; mailed through the outbox
// in the buyer's language, and downloadable as a PDF by the party it was issued to.

export interface ReceiptInput {
  /** The party that bought (the person, or the organisation they acted as). */
  partyId: string;
  /** The person who placed it: the mail goes to them, their address is printed. Null: the party itself is a person. */
  personPartyId: string | null;
  orderId: string | null;
  /** A subscription renewal's invoice at the provider (one receipt per invoice). */
  providerInvoiceId?: string | null;
  region: Region;
  currency: Currency;
  /** A line's name is the product's, in the buyer's language, unless given. */
  lines: readonly { product: ProductCode | null; name?: string; quantity: number; unitAmountOre: number; vatRatePercent: number }[];
  /** Only authorised (plates): the receipt says the amount is taken when the plates are dispatched. */
  chargedOnDispatch?: boolean;
}

interface Buyer {
  name: string;
  email: string;
  address: string | null;
}

export interface IssuedReceipt {
  id: string;
  number: string;
  issuedAt: Date;
}

type ReceiptRow = typeof receipts.$inferSelect;

const money = (language: Language, currency: string, ore: number) =>
  new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency }).format(ore / 100);

const productName = (language: Language, product: ProductCode | null, fallback: string) =>
  product ? t(language, `webshop:products.${product}.name`) : fallback;

async function buyerOf(tx: Db, input: ReceiptInput): Promise<{ buyer: Buyer; language: Language }> {
  const [person] = await tx
    .select()
    .from(identities)
    .where(eq(identities.partyId, input.personPartyId ?? input.partyId));
  const [organisation] = await tx.select().from(organisations).where(eq(organisations.partyId, input.partyId));
  const personName = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  const street = [person?.street, [person?.zipCode, person?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const name = organisation
    ? [organisation.name, organisation.cvrNumber ? `(${organisation.cvrNumber})` : null].filter(Boolean).join(' ')
    : personName || (person?.email ?? '');
  return {
    buyer: { name, email: person?.email ?? '', address: street || null },
    language: normaliseLanguage(person?.language),
  };
}

/**
 * Issues the receipt of a paid order or invoice inside the caller's transaction, and mails it (outbox; flush after
 * commit). Once per order (or invoice): a second call answers the first receipt.
 */
export async function issueReceipt(ctx: AppContext, tx: Db, input: ReceiptInput): Promise<IssuedReceipt> {
  const [existing] = await tx
    .select()
    .from(receipts)
    .where(
      input.providerInvoiceId
        ? eq(receipts.providerInvoiceId, input.providerInvoiceId)
        : and(eq(receipts.orderId, input.orderId ?? ''), isNull(receipts.providerInvoiceId)),
    );
  if (existing) return issued(existing);

  const { buyer, language } = await buyerOf(tx, input);
  const printed = receiptOf(
    input.lines.map((line) => ({
      product: line.product,
      name: line.name ?? productName(language, line.product, ''),
      quantity: line.quantity,
      unitAmountOre: line.unitAmountOre,
      vatRatePercent: line.vatRatePercent,
    })),
  );
  // Take the series' next number and bump it: the row stays locked until this transaction ends, so numbers
  // follow each other without gaps however many payments are fulfilled at once.
  const [taken] = await tx
    .insert(receiptSeries)
    .values({ series: input.region, nextNumber: 2 })
    .onConflictDoUpdate({ target: receiptSeries.series, set: { nextNumber: sql`${receiptSeries.nextNumber} + 1` } })
    .returning({ next: receiptSeries.nextNumber });
  if (!taken) throw new Error('receipt series not bumped');
  const seller = ctx.config.seller[input.region];
  const [row] = await tx
    .insert(receipts)
    .values({
      series: input.region,
      number: taken.next - 1,
      partyId: input.partyId,
      orderId: input.orderId,
      providerInvoiceId: input.providerInvoiceId ?? null,
      currency: input.currency,
      grossOre: printed.grossOre,
      vatOre: printed.vatOre,
      netOre: printed.netOre,
      seller,
      buyer,
      lines: printed.lines,
    })
    .returning();
  if (!row) throw new Error('receipt not written');
  const receipt = issued(row);
  if (buyer.email) await ctx.mailer.enqueue(tx, receiptMail(ctx, row, receipt, language, input.chargedOnDispatch ?? false));
  return receipt;
}

function issued(row: ReceiptRow): IssuedReceipt {
  return { id: row.id, number: formatReceiptNumber(row.series, row.number), issuedAt: row.issuedAt };
}

/** The lines and sums of a receipt as written lines of text, in `language` (mail and PDF alike). */
function printedLines(row: ReceiptRow, language: Language) {
  const w = getFixedT(language, 'mail', 'receipt');
  const amount = (ore: number) => money(language, row.currency, ore);
  const lines = (row.lines as ReceiptLine[]).map((line) => ({
    label: `${line.quantity} × ${productName(language, line.product, line.name)}`,
    value: w('lineAmount', {
      amount: amount(line.grossOre),
      unit: amount(line.unitAmountOre),
      rate: line.vatRatePercent,
      vat: amount(line.vatOre),
    }),
  }));
  return { lines, total: amount(row.grossOre), vat: amount(row.vatOre), net: amount(row.netOre) };
}

function receiptMail(ctx: AppContext, row: ReceiptRow, receipt: IssuedReceipt, language: Language, chargedOnDispatch: boolean) {
  const w = getFixedT(language, 'mail', 'receipt');
  const buyer = row.buyer as Buyer;
  const seller = row.seller as { name: string; vatId: string };
  const printed = printedLines(row, language);
  const date = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long' }).format(row.issuedAt);
  const path = row.orderId ? `/app/settings/orders/${row.orderId}` : '/app/settings/orders';
  return {
    ...composeMail(language, {
      to: buyer.email,
      subject: w('subject', { number: receipt.number }),
      paragraphs: [
        w('thanks', { number: receipt.number, date }),
        printed.lines.map((l) => `${l.label}: ${l.value}`).join('\n'),
        w('total', { total: printed.total, vat: printed.vat, net: printed.net }),
        ...(chargedOnDispatch ? [w('chargedOnDispatch')] : []),
        w('withdrawal', { days: WITHDRAWAL_DAYS }),
        w('seller', { name: seller.name, vatId: seller.vatId }),
      ],
      action: { label: w('button'), url: `${ctx.config.publicUrl}${path}` },
      smallPrint: w('pdf'),
    }),
    partyId: row.partyId,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /webshop/receipts/{receiptId}/pdf: a receipt of the party the caller acts as, as a PDF; 404 receipt_not_found otherwise. */
export async function receiptPdf(ctx: AppContext, caller: Caller, receiptId: string, language: Language) {
  const [row] = UUID.test(receiptId)
    ? await ctx.db
        .select({ receipt: receipts, captureMethod: orders.captureMethod })
        .from(receipts)
        .leftJoin(orders, eq(orders.id, receipts.orderId))
        .where(and(eq(receipts.id, receiptId), eq(receipts.partyId, caller.actingPartyId)))
    : [];
  if (!row) throw new AppError('receipt_not_found');
  const { receipt } = row;
  const number = formatReceiptNumber(receipt.series, receipt.number);
  return { body: await renderReceipt(receipt, number, language, row.captureMethod === 'manual'), fileName: `receipt-${number}.pdf` };
}

async function renderReceipt(row: ReceiptRow, number: string, language: Language, chargedOnDispatch: boolean): Promise<Buffer> {
  const w = getFixedT(language, 'pdf', 'receipt');
  const seller = row.seller as { name: string; vatId: string };
  const buyer = row.buyer as Buyer;
  const printed = printedLines(row, language);
  const doc = await PDFDocument.create();
  doc.setTitle(`${w('title')} ${number}`);
  doc.setAuthor(t(language, 'pdf:author'));
  doc.setCreationDate(row.issuedAt);
  const pdf = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), {
    name: t(language, 'common:brand'),
    detail: `${seller.name}, ${seller.vatId}`,
  });
  pdf.text(w('title'), { size: 20, bold: true });
  pdf.gap(4);
  pdf.row(w('number'), number);
  pdf.row(w('date'), new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long' }).format(row.issuedAt));
  if (row.orderId) pdf.row(w('order'), row.orderId);

  pdf.heading(w('seller'));
  pdf.row(w('name'), seller.name);
  pdf.row(w('vatId'), seller.vatId);
  pdf.heading(w('buyer'));
  pdf.row(w('name'), buyer.name);
  pdf.row(w('email'), buyer.email);
  if (buyer.address) pdf.row(w('address'), buyer.address);

  pdf.heading(w('lines'));
  for (const line of printed.lines) pdf.row(line.label, line.value);
  pdf.gap(6);
  pdf.row(w('total'), printed.total);
  pdf.row(w('vat'), printed.vat);
  pdf.row(w('net'), printed.net);

  pdf.gap(10);
  if (chargedOnDispatch) pdf.text(w('chargedOnDispatch'));
  pdf.text(w('withdrawal', { days: WITHDRAWAL_DAYS }), { grey: true });
  pdf.numberPages((page, count) => t(language, 'pdf:pageOf', { page, count }));
  return Buffer.from(await doc.save());
}
