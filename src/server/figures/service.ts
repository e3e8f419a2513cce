import { count, eq, isNull } from 'drizzle-orm';
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, type PublicFigures } from '../../domain/figures.js';
import type { Db } from '../db/client.js';
import { bikeEvents, bikeOwnerships, organisations } from '../db/schema.js';

// The front page's figures (issue 15): three counts. A recovery is the reported_found event the found
// flow records (theft/found-service.ts), since reporting found deletes the report itself; it goes with its bike
// when the bike (or its owner's account) is deleted, like the rest of that bike's history.

async function countFigures(db: Db): Promise<PublicFigures> {
  const [[registered], [recovered], [insurers]] = await Promise.all([
    db.select({ n: count() }).from(bikeOwnerships).where(isNull(bikeOwnerships.endedAt)),
    db.select({ n: count() }).from(bikeEvents).where(eq(bikeEvents.kind, 'reported_found')),
    db.select({ n: count() }).from(organisations).where(eq(organisations.organisationType, 'insurance_company')),
  ]);
  return { bikes_registered: registered?.n ?? 0, bikes_recovered: recovered?.n ?? 0, insurers: insurers?.n ?? 0 };
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
