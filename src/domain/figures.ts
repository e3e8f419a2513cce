import * as z from 'zod/mini';

// The register's public figures on the front page (issue 15): GET /api/public/figures. Counts only, read from the
// database, never anything about a person.

export const publicFiguresSchema = z.object({
  /** Bikes in the register now: with a current owner (a deleted bike or a deleted account's bikes are gone). */
  bikes_registered: z.number(),
  /** Stolen reports that ended with the bike reported found (each time a bike came back). */
  bikes_recovered: z.number(),
  /** Organisations of type insurance_company in the register. */
  insurers: z.number(),
});
export type PublicFigures = z.infer<typeof publicFiguresSchema>;

/** How long one instance answers the same figures (seconds): counting a million bikes on every front-page visit would cost. */
export const PUBLIC_FIGURES_MAX_AGE_SECONDS = 60;
