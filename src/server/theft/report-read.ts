import { and, eq, isNull } from 'drizzle-orm';
import { maskCpr } from '../../domain/identity.js';
import type { StolenReport } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, organisations, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { BikeRow, OwnershipRow } from '../shared/bike-access.js';
import { decryptField } from '../shared/secrets.js';

// Reading a filed stolen report: only the owner it was filed under, while they still own the bike. A
// stranger, a later owner and a bike without a report all get the same 404 stolen_report_not_found, so
// nobody learns whether a bike they do not own was reported.

export type TheftReportRow = typeof theftReports.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OwnReport {
  report: TheftReportRow;
  bike: BikeRow;
  ownership: OwnershipRow;
  insurerName: string | null;
}

/** The report of the bike filed under the caller's current ownership of it, or 404. */
export async function ownReport(db: Db, caller: Caller, bikeId: string): Promise<OwnReport> {
  const [row] = UUID.test(bikeId)
    ? await db
        .select({ report: theftReports, bike: bikes, ownership: bikeOwnerships, insurerName: organisations.name })
        .from(theftReports)
        .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
        .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, theftReports.ownershipId), isNull(bikeOwnerships.endedAt)))
        .leftJoin(organisations, eq(organisations.partyId, theftReports.insurerPartyId))
        .where(and(eq(theftReports.bikeId, bikeId), isNull(theftReports.foundAt), eq(bikeOwnerships.partyId, caller.actingPartyId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('stolen_report_not_found');
  return row;
}

export const policeReportPath = (bikeId: string) => `/api/bikes/${bikeId}/stolen-report/police-report.pdf`;

/** A date-time as the wizard writes them back (UTC ISO). */
const iso = (d: Date) => d.toISOString();

export function toStolenReport(ctx: AppContext, { report, insurerName }: OwnReport): StolenReport {
  const cpr = decryptField(ctx.config.dataKey, report.cprEncrypted);
  return {
    id: report.id,
    bike_id: report.bikeId,
    reported_at: iso(report.createdAt),
    first_name: report.firstName,
    last_name: report.lastName,
    email: report.email,
    street_address: report.streetAddress,
    city: report.city,
    zip_code: report.zipCode,
    mobile: report.mobile,
    telephone: report.telephone,
    floor: report.floor,
    side: report.side,
    door: report.door,
    cpr_number_masked: cpr ? maskCpr(cpr) : '',
    frame_number: report.frameNumber,
    bike_category: report.bikeCategory,
    is_electric: report.isElectric,
    bike_color: report.bikeColor,
    lock_status: report.lockStatus,
    battery_location: report.batteryLocation,
    time_last_seen: iso(report.timeLastSeen),
    noted_time: iso(report.notedTime),
    place: report.place,
    latitude: report.latitude,
    longitude: report.longitude,
    location_id: report.locationId,
    isCulpritKnown: report.isCulpritKnown,
    isCulpritRecognizable: report.isCulpritRecognizable,
    culprit_info: report.culpritInfo,
    hasWitness: report.hasWitness,
    witnesses: report.witnesses,
    isInsured: report.isInsured,
    insurance_company: report.insurerPartyId && insurerName ? { party_id: report.insurerPartyId, name: insurerName } : null,
    insurance_company_other: report.otherInsurerName,
    bike_price: report.bikePrice,
    policeReportRequested: report.policeReportRequested,
    shared_with_insurer_at: report.sharedWithInsurerAt ? iso(report.sharedWithInsurerAt) : null,
    police_report_url: policeReportPath(report.bikeId),
  };
}

/** GET /bikes/{bikeId}/stolen-report. */
export async function stolenReportOfCaller(ctx: AppContext, caller: Caller, bikeId: string): Promise<StolenReport> {
  return toStolenReport(ctx, await ownReport(ctx.db, caller, bikeId));
}
