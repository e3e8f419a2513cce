import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AlarmReportAnswers, AlarmReportOutcome, DockAlarm } from '../../domain/docks-alarms.js';
import type { Language } from '../../domain/locale.js';
import { reportProblems, type StolenReportDraft, type StolenReportInput, THEFT_TIME_ZONE } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  bikeOwnerships,
  bikes,
  dockAlarms,
  docks,
  identities,
  insurancePolicies,
  insuredItems,
  locks,
  theftReports,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { categoryOf, colorOf } from '../shared/bike-mapping.js';
import { bikeLabel } from '../shared/bike-words.js';
import { fileStolenReport } from '../theft/report-service.js';

// The alarm's one-tap stolen report (issue 16). lock-core stores a dock_alarm when a lock holding a bike raises
// tamper (party: the occupant, bike: theirs). Its party sees it here and reports the bike stolen in one tap: the
// report is filled from their profile (as the wizard fills it), the bike, the dock's exact place and address, and the
// alarm's time. What none of these can know (whether the bike is insured, its price) is asked back once
// (`needs_answers`, with the draft for the wizard); then it is filed through the theft area's own service, so the
// report is a real one (bike marked stolen, map, mail …). A second tap answers the same report.

const alarmColumns = {
  alarm: dockAlarms,
  dockId: docks.id,
  dockName: docks.name,
  dockAddress: docks.address,
  latitude: docks.latitude,
  longitude: docks.longitude,
  lockLabel: locks.label,
  bike: bikes,
};

async function alarmsOf(db: Db, partyId: string, alarmId?: string) {
  return db
    .select(alarmColumns)
    .from(dockAlarms)
    .innerJoin(locks, eq(locks.id, dockAlarms.lockId))
    .innerJoin(docks, eq(docks.id, locks.dockId))
    .leftJoin(bikes, eq(bikes.id, dockAlarms.bikeId))
    .where(and(eq(dockAlarms.partyId, partyId), alarmId ? eq(dockAlarms.id, alarmId) : undefined))
    .orderBy(desc(dockAlarms.raisedAt));
}

type AlarmRow = Awaited<ReturnType<typeof alarmsOf>>[number];

function toDockAlarm(row: AlarmRow, language: Language): DockAlarm {
  return {
    id: row.alarm.id,
    dock_id: row.dockId,
    dock_name: row.dockName,
    dock_address: row.dockAddress,
    lock_id: row.alarm.lockId,
    lock_label: row.lockLabel,
    bike_id: row.alarm.bikeId,
    bike_label: row.bike ? bikeLabel(language, row.bike) : null,
    raised_at: row.alarm.raisedAt.toISOString(),
    theft_report_id: row.alarm.theftReportId,
  };
}

/** GET /api/docks/alarms/: the caller's open alarms (neither dismissed nor reported), newest first. */
export async function listMyAlarms(ctx: AppContext, caller: Caller): Promise<DockAlarm[]> {
  const rows = await alarmsOf(ctx.db, caller.actingPartyId);
  return rows.filter((r) => r.alarm.dismissedAt === null && r.alarm.theftReportId === null).map((r) => toDockAlarm(r, caller.language));
}

/** The caller's own alarm; anyone else's is not found. */
async function ownAlarm(db: Db, caller: Caller, alarmId: string): Promise<AlarmRow> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [row] = UUID.test(alarmId) ? await alarmsOf(db, caller.actingPartyId, alarmId) : [];
  if (!row) throw new AppError('dock_alarm_not_found');
  return row;
}

export async function dismissAlarm(ctx: AppContext, caller: Caller, alarmId: string): Promise<void> {
  const row = await ownAlarm(ctx.db, caller, alarmId);
  await ctx.db
    .update(dockAlarms)
    .set({ dismissedAt: new Date() })
    .where(and(eq(dockAlarms.id, row.alarm.id), isNull(dockAlarms.dismissedAt)));
}

/**
 * What the tap knows: the profile (as the wizard fills it), the bike, the dock's place and the alarm's time; the price
 * the owner gave the bike, and its insurer when a policy of theirs in the register covers it (insured elsewhere or
 * not at all, the register cannot tell: that is asked).
 */
async function prefilledDraft(db: Db, caller: Caller, row: AlarmRow): Promise<StolenReportDraft> {
  const [me] = await db.select().from(identities).where(eq(identities.partyId, caller.partyId));
  const bike = row.bike;
  const [ownership] = bike
    ? await db
        .select({ price: bikeOwnerships.normalPriceDkk })
        .from(bikeOwnerships)
        .where(and(eq(bikeOwnerships.bikeId, bike.id), eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt)))
    : [];
  const [policy] = bike
    ? await db
        .select({ insurer: insurancePolicies.insurerPartyId })
        .from(insuredItems)
        .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
        .where(
          and(
            eq(insuredItems.bikeId, bike.id),
            eq(insurancePolicies.holderPartyId, caller.actingPartyId),
            eq(insurancePolicies.status, 'active'),
          ),
        )
        .limit(1)
    : [];
  const at = row.alarm.raisedAt.toISOString();
  const text = (v: string | null | undefined) => v ?? '';
  return {
    bike_id: bike?.id ?? null,
    first_name: text(me?.firstName),
    last_name: text(me?.lastName),
    email: text(me?.email),
    street_address: text(me?.street),
    city: text(me?.city),
    zip_code: text(me?.zipCode),
    mobile: text(me?.mobile),
    telephone: text(me?.phone),
    floor: text(me?.floor),
    side: text(me?.side),
    door: text(me?.door),
    frame_number: text(bike?.frameNumber),
    bike_category: categoryOf(bike?.categoryId ?? null),
    is_electric: bike?.isElectric ?? null,
    bike_color: colorOf(bike?.colorId ?? null),
    bike_price: ownership?.price ?? null,
    ...(policy ? { isInsured: true, insurance_company: policy.insurer } : {}),
    // It was locked in the dock's lock (a fixed object) when the lock raised the alarm; nobody saw who did it.
    lock_status: 'locked_to_object',
    time_last_seen: at,
    noted_time: at,
    place: `${row.dockName}, ${row.dockAddress}`.slice(0, 200),
    latitude: row.latitude,
    longitude: row.longitude,
    isCulpritKnown: false,
    isCulpritRecognizable: false,
    hasWitness: false,
    policeReportRequested: false,
  };
}

const withoutEmpty = (answers: AlarmReportAnswers): Partial<StolenReportDraft> =>
  Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<StolenReportDraft>;

/**
 * POST /api/docks/alarms/{alarmId}/stolen-report: files the report, or answers the questions left. Idempotent: an
 * alarm already reported (or a bike already reported stolen) answers that report.
 */
export async function reportAlarmStolen(
  ctx: AppContext,
  caller: Caller,
  alarmId: string,
  answers: AlarmReportAnswers | null | undefined,
): Promise<AlarmReportOutcome> {
  const row = await ownAlarm(ctx.db, caller, alarmId);
  const filed = (bikeId: string, theftReportId: string): AlarmReportOutcome => ({
    status: 'filed',
    alarm_id: row.alarm.id,
    bike_id: bikeId,
    theft_report_id: theftReportId,
  });
  if (!row.bike) throw new AppError('bike_not_found');
  const bikeId = row.bike.id;
  if (row.alarm.theftReportId) return filed(bikeId, row.alarm.theftReportId);
  // Already reported stolen (by the wizard, or another alarm of the same theft): that report is this alarm's.
  const existing = row.bike.reportedStolen ? await reportOfBike(ctx.db, bikeId) : null;
  if (existing) return linked(ctx, row.alarm.id, bikeId, existing, filed);

  const draft: StolenReportDraft = { ...(await prefilledDraft(ctx.db, caller, row)), ...withoutEmpty(answers ?? {}) };
  const [me] = await ctx.db.select({ cpr: identities.cprEncrypted }).from(identities).where(eq(identities.partyId, caller.partyId));
  const problems = reportProblems(draft, {
    profileHasCpr: Boolean(me?.cpr),
    language: caller.language,
    now: new Date(),
    timeZone: THEFT_TIME_ZONE,
  });
  if (problems.length > 0) return { status: 'needs_answers', alarm_id: row.alarm.id, draft: { ...draft }, problems };

  try {
    await fileStolenReport(ctx, caller, { ...draft, bike_id: bikeId } as StolenReportInput, caller.language);
  } catch (err) {
    // Reported meanwhile (a double tap): the other tap's report is this one's too.
    if (!(err instanceof AppError && err.code === 'bike_already_reported_stolen')) throw err;
  }
  const report = await reportOfBike(ctx.db, bikeId);
  if (!report) throw new AppError('bike_not_found');
  return linked(ctx, row.alarm.id, bikeId, report, filed);
}

async function reportOfBike(db: Db, bikeId: string): Promise<string | null> {
  const [report] = await db.select({ id: theftReports.id }).from(theftReports).where(eq(theftReports.bikeId, bikeId));
  return report?.id ?? null;
}

async function linked(
  ctx: AppContext,
  alarmId: string,
  bikeId: string,
  reportId: string,
  filed: (bikeId: string, reportId: string) => AlarmReportOutcome,
): Promise<AlarmReportOutcome> {
  await ctx.db.update(dockAlarms).set({ theftReportId: reportId }).where(eq(dockAlarms.id, alarmId));
  return filed(bikeId, reportId);
}
