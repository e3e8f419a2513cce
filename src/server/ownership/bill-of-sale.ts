import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { bikes, ownershipTransfers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { plateIdsOfBikes } from '../plates/service.js';
import { brandNameOf } from '../shared/bike-words.js';
import { type BillFacts, canonicalJson, handoverDate, readBillOfSale, renderBillOfSale } from './bill-of-sale-pdf.js';
import { contactOf } from './parties.js';
import { billOfSaleDue, isUuid, sideOf, type TransferRow, transferRow } from './transfer-view.js';

// The signed digital bill of sale (issue 5): once seller and buyer have both confirmed a transfer through
// national ID and the bike has moved, the server writes a PDF of the facts of the sale, signs the facts
// (canonical JSON) with its Ed25519 key (BILL_OF_SALE_SIGNING_KEY, kept like the other secrets), stores
// the PDF and keeps its storage key and SHA-256 on the transfer. Anyone holding the PDF can check it
// against GET /bills-of-sale/{id}/verification: the same SHA-256, and a signature that verifies.

/** GET /bills-of-sale/{transferId}/verification: no names, only what identifies the document and the bike. */
export const billOfSaleVerificationSchema = z.object({
  /** The stored file is intact and the signature over its facts verifies with the register's key. */
  valid: z.boolean(),
  issued_at: z.nullable(z.string()),
  /** The SHA-256 (hex) of the genuine PDF: compare it with the file you hold. */
  sha256: z.string(),
  frame_number: z.nullable(z.string()),
  bikekey_id: z.nullable(z.string()),
  seller_confirmed_at: z.nullable(z.string()),
  buyer_confirmed_at: z.nullable(z.string()),
});
export type BillOfSaleVerification = z.infer<typeof billOfSaleVerificationSchema>;

// An Ed25519 private key in PKCS#8 DER is this prefix followed by the 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function keysOf(ctx: AppContext): { privateKey: KeyObject; publicKey: KeyObject; publicKeyText: string } {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, ctx.config.billOfSaleKey]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  // The raw 32-byte public key is the tail of its SPKI DER form.
  const publicKeyText = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
  return { privateKey, publicKey, publicKeyText };
}

const sha256 = (body: Buffer): string => createHash('sha256').update(body).digest('hex');

async function factsOf(ctx: AppContext, row: TransferRow, issuedAt: Date): Promise<BillFacts> {
  const [bike] = await ctx.db.select().from(bikes).where(eq(bikes.id, row.bikeId));
  if (!bike || !row.toPartyId || !row.decidedAt || !row.sellerApprovedAt || !row.buyerApprovedAt) {
    throw new AppError('bill_of_sale_not_found');
  }
  const plates = await plateIdsOfBikes(ctx.db, [bike.id]);
  return {
    v: 1,
    document_id: row.id,
    bike_id: bike.id,
    issued_at: issuedAt.toISOString(),
    seller_name: (await contactOf(ctx.db, row.fromPartyId))?.fullName ?? null,
    buyer_name: (await contactOf(ctx.db, row.toPartyId))?.fullName ?? null,
    brand: brandNameOf(bike),
    model: bike.model,
    color_id: bike.colorId,
    category_id: bike.categoryId,
    frame_number: bike.frameNumber,
    bikekey_id: plates.get(bike.id) ?? null,
    handover_date: handoverDate(row.decidedAt),
    price_dkk: row.priceDkk,
    seller_confirmed_at: row.sellerApprovedAt.toISOString(),
    buyer_confirmed_at: row.buyerApprovedAt.toISOString(),
  };
}

export const verificationUrl = (ctx: AppContext, transferId: string): string =>
  `${ctx.config.publicUrl}/api/bills-of-sale/${transferId}/verification`;

/**
 * The transfer with its bill of sale, made now if it is due and missing (right after the second
 * confirmation, or on the first download when that failed). Two callers at once may both write a file:
 * each under its own key, and the one whose conditional update loses removes its file again.
 */
export async function ensureBillOfSale(ctx: AppContext, transferId: string): Promise<TransferRow> {
  const row = await transferRow(ctx.db, transferId);
  if (!billOfSaleDue(row)) throw new AppError('bill_of_sale_not_found');
  if (row.billOfSaleKey && row.billOfSaleSha256) return row;
  const facts = await factsOf(ctx, row, new Date());
  const { privateKey, publicKeyText } = keysOf(ctx);
  const signature = sign(null, Buffer.from(canonicalJson(facts)), privateKey).toString('base64');
  const seller = await contactOf(ctx.db, row.fromPartyId);
  const pdf = await renderBillOfSale({
    facts,
    signature,
    publicKey: publicKeyText,
    verificationUrl: verificationUrl(ctx, row.id),
    language: seller?.language ?? 'da',
  });
  const key = `bills-of-sale/${row.id}/${randomUUID()}.pdf`;
  await ctx.storage.put(key, pdf, 'application/pdf');
  const [updated] = await ctx.db
    .update(ownershipTransfers)
    .set({ billOfSaleKey: key, billOfSaleSha256: sha256(pdf) })
    .where(and(eq(ownershipTransfers.id, row.id), isNull(ownershipTransfers.billOfSaleKey)))
    .returning();
  if (updated) return updated;
  await ctx.storage.delete(key).catch(() => undefined);
  return transferRow(ctx.db, row.id);
}

/** Makes the bill of sale after a commit without failing the request: a failure is retried on download. */
export async function ensureBillOfSaleQuietly(ctx: AppContext, transferId: string): Promise<void> {
  await ensureBillOfSale(ctx, transferId).catch((err) => ctx.log.warn({ err, transferId }, 'making the bill of sale failed; will retry'));
}

/** GET /ownership-transfers/{id}/bill-of-sale: the PDF, for the seller and the buyer only. */
export async function billOfSaleFile(ctx: AppContext, caller: Caller, transferId: string): Promise<{ body: Buffer; fileName: string }> {
  if (!isUuid(transferId)) throw new AppError('transfer_not_found');
  const seen = await transferRow(ctx.db, transferId);
  if (!(await sideOf(ctx.db, caller, seen))) throw new AppError('transfer_not_found');
  const row = await ensureBillOfSale(ctx, transferId);
  const file = row.billOfSaleKey ? await ctx.storage.get(row.billOfSaleKey) : null;
  if (!file) throw new AppError('bill_of_sale_not_found');
  return { body: file.body, fileName: `bill-of-sale-${row.id}.pdf` };
}

/** GET /bills-of-sale/{transferId}/verification (public): is this the genuine document? */
export async function verifyBillOfSale(ctx: AppContext, transferId: string): Promise<BillOfSaleVerification> {
  if (!isUuid(transferId)) throw new AppError('bill_of_sale_not_found');
  const [row] = await ctx.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId));
  if (!row?.billOfSaleKey || !row.billOfSaleSha256) throw new AppError('bill_of_sale_not_found');
  const file = await ctx.storage.get(row.billOfSaleKey);
  const read = file ? await readBillOfSale(file.body) : null;
  const intact = Boolean(file && sha256(file.body) === row.billOfSaleSha256);
  const signed = Boolean(read && verify(null, Buffer.from(read.canonical), keysOf(ctx).publicKey, Buffer.from(read.signature, 'base64')));
  return {
    valid: intact && signed && read?.facts.document_id === row.id,
    issued_at: read?.facts.issued_at ?? null,
    sha256: row.billOfSaleSha256,
    frame_number: read?.facts.frame_number ?? null,
    bikekey_id: read?.facts.bikekey_id ?? null,
    seller_confirmed_at: read?.facts.seller_confirmed_at ?? null,
    buyer_confirmed_at: read?.facts.buyer_confirmed_at ?? null,
  };
}
