import { and, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BackofficeWork } from '../../domain/backoffice.js';
import type { AppContext } from '../context.js';
import { possessionVerifications, shipments, theftReports, tickets } from '../db/schema.js';

async function countOf(ctx: AppContext, table: PgTable, where: SQL): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * The work waiting in the backoffice (its home and the counts beside the menu). One count per queue, each answered by
 * an index on the queue's state; the queues' own areas decide what "waiting" means.
 */
export async function backofficeWork(ctx: AppContext): Promise<BackofficeWork> {
  const waiting = eq(possessionVerifications.status, 'submitted');
  const [possessionChecks, receiptsToVerify, platesToShip, openTickets, stolenReportsToReview] = await Promise.all([
    countOf(ctx, possessionVerifications, waiting),
    // A receipt is one step of a proof of possession (verify-receipt): the waiting proofs that brought one.
    countOf(ctx, possessionVerifications, and(waiting, isNotNull(possessionVerifications.receiptDocumentId)) as SQL),
    countOf(ctx, shipments, eq(shipments.status, 'ordered')),
    countOf(ctx, tickets, eq(tickets.status, 'open')),
    countOf(ctx, theftReports, sql`${theftReports.reviewState} = 'new' and ${theftReports.foundAt} is null`),
  ]);
  return {
    possession_checks: possessionChecks,
    receipts_to_verify: receiptsToVerify,
    plates_to_ship: platesToShip,
    open_tickets: openTickets,
    stolen_reports_to_review: stolenReportsToReview,
  };
}
