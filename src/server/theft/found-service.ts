import { and, eq, isNull } from 'drizzle-orm';
import type { BikeDetail } from '../../domain/bikes.js';
import { approvalActKey } from '../../domain/verification.js';
import { getBike } from '../bikes/service.js';
import type { AppContext } from '../context.js';
import { bikes, insuranceClaims, theftReports } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { contactOf } from '../ownership/parties.js';
import { requireApproval } from '../shared/approvals.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';
import { theftEmails } from './emails.js';

// Reporting a stolen bike found (§4): it needs the owner's approval through national ID of THIS act for
// THIS bike (approvalActKey('report_found', bikeId), header x-approval-id), taken in the transaction
// that deletes the report (or marks it found when an insurance claim holds it), clears the stolen flag, records it, and tells the map and the owner.

/** POST /bikes/{bikeId}/found-reports/: 200 with the bike as GET /bikes/{bikeId}/ answers it. */
export async function reportFound(ctx: AppContext, caller: Caller, bikeId: string, approvalId: string | undefined): Promise<BikeDetail> {
  await ctx.db.transaction(async (tx) => {
    const { bike, ownership } = await bikeOfCaller(tx, caller, bikeId);
    const [locked] = await tx.select({ stolen: bikes.reportedStolen }).from(bikes).where(eq(bikes.id, bike.id)).for('update');
    if (!locked?.stolen) throw new AppError('bike_not_reported_stolen');
    await requireApproval(tx, caller.partyId, approvalActKey('report_found', bike.id), approvalId);
    const now = new Date();
    // A report an insurance claim holds is the claim's dossier: it is kept, marked found; any other goes.
    const [open] = await tx
      .select({ id: theftReports.id, claim: insuranceClaims.id })
      .from(theftReports)
      .leftJoin(insuranceClaims, eq(insuranceClaims.theftReportId, theftReports.id))
      .where(and(eq(theftReports.bikeId, bike.id), isNull(theftReports.foundAt)));
    if (open?.claim) await tx.update(theftReports).set({ foundAt: now }).where(eq(theftReports.id, open.id));
    else if (open) await tx.delete(theftReports).where(eq(theftReports.id, open.id));
    await tx.update(bikes).set({ reportedStolen: false, updatedAt: now }).where(eq(bikes.id, bike.id));
    await recordBikeEvent(tx, { bikeId: bike.id, kind: 'reported_found', actorPartyId: caller.actingPartyId, ownershipId: ownership.id });
    await bumpStolenMapVersion(tx);
    const owner = await contactOf(tx, ownership.partyId);
    if (owner?.email) {
      const mail = theftEmails.found(owner.language, owner.email, {
        bike: bikeLabel(owner.language, bike),
        bikeUrl: `${ctx.config.publicUrl}/app/my-bikes/${bike.id}`,
      });
      await ctx.mailer.enqueue(tx, { ...mail, partyId: owner.kind === 'person' ? owner.partyId : null });
    }
  });
  void ctx.mailer.flush();
  return getBike(ctx, caller, bikeId);
}
