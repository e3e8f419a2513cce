import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { maskCpr } from '../../domain/identity.js';
import {
  type BasketItem,
  type InsurancePurchase,
  type InsuranceQuote,
  isoToday,
  type purchaseRequestSchema,
  quoteBasket,
} from '../../domain/insurance-purchase.js';
import type { Language } from '../../domain/locale.js';
import type { Insurer } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { insurancePolicies, insurancePurchases, organisations } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { encryptField } from '../shared/secrets.js';
import { purchaseConfirmation } from './purchase-emails.js';

// The Danish insurance sign-up (§2 /forsikrings-indtegning, §3 Insurance purchase): every basket is priced here
// by the one rule (domain/insurance-purchase.ts), whatever the browser showed. An order names the register's
// partner insurer: the one a link named (?insurer=), else the register's first insurance company (the oldest;
// in the demo, Demo Forsikring A/S). In one transaction: the purchase (CPR sealed with encryptField, never
// answered back in full), for a signed-in buyer an active policy (source purchase) held by the party they act
// as, and the order confirmation in the mail outbox.

type PurchaseInput = z.output<typeof purchaseRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /insurance/purchases/quote: the basket's premiums, today. */
export function quotePurchase(items: readonly BasketItem[]): InsuranceQuote {
  return quoteBasket(items, isoToday());
}

/** The insurer named (an insurance company of the register, else 422 insurer_not_found), or the first one. */
async function partnerInsurer(db: Db, named: string | null | undefined): Promise<Insurer> {
  const insurer = { party_id: organisations.partyId, name: organisations.name };
  const isInsurer = eq(organisations.organisationType, 'insurance_company');
  const [row] = named
    ? UUID.test(named)
      ? await db
          .select(insurer)
          .from(organisations)
          .where(and(eq(organisations.partyId, named), isInsurer))
          .limit(1)
      : []
    : await db
        .select(insurer)
        .from(organisations)
        .where(isInsurer)
        .orderBy(asc(organisations.createdAt), asc(organisations.partyId))
        .limit(1);
  if (!row) throw new AppError('insurer_not_found', 'insurer_party_id');
  return row;
}

/** The insurer's policy number of a sign-up: DK- and 10 characters no one misreads (no 0/O, 1/I). */
function newPolicyNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `DK-${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** POST /insurance/purchases/: the order, a visitor's or a signed-in buyer's. */
export async function placePurchase(
  ctx: AppContext,
  caller: Caller | null,
  input: PurchaseInput,
  language: Language,
): Promise<InsurancePurchase> {
  const insurer = await partnerInsurer(ctx.db, input.insurer_party_id);
  const quote = quotePurchase(input.items);
  const { social_number, accept_terms: _accepted, ...checkout } = input.checkout;
  const coverages = [...new Set(input.items.map((item) => item.coverage))].sort();
  return ctx.db.transaction(async (tx) => {
    const [policy] = caller
      ? await tx
          .insert(insurancePolicies)
          .values({
            insurerPartyId: insurer.party_id,
            holderPartyId: caller.actingPartyId,
            insurerPolicyId: newPolicyNumber(),
            type: 'bike',
            // One coverage per bike; the policy names those it holds (basic, plus, or both).
            coverage: coverages.join(', '),
            numberOfBikes: input.items.length,
            status: 'active',
            source: 'purchase',
          })
          .returning({ id: insurancePolicies.id, insurer_policy_id: insurancePolicies.insurerPolicyId })
      : [];
    const basket = input.items.map((item, i) => ({ ...item, premiumOre: quote.items[i]?.premium_ore ?? 0 }));
    const [purchase] = await tx
      .insert(insurancePurchases)
      .values({
        partyId: caller?.actingPartyId ?? null,
        insurerPartyId: insurer.party_id,
        basket,
        checkout,
        cprEncrypted: encryptField(ctx.config.dataKey, social_number),
        premiumOre: quote.total_ore,
        policyId: policy?.id ?? null,
      })
      .returning({ id: insurancePurchases.id, createdAt: insurancePurchases.createdAt });
    if (!purchase) throw new Error('insurance purchase not stored');
    const mail = purchaseConfirmation(language, checkout.email, {
      insurer: insurer.name,
      items: input.items,
      quote,
      policyNumber: policy?.insurer_policy_id ?? null,
      appUrl: `${ctx.config.publicUrl}/app`,
    });
    await ctx.mailer.enqueue(tx, { ...mail, partyId: caller?.partyId ?? null });
    return {
      id: purchase.id,
      created_at: purchase.createdAt.toISOString(),
      insurer,
      items: input.items,
      quote,
      name: checkout.name,
      email: checkout.email,
      social_number_masked: maskCpr(social_number),
      policy: policy ?? null,
    };
  });
}
