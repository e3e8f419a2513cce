import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { ownershipTransfers, salesLinks } from '../db/schema.js';
import { ownershipEmails } from '../ownership/emails.js';
import { contactOf, identityByEmail } from '../ownership/parties.js';
import type { BikeRow } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { bikeLabel } from '../shared/bike-words.js';

// What reporting a bike stolen ends, in the report's transaction: a pending transfer (nobody may take over a
// stolen bike; the recipient is told) and the live sales links (a sales ad must not vouch for it).

export async function cancelPendingTransfers(ctx: AppContext, tx: Db, bike: BikeRow, actorPartyId: string): Promise<void> {
  const now = new Date();
  const pending = await tx
    .update(ownershipTransfers)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(ownershipTransfers.bikeId, bike.id), eq(ownershipTransfers.status, 'pending')))
    .returning();
  for (const row of pending) {
    await recordBikeEvent(tx, {
      bikeId: row.bikeId,
      kind: 'transfer_cancelled',
      actorPartyId,
      ownershipId: row.fromOwnershipId,
      data: { reason: 'reported_stolen' },
    });
    // A transfer past its expiry was dead already; its recipient has nothing to be told.
    if (row.expiresAt <= now) continue;
    const recipient = row.toPartyId ? await contactOf(tx, row.toPartyId) : null;
    const known = recipient ? undefined : await identityByEmail(tx, row.toEmail);
    const language = recipient?.language ?? known?.language ?? 'da';
    const to = recipient?.email ?? row.toEmail;
    const mail = ownershipEmails.transferCancelled(language, to, { bike: bikeLabel(language, bike) });
    await ctx.mailer.enqueue(tx, { ...mail, partyId: recipient?.partyId ?? known?.partyId ?? null });
  }
}

export async function revokeLiveSalesLinks(tx: Db, bikeId: string, actorPartyId: string): Promise<void> {
  const now = new Date();
  const revoked = await tx
    .update(salesLinks)
    .set({ revokedAt: now })
    .where(and(eq(salesLinks.bikeId, bikeId), isNull(salesLinks.revokedAt), gt(salesLinks.expiresAt, now)))
    .returning();
  for (const link of revoked) {
    await recordBikeEvent(tx, {
      bikeId,
      kind: 'sales_link_revoked',
      actorPartyId,
      ownershipId: link.ownershipId,
      data: { reason: 'reported_stolen' },
    });
  }
}
