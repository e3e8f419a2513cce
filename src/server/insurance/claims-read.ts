import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
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
  };
}

/** The day after an ISO date, for an inclusive "to". */
function dayAfter(date: string): Date {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The list's filters (state, arrival dates, text on the frame number or the owner's name) on top of `base`. */
function filtered(base: SQL, query: ClaimsQuery): SQL | undefined {
  const text = query.q?.trim();
  const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    base,
    query.status ? eq(insuranceClaims.status, query.status) : undefined,
    query.from ? gte(insuranceClaims.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(insuranceClaims.createdAt, dayAfter(query.to)) : undefined,
    like
      ? or(ilike(theftReports.frameNumber, like), ilike(sql`${theftReports.firstName} || ' ' || ${theftReports.lastName}`, like))
      : undefined,
  );
}

/** A page of claims, newest first, with the total the filters match. */
export async function pageOfClaims(db: Db, base: SQL, query: ClaimsQuery): Promise<ClaimsAnswer> {
  const where = filtered(base, query);
  const [rows, [total]] = await Promise.all([
    claimsWith(db, where).orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id)).limit(CLAIMS_PAGE_SIZE).offset(query.offset),
    db
      .select({ n: count() })
      .from(insuranceClaims)
      .innerJoin(theftReports, eq(theftReports.id, insuranceClaims.theftReportId))
      .where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(toClaimSummary),
    total: n,
    next_offset: query.offset + rows.length < n && rows.length > 0 ? query.offset + rows.length : null,
  };
}
