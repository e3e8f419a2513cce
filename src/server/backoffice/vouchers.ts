import { randomInt } from 'node:crypto';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateVoucherBatch, VoucherBatch, VoucherBatchDetail } from '../../domain/backoffice-orgs.js';
import { VOUCHER_BATCHES_PAGE_SIZE } from '../../domain/backoffice-orgs.js';
import type { AppContext } from '../context.js';
import {
  bikeCredits,
  bikeOwnerships,
  bikes,
  identities,
  organisations,
  voucherBatches,
  voucherRedemptions,
  vouchers,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';
import { createVoucher } from '../webshop/service.js';

// Voucher batches for staff (issue 14): a number of single-use codes, each giving the same credits of a plan until an
// expiry date, made through the webshop's createVoucher (the one way a voucher is made: the seed and
// `npm run vouchers` use it too), and who redeemed which code, when, and on which bikes its credits went.

/** Letters and digits that cannot be mistaken for each other when read off paper (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function randomCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** A code works through its last day, to the end of that day in UTC. */
function endOfDay(isoDate: string): Date {
  return new Date(`${isoDate}T23:59:59.999Z`);
}

/** POST /backoffice/voucher-batches: the batch and its codes, in one transaction with its audit entry. */
export async function createVoucherBatch(ctx: AppContext, caller: Caller, input: CreateVoucherBatch, now = new Date()): Promise<string> {
  const lastDay = input.expires_on;
  const expiresAt = lastDay ? endOfDay(lastDay) : null;
  if (lastDay && expiresAt && Number.isNaN(expiresAt.getTime())) throw new AppError('field_invalid', 'expires_on');
  if (lastDay && lastDay <= now.toISOString().slice(0, 10)) throw new AppError('expiry_not_future', 'expires_on');
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        label: input.label,
        count: input.count,
        credits: input.credits,
        planType: input.plan_type,
        expiresAt,
        createdByPartyId: caller.switchedBy?.partyId ?? caller.partyId,
      })
      .returning({ id: voucherBatches.id });
    if (!batch) throw new Error('batch insert returned nothing');
    let made = 0;
    while (made < input.count) {
      // A code already taken (31^10 codes: rare) is simply drawn again.
      const created = await createVoucher(tx, {
        code: randomCode(),
        credits: input.credits,
        maxRedemptions: 1,
        expiresAt,
        planType: input.plan_type,
        batchId: batch.id,
      });
      if (created) made += 1;
    }
    await auditStaffChange(tx, caller, {
      action: 'voucher.batch_create',
      record: { type: 'voucher_batch', id: batch.id },
      before: null,
      after: {
        label: input.label,
        count: input.count,
        credits: input.credits,
        plan_type: input.plan_type,
        expires_on: input.expires_on ?? null,
      },
    });
    return batch.id;
  });
}

const redeemedCount = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.batchId} = ${voucherBatches.id} and ${vouchers.redemptions} > 0)`;

const batchColumns = {
  id: voucherBatches.id,
  label: voucherBatches.label,
  count: voucherBatches.count,
  credits: voucherBatches.credits,
  planType: voucherBatches.planType,
  expiresAt: voucherBatches.expiresAt,
  createdAt: voucherBatches.createdAt,
  createdByEmail: identities.email,
  redeemed: redeemedCount,
};

interface BatchRow {
  id: string;
  label: string;
  count: number;
  credits: number;
  planType: VoucherBatch['plan_type'];
  expiresAt: Date | null;
  createdAt: Date;
  createdByEmail: string | null;
  redeemed: number;
}

function toBatch(row: BatchRow): VoucherBatch {
  return {
    id: row.id,
    label: row.label,
    count: row.count,
    credits: row.credits,
    plan_type: row.planType,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    created_by_email: row.createdByEmail,
    redeemed: Number(row.redeemed),
  };
}

/** GET /backoffice/voucher-batches?offset= : newest first, with how many codes were redeemed. */
export async function listVoucherBatches(ctx: AppContext, offset: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(batchColumns)
      .from(voucherBatches)
      .leftJoin(identities, eq(identities.partyId, voucherBatches.createdByPartyId))
      .orderBy(desc(voucherBatches.createdAt), desc(voucherBatches.id))
      .limit(VOUCHER_BATCHES_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(voucherBatches),
  ]);
  return { items: rows.map(toBatch), total: total?.n ?? 0, offset, page_size: VOUCHER_BATCHES_PAGE_SIZE };
}

/** GET /backoffice/voucher-batches/{id}: the batch, its codes, and who redeemed which, when, on which bikes. */
export async function readVoucherBatch(ctx: AppContext, batchId: string): Promise<VoucherBatchDetail> {
  const [row] = isUuid(batchId)
    ? await ctx.db
        .select(batchColumns)
        .from(voucherBatches)
        .leftJoin(identities, eq(identities.partyId, voucherBatches.createdByPartyId))
        .where(eq(voucherBatches.id, batchId))
    : [];
  if (!row) throw new AppError('voucher_batch_not_found');
  const codes = await ctx.db
    .select({ code: vouchers.code, redemptions: vouchers.redemptions })
    .from(vouchers)
    .where(eq(vouchers.batchId, batchId))
    .orderBy(asc(vouchers.code));
  const redemptions = await ctx.db
    .select({
      code: voucherRedemptions.code,
      partyId: voucherRedemptions.partyId,
      email: identities.email,
      organisation: organisations.name,
      redeemedAt: voucherRedemptions.createdAt,
    })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.code, voucherRedemptions.code))
    .leftJoin(identities, eq(identities.partyId, voucherRedemptions.partyId))
    .leftJoin(organisations, eq(organisations.partyId, voucherRedemptions.partyId))
    .where(eq(vouchers.batchId, batchId))
    .orderBy(desc(voucherRedemptions.createdAt));
  const used =
    redemptions.length === 0
      ? []
      : await ctx.db
          .select({ code: bikeCredits.voucherCode, bikeId: bikes.id, frameNumber: bikes.frameNumber })
          .from(bikeCredits)
          .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, bikeCredits.bikeOwnershipId))
          .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
          .where(
            inArray(
              bikeCredits.voucherCode,
              redemptions.map((r) => r.code),
            ),
          );
  return {
    ...toBatch(row),
    codes: codes.map((c) => ({ code: c.code, redeemed: c.redemptions > 0 })),
    redemptions: redemptions.map((r) => ({
      code: r.code,
      party_id: r.partyId,
      who: r.email ?? r.organisation,
      organisation: r.organisation !== null,
      redeemed_at: r.redeemedAt.toISOString(),
      bikes: used.filter((u) => u.code === r.code).map((u) => ({ bike_id: u.bikeId, frame_number: u.frameNumber })),
    })),
  };
}
