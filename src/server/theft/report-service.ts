import { and, eq } from 'drizzle-orm';
import { cprSchema } from '../../domain/identity.js';
import type { Language } from '../../domain/locale.js';
import {
  type BatteryLocation,
  type LockStatus,
  OTHER_INSURER,
  parseTheftTime,
  priceOf,
  publicLocation,
  regionOfPoint,
  reportProblems,
  type StolenReport,
  type StolenReportDraft,
  type StolenReportInput,
  THEFT_TIME_ZONE,
  type TheftProblem,
} from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bikes, identities, insuranceClaimEvents, insuranceClaims, organisations, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppFieldErrors } from '../http/errors.js';
import { contactOf } from '../ownership/parties.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { decryptField, encryptField } from '../shared/secrets.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';
import { theftEmails } from './emails.js';
import { stolenReportOfCaller } from './report-read.js';
import { cancelPendingTransfers, revokeLiveSalesLinks } from './side-effects.js';

// Filing a stolen report (§2 send-report, §3 Stolen report draft, §5): the owner's report is checked as a
// whole (every problem at once, 422), then in ONE transaction the report is stored, the bike is marked
// stolen (shown to everyone from then on), the history records it, what a stolen bike must not have
// (a pending transfer, live sales links) ends, the stolen map learns of it, and the owner gets a mail. A report
// shared with an insurer of the register becomes that insurer's claim in the same transaction.

/** The CPR number on the caller's profile, in clear; null when there is none (or it cannot be read). */
async function profileCpr(ctx: AppContext, tx: Db, partyId: string): Promise<string | null> {
  const [identity] = await tx.select({ cpr: identities.cprEncrypted }).from(identities).where(eq(identities.partyId, partyId));
  return identity?.cpr ? decryptField(ctx.config.dataKey, identity.cpr) : null;
}

async function isInsurer(tx: Db, partyId: string): Promise<boolean> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(partyId)) return false;
  const [row] = await tx
    .select({ id: organisations.partyId })
    .from(organisations)
    .where(and(eq(organisations.partyId, partyId), eq(organisations.organisationType, 'insurance_company')));
  return Boolean(row);
}

/** The input as a draft for the shared rules: null (the JSON way of "left empty") is simply not given. */
function draftOf(input: StolenReportInput): StolenReportDraft {
  const { unlockedSteps: _ignored, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as StolenReportDraft;
}

const text = (v: string | null | undefined) => (v ? v.trim() : '');
const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** POST /stolen-reports/: 201 with the filed report; 404 bike_not_found, 409 bike_already_reported_stolen, 422 per problem. */
export async function fileStolenReport(
  ctx: AppContext,
  caller: Caller,
  input: StolenReportInput,
  language: Language,
): Promise<StolenReport> {
  const now = new Date();
  const bikeId = await ctx.db
    .transaction(async (tx) => {
      const { bike, ownership } = await bikeOfCaller(tx, caller, input.bike_id);
      // Lock the bike so two reports of it cannot both pass the check below.
      await tx.select({ id: bikes.id }).from(bikes).where(eq(bikes.id, bike.id)).for('update');
      const [current] = await tx.select({ stolen: bikes.reportedStolen }).from(bikes).where(eq(bikes.id, bike.id));
      if (current?.stolen) throw new AppError('bike_already_reported_stolen');

      const storedCpr = await profileCpr(ctx, tx, caller.partyId);
      const problems: TheftProblem[] = reportProblems(draftOf(input), {
        profileHasCpr: storedCpr !== null,
        language,
        now,
        timeZone: THEFT_TIME_ZONE,
      });
      const chosenInsurer = input.isInsured === true ? orNull(input.insurance_company) : null;
      // "Other": an insurer outside the register, kept by name; no insurer of the register gets the report.
      const otherInsurer = chosenInsurer === OTHER_INSURER ? orNull(input.insurance_company_other) : null;
      const insurer = chosenInsurer === OTHER_INSURER ? null : chosenInsurer;
      const problemsWithInsurer: { field: string; code: TheftProblem['code'] | 'insurer_not_found' }[] = [...problems];
      if (insurer && !(await isInsurer(tx, insurer))) problemsWithInsurer.push({ field: 'insurance_company', code: 'insurer_not_found' });
      if (problemsWithInsurer.length > 0) throw new AppFieldErrors(problemsWithInsurer);

      // reportProblems vouches for every value below; the fallbacks only satisfy the types.
      const typedCpr = orNull(input.cpr_number);
      const cpr = typedCpr ? cprSchema.parse(typedCpr) : (storedCpr ?? '');
      const latitude = input.latitude ?? 0;
      const longitude = input.longitude ?? 0;
      const place = publicLocation(latitude, longitude);
      const shared = insurer !== null && input.acknowledgement_data_share === true;
      const [filed] = await tx
        .insert(theftReports)
        .values({
          bikeId: bike.id,
          ownershipId: ownership.id,
          reporterPartyId: caller.partyId,
          firstName: text(input.first_name),
          lastName: text(input.last_name),
          email: text(input.email),
          streetAddress: text(input.street_address),
          city: text(input.city),
          zipCode: text(input.zip_code),
          mobile: text(input.mobile),
          telephone: orNull(input.telephone),
          floor: orNull(input.floor),
          side: orNull(input.side),
          door: orNull(input.door),
          cprEncrypted: encryptField(ctx.config.dataKey, cpr),
          frameNumber: text(input.frame_number),
          bikeCategory: text(input.bike_category),
          isElectric: input.is_electric === true,
          bikeColor: text(input.bike_color),
          lockStatus: input.lock_status as LockStatus,
          batteryLocation: input.is_electric === true ? (input.battery_location as BatteryLocation) : null,
          timeLastSeen: parseTheftTime(input.time_last_seen, THEFT_TIME_ZONE) ?? now,
          notedTime: parseTheftTime(input.noted_time, THEFT_TIME_ZONE) ?? now,
          place: text(input.place),
          latitude,
          longitude,
          locationId: place.cell,
          publicLatitude: place.latitude,
          publicLongitude: place.longitude,
          region: regionOfPoint(latitude),
          isCulpritKnown: input.isCulpritKnown === true,
          isCulpritRecognizable: input.isCulpritRecognizable === true,
          culpritInfo: input.isCulpritKnown || input.isCulpritRecognizable ? orNull(input.culprit_info) : null,
          hasWitness: input.hasWitness === true,
          witnesses: input.hasWitness ? orNull(input.witnesses) : null,
          isInsured: input.isInsured === true,
          insurerPartyId: insurer,
          otherInsurerName: otherInsurer,
          bikePrice: priceOf(input.bike_price, language) ?? 0,
          policeReportRequested: input.policeReportRequested === true,
          sharedWithInsurerAt: shared ? now : null,
          createdAt: now,
        })
        .returning({ id: theftReports.id });
      // Shared with an insurer of the register: it arrives there as a claim, received (issue 13).
      if (shared && insurer && filed) {
        const [claim] = await tx
          .insert(insuranceClaims)
          .values({
            insurerPartyId: insurer,
            theftReportId: filed.id,
            bikeId: bike.id,
            ownerPartyId: ownership.partyId,
            ownershipTransferAgreed: input.acknowledgement_ownership_transfer === true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: insuranceClaims.id });
        if (claim)
          await tx
            .insert(insuranceClaimEvents)
            .values({ claimId: claim.id, status: 'received', actorPartyId: caller.actingPartyId, createdAt: now });
      }
      // `searchable` stays as the owner set it: a stolen bike is shown to strangers regardless (public-cards.ts).
      await tx.update(bikes).set({ reportedStolen: true, updatedAt: now }).where(eq(bikes.id, bike.id));
      await recordBikeEvent(tx, {
        bikeId: bike.id,
        kind: 'reported_stolen',
        actorPartyId: caller.actingPartyId,
        ownershipId: ownership.id,
      });
      await cancelPendingTransfers(ctx, tx, bike, caller.actingPartyId);
      await revokeLiveSalesLinks(tx, bike.id, caller.actingPartyId);
      await bumpStolenMapVersion(tx);

      const owner = await contactOf(tx, ownership.partyId);
      if (owner?.email) {
        const mail = theftEmails.reported(owner.language, owner.email, {
          bike: bikeLabel(owner.language, bike),
          reportUrl: `${ctx.config.publicUrl}/app/my-bikes/${bike.id}/stolen-bike-report`,
        });
        await ctx.mailer.enqueue(tx, { ...mail, partyId: owner.kind === 'person' ? owner.partyId : null });
      }
      return bike.id;
    })
    .catch((err: unknown) => {
      // Two reports of one bike at once: the unique index on theft_report(bike_id) stops the second.
      if (isUniqueViolation(err)) throw new AppError('bike_already_reported_stolen');
      throw err;
    });
  void ctx.mailer.flush();
  return stolenReportOfCaller(ctx, caller, bikeId);
}
