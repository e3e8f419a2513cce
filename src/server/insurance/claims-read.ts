import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
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

/** What the list's text filter searches: the frame number and the owner's name, as the trigram index holds them (schema.ts). */
const claimSearchText = sql`lower(${theftReports.frameNumber} || ' ' || ${theftReports.firstName} || ' ' || ${theftReports.lastName})`;

/** The list's filters (state, arrival dates) on top of `base`; the text filter, which needs the report, apart. */
function filtered(base: SQL, query: ClaimsQuery): { where: SQL | undefined; text: SQL | undefined } {
  const q = query.q?.trim().toLowerCase();
  return {
    where: and(
      base,
      query.status ? eq(insuranceClaims.status, query.status) : undefined,
      query.bike_id ? eq(insuranceClaims.bikeId, query.bike_id) : undefined,
      query.from ? gte(insuranceClaims.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(insuranceClaims.createdAt, dayAfter(query.to)) : undefined,
    ),
    text: q ? sql`${claimSearchText} like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  };
}

/**
 * A page of claims, newest first, with the total the filters match. The page's ids come from the claims' index
 * alone (the report joined only for a text filter); only those 20 are then read whole.
 */
export async function pageOfClaims(db: Db, base: SQL, query: ClaimsQuery): Promise<ClaimsAnswer> {
  const { where, text } = filtered(base, query);
  let page: { id: string }[];
  let total: number;
  if (text) {
    // A text filter reads the reports: once, with the total as a window count over the matches.
    const rows = await db
      .select({ id: insuranceClaims.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(insuranceClaims)
      .innerJoin(theftReports, eq(theftReports.id, insuranceClaims.theftReportId))
      .where(and(where, text))
      .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
      .limit(CLAIMS_PAGE_SIZE)
      .offset(query.offset);
    page = rows;
    total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.offset > 0) {
      const [counted] = await db
        .select({ n: count() })
        .from(insuranceClaims)
        .innerJoin(theftReports, eq(theftReports.id, insuranceClaims.theftReportId))
        .where(and(where, text));
      total = counted?.n ?? 0;
    }
  } else {
    // Without one, the page is a walk down the claims' index and the count an index-only scan, side by side.
    const [rows, [counted]] = await Promise.all([
      db
        .select({ id: insuranceClaims.id })
        .from(insuranceClaims)
        .where(where)
        .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
        .limit(CLAIMS_PAGE_SIZE)
        .offset(query.offset),
      db.select({ n: count() }).from(insuranceClaims).where(where),
    ]);
    page = rows;
    total = counted?.n ?? 0;
  }
  const order = page.map((p) => p.id);
  const rows = order.length > 0 ? await claimsWith(db, inArray(insuranceClaims.id, order)) : [];
  rows.sort((a, b) => order.indexOf(a.claim.id) - order.indexOf(b.claim.id));
  return {
    items: rows.map(toClaimSummary),
    total,
    next_offset: query.offset + rows.length < total && rows.length > 0 ? query.offset + rows.length : null,
  };
}
