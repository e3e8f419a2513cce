import { sql } from 'drizzle-orm';
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, type PublicFigures } from '../../domain/figures.js';
import type { Db } from '../db/client.js';
import { bikeEvents, bikeOwnerships, organisations } from '../db/schema.js';

// The front page's figures (issue 15): three counts in one query. A recovery is the reported_found event the found
// flow records (theft/found-service.ts), since reporting found deletes the report itself; it goes with its bike
// when the bike (or its owner's account) is deleted, like the rest of that bike's history.

async function countFigures(db: Db): Promise<PublicFigures> {
  const result = await db.execute<{ bikes_registered: number; bikes_recovered: number; insurers: number }>(sql`
    select
      (select count(*)::int from ${bikeOwnerships} where ${bikeOwnerships.endedAt} is null) as bikes_registered,
      (select count(*)::int from ${bikeEvents} where ${bikeEvents.kind} = 'reported_found') as bikes_recovered,
      (select count(*)::int from ${organisations} where ${organisations.organisationType} = 'insurance_company') as insurers
  `);
  const row = (result as unknown as { rows: PublicFigures[] }).rows[0];
  return {
    bikes_registered: Number(row?.bikes_registered ?? 0),
    bikes_recovered: Number(row?.bikes_recovered ?? 0),
    insurers: Number(row?.insurers ?? 0),
  };
}

/**
 * The figures, counted at most once per PUBLIC_FIGURES_MAX_AGE_SECONDS by this instance; callers meanwhile share
 * the one count (also while it runs). A failed count is not kept.
 */
export function publicFiguresReader(db: Db, now: () => number = Date.now): () => Promise<PublicFigures> {
  let cached: { at: number; figures: Promise<PublicFigures> } | null = null;
  return () => {
    const at = now();
    if (!cached || at - cached.at >= PUBLIC_FIGURES_MAX_AGE_SECONDS * 1000) {
      const figures = countFigures(db);
      const entry = { at, figures };
      cached = entry;
      figures.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.figures;
  };
}
