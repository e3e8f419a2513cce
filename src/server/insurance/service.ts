import { and, count, desc, eq, getTableColumns, isNotNull } from 'drizzle-orm';
import type { InsurerReport, InsurerReportSummary, InsurerReportsAnswer } from '../../domain/insurance.js';
import { INSURER_REPORTS_PAGE_SIZE } from '../../domain/insurance.js';
import { areaOfPlace } from '../../domain/stolen-map.js';
import type { Insurer } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, organisationMembers, organisations, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { brandNameOf } from '../shared/bike-words.js';

// The insurance company's area (§2 /insurance/{insurerPartyId}/admin): the stolen reports shared with the
// company, read-only, for its members. A party that is not an insurance company of the register is not found
// (404, also an id that is no UUID); a signed-in person who is not a member is refused (403 forbidden) — the
// insurers are no secret (GET /insurers/ lists them), their reports are. The personal ID number is never read.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The insurance company of the register with this party id (else 404 not_found, also for an id that is no UUID), and
 * whether the caller (the person, whoever they act as) is one of its members.
 */
export async function insurerWithMembership(
  db: Db,
  caller: Caller,
  insurerPartyId: string,
): Promise<{ insurer: Insurer; member: boolean }> {
  const [row] = UUID.test(insurerPartyId)
    ? await db
        .select({ party_id: organisations.partyId, name: organisations.name, member: organisationMembers.identityPartyId })
        .from(organisations)
        .leftJoin(
          organisationMembers,
          and(eq(organisationMembers.organisationPartyId, organisations.partyId), eq(organisationMembers.identityPartyId, caller.partyId)),
        )
        .where(and(eq(organisations.partyId, insurerPartyId), eq(organisations.organisationType, 'insurance_company')))
        .limit(1)
    : [];
  if (!row) throw new AppError('not_found');
  return { insurer: { party_id: row.party_id, name: row.name }, member: row.member !== null };
}

/** The insurer, when the caller (the person, whoever they act as) is one of its members; else 404 or 403. */
async function insurerOfMember(db: Db, caller: Caller, insurerPartyId: string): Promise<Insurer> {
  const { insurer, member } = await insurerWithMembership(db, caller, insurerPartyId);
  if (!member) throw new AppError('forbidden');
  return insurer;
}

/** Every column of the report but the sealed personal ID number, which the insurer's area never reads. */
const { cprEncrypted: _sealed, ...reportColumns } = getTableColumns(theftReports);
const columns = {
  report: reportColumns,
  brandId: bikes.brandId,
  brandName: bikes.brandName,
  model: bikes.model,
  stolen: bikes.reportedStolen,
};
type Row = {
  report: Omit<typeof theftReports.$inferSelect, 'cprEncrypted'>;
  brandId: string | null;
  brandName: string | null;
  model: string | null;
  stolen: boolean;
};

const sharedWith = (insurerPartyId: string) =>
  and(eq(theftReports.insurerPartyId, insurerPartyId), isNotNull(theftReports.sharedWithInsurerAt));

function toSummary({ report, brandId, brandName, model, stolen }: Row): InsurerReportSummary {
  return {
    id: report.id,
    bike_id: report.bikeId,
    reported_at: report.createdAt.toISOString(),
    shared_at: (report.sharedWithInsurerAt ?? report.createdAt).toISOString(),
    stolen_at: report.notedTime.toISOString(),
    stolen_area: areaOfPlace(report.place),
    region: report.region,
    status: stolen ? 'stolen' : 'found',
    brand: brandNameOf({ brandId, brandName }),
    model,
    frame_number: report.frameNumber,
    bike_color: report.bikeColor,
    bike_category: report.bikeCategory,
    is_electric: report.isElectric,
    bike_price: report.bikePrice,
    owner: {
      first_name: report.firstName,
      last_name: report.lastName,
      email: report.email,
      mobile: report.mobile,
      telephone: report.telephone,
    },
  };
}

/** GET /insurance/{insurerPartyId}/stolen-reports/: newest first, a page at a time. */
export async function listInsurerReports(
  ctx: AppContext,
  caller: Caller,
  insurerPartyId: string,
  offset: number,
): Promise<InsurerReportsAnswer> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(theftReports)
      .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
      .where(sharedWith(insurer.party_id))
      .orderBy(desc(theftReports.createdAt), desc(theftReports.id))
      .limit(INSURER_REPORTS_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(theftReports).where(sharedWith(insurer.party_id)),
  ]);
  const n = total?.n ?? 0;
  return {
    insurer,
    items: rows.map(toSummary),
    total: n,
    next_offset: offset + rows.length < n && rows.length > 0 ? offset + rows.length : null,
  };
}

/** GET /insurance/{insurerPartyId}/stolen-reports/{reportId}: one shared report; another's is not found. */
export async function readInsurerReport(ctx: AppContext, caller: Caller, insurerPartyId: string, reportId: string): Promise<InsurerReport> {
  const insurer = await insurerOfMember(ctx.db, caller, insurerPartyId);
  const [row] = UUID.test(reportId)
    ? await ctx.db
        .select(columns)
        .from(theftReports)
        .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
        .where(and(eq(theftReports.id, reportId), sharedWith(insurer.party_id)))
        .limit(1)
    : [];
  if (!row) throw new AppError('stolen_report_not_found');
  const { report } = row;
  const summary = toSummary(row);
  return {
    ...summary,
    insurer,
    owner: {
      ...summary.owner,
      street_address: report.streetAddress,
      zip_code: report.zipCode,
      city: report.city,
      floor: report.floor,
      side: report.side,
      door: report.door,
    },
    time_last_seen: report.timeLastSeen.toISOString(),
    place: report.place,
    latitude: report.latitude,
    longitude: report.longitude,
    lock_status: report.lockStatus,
    battery_location: report.batteryLocation,
    is_culprit_known: report.isCulpritKnown,
    is_culprit_recognizable: report.isCulpritRecognizable,
    culprit_info: report.culpritInfo,
    has_witness: report.hasWitness,
    witnesses: report.witnesses,
    police_report_requested: report.policeReportRequested,
  };
}
