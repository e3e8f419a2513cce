import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { bikeOwnerships, insuranceClaimEvents, insuranceClaims, organisations, theftReports } from '../db/schema.js';

// The demo insurer's claims (issue 13): every demo stolen report shared with "Demo Forsikring A/S" becomes a claim,
// as filing one does today (the demo's reports are inserted directly, seed/demo-stolen.ts). The demo owner's claim
// stays received (the journey takes it through review to payment); the oldest other one is in review, so the home
// shows two stages. Once: nothing happens when the insurer already has claims.

export async function seedDemoInsuranceClaims(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  const [insurer] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(and(eq(organisations.name, 'Demo Forsikring A/S'), eq(organisations.organisationType, 'insurance_company')))
    .limit(1);
  if (!insurer) return 0;
  const [existing] = await db
    .select({ id: insuranceClaims.id })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.insurerPartyId, insurer.partyId))
    .limit(1);
  if (existing) return 0;
  return db.transaction(async (tx) => {
    const reports = await tx
      .select({
        id: theftReports.id,
        bikeId: theftReports.bikeId,
        owner: bikeOwnerships.partyId,
        sharedAt: theftReports.sharedWithInsurerAt,
        frame: theftReports.frameNumber,
      })
      .from(theftReports)
      .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, theftReports.ownershipId))
      .where(
        and(eq(theftReports.insurerPartyId, insurer.partyId), isNotNull(theftReports.sharedWithInsurerAt), isNull(theftReports.foundAt)),
      )
      .orderBy(asc(theftReports.sharedWithInsurerAt));
    for (const report of reports) {
      const at = report.sharedAt ?? new Date();
      const [claim] = await tx
        .insert(insuranceClaims)
        .values({
          insurerPartyId: insurer.partyId,
          theftReportId: report.id,
          bikeId: report.bikeId,
          ownerPartyId: report.owner,
          ownershipTransferAgreed: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: insuranceClaims.id });
      if (claim) await tx.insert(insuranceClaimEvents).values({ claimId: claim.id, status: 'received', createdAt: at });
    }
    // The oldest claim but the demo owner's (frame number KM 910099 V) goes to review, a day after it arrived.
    const [older] = await tx
      .select({ id: insuranceClaims.id, createdAt: insuranceClaims.createdAt })
      .from(insuranceClaims)
      .innerJoin(theftReports, eq(theftReports.id, insuranceClaims.theftReportId))
      .where(and(eq(insuranceClaims.insurerPartyId, insurer.partyId), ne(theftReports.frameNumber, 'KM 910099 V')))
      .orderBy(asc(insuranceClaims.createdAt))
      .limit(1);
    if (older) {
      const at = new Date(older.createdAt.getTime() + 24 * 60 * 60 * 1000);
      await tx.update(insuranceClaims).set({ status: 'in_review', updatedAt: at }).where(eq(insuranceClaims.id, older.id));
      await tx.insert(insuranceClaimEvents).values({ claimId: older.id, status: 'in_review', createdAt: at });
    }
    return reports.length;
  });
}
