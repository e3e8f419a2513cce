import { and, count, desc, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import type { ClaimSummary, ClaimsAnswer, ClaimsQuery } from '../../domain/insurance.js';
import { CLAIMS_PAGE_SIZE } from '../../domain/insurance.js';
import type { Db } from '../db/client.js';
import { bikes, insuranceClaims, organisations, theftReports } from '../db/schema.js';
import { brandNameOf } from '../shared/bike-words.js';

// Reading claims: one query shape for the insurer's list, the owner's own list and an insured bike's claims. A
// claim is shown with its stolen report (kept, marked found, when the bike turns up); the personal ID number is
// never read here.

export const summaryColumns = {
  claim: insuranceClaims,
  insurerName: organisations.name,
  reportId: theftReports.id,
  notedTime: theftReports.notedTime,
  foundAt: theftReports.foundAt,
  region: theftReports.region,
  frameNumber: theftReports.frameNumber,
  bikePrice: theftReports.bikePrice,
  firstName: theftReports.firstName,
  lastName: theftReports.lastName,
  email: theftReports.email,
  mobile: theftReports.mobile,
  telephone: theftReports.telephone,
  brandId: bikes.brandId,
  brandName: bikes.brandName,
  model: bikes.model,
};

export type SummaryRow = {
  claim: typeof insuranceClaims.$inferSelect;
  insurerName: string;
  reportId: string;
  notedTime: Date;
  foundAt: Date | null;
  region: 'dk' | 'no';
  frameNumber: string;
  bikePrice: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  telephone: string | null;
  brandId: string | null;
  brandName: string | null;
  model: string | null;
};

/** Claims with their report, bike and insurer, filtered by `where`. */
export function claimsWith(db: Db, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(insuranceClaims)
    .innerJoin(theftReports, eq(theftReports.id, insuranceClaims.theftReportId))
    .innerJoin(organisations, eq(organisations.partyId, insuranceClaims.insurerPartyId))
    .leftJoin(bikes, eq(bikes.id, insuranceClaims.bikeId))
    .where(where);
}

export function toClaimSummary(row: SummaryRow): ClaimSummary {
  const { claim } = row;
  return {
    id: claim.id,
    status: claim.status,
    created_at: claim.createdAt.toISOString(),
    updated_at: claim.updatedAt.toISOString(),
    insurer: { party_id: claim.insurerPartyId, name: row.insurerName },
    report_id: row.reportId,
    bike_id: claim.bikeId,
    stolen_at: row.notedTime.toISOString(),
    report_status: row.foundAt ? 'found' : 'stolen',
    region: row.region,
    brand: brandNameOf(row),
    model: row.model,
    frame_number: row.frameNumber,
    bike_price: row.bikePrice,
    owner: { first_name: row.firstName, last_name: row.lastName, email: row.email, mobile: row.mobile, telephone: row.telephone },
    ownership_transfer_agreed: claim.ownershipTransferAgreed,
    rejection_reason: claim.status === 'rejected' ? claim.rejectionReason : null,
  };
}

/** The day after an ISO date, for an inclusive "to". */
function dayAfter(date: string): Date {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * The list's filters on top of `base`: state, bike, arrival dates, and text (part of the frame number or the owner's
 * name, in the claim's own search text: schema.ts insuranceClaims.searchText).
 */
function filtered(base: SQL, query: ClaimsQuery): SQL | undefined {
  const q = query.q?.trim().toLowerCase();
  return and(
    base,
    query.status ? eq(insuranceClaims.status, query.status) : undefined,
    query.bike_id ? eq(insuranceClaims.bikeId, query.bike_id) : undefined,
    query.from ? gte(insuranceClaims.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(insuranceClaims.createdAt, dayAfter(query.to)) : undefined,
    q ? like(insuranceClaims.searchText, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
}

/**
 * A page of claims, newest first, with the total the filters match: the page's ids and the count read side by side
 * from the insurer's claims alone (never the reports); only those 20 are then read whole.
 */
export async function pageOfClaims(db: Db, base: SQL, query: ClaimsQuery): Promise<ClaimsAnswer> {
  const where = filtered(base, query);
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: insuranceClaims.id })
      .from(insuranceClaims)
      .where(where)
      .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
      .limit(CLAIMS_PAGE_SIZE)
      .offset(query.offset),
    db.select({ n: count() }).from(insuranceClaims).where(where),
  ]);
  const total = counted?.n ?? 0;
  const order = page.map((p) => p.id);
  const rows = order.length > 0 ? await claimsWith(db, inArray(insuranceClaims.id, order)) : [];
  rows.sort((a, b) => order.indexOf(a.claim.id) - order.indexOf(b.claim.id));
  return {
    items: rows.map(toClaimSummary),
    total,
    next_offset: query.offset + rows.length < total && rows.length > 0 ? query.offset + rows.length : null,
  };
}
