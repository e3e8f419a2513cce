import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import { normalisePlateId } from '../../domain/bikes/plate-id.js';
import type { BikeSearchAnswer, OrgBikeSearchAnswer, OrgPublicBike } from '../../domain/bikes.js';
import { FRAME_NUMBER_MIN_LENGTH } from '../../domain/constants.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { bikeOwnerships, bikes, parties } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { type CardRow, cardColumns, currentOwnershipOfBike, toCard, visibleToStrangers } from '../shared/public-cards.js';

// Public search by frame number or plate ID (§1, §2 /search, §8 "search yielded no results").
//
// Exact first: the normalised frame number (unique index) or the plate ID (primary key), in ONE query
// of index lookups, so it stays fast at millions of bikes. Only when nothing matches exactly: close
// ones ("did you mean"), edit distance ≤ 2: candidates from each trigram GIN index (similarity above
// what two edits can leave of the query), kept when levenshtein says ≤ 2, closest first; the step has a
// statement timeout, so a query that matches too much answers without suggestions rather than slowly.
//
// Only registered bikes (a current ownership) that are searchable or reported stolen; never the owner.

export const SIMILAR_MAX_DISTANCE = 2;
export const SIMILAR_LIMIT = 5;
const EXACT_LIMIT = 10;
const CANDIDATES = 50;
/** The similar path gives up after this long (and answers no close matches) rather than hold a connection. */
export const SIMILAR_TIMEOUT_MS = 300;

export interface SearchTerms {
  query: string;
  frame: string;
  plate: string;
}

/** The query as typed and its two normal forms; 422 search_query_too_short below 5 significant characters. */
export function searchTerms(raw: string): SearchTerms {
  const query = raw.trim();
  const frame = normaliseFrameNumber(query);
  const plate = normalisePlateId(query);
  if (Math.max(frame.length, plate.replace(/[^0-9A-Z]/g, '').length) < FRAME_NUMBER_MIN_LENGTH) {
    throw new AppError('search_query_too_short', 'q');
  }
  return { query, frame, plate };
}

const orgColumns = {
  ...cardColumns,
  registeredOn: bikeOwnerships.startedAt,
  active: sql<boolean>`exists (select 1 from bike_credit c where c.bike_ownership_id = ${bikeOwnerships.id})`,
  ownerVerified: sql<boolean>`exists (select 1 from identity i where i.party_id = ${bikeOwnerships.partyId} and i.verified_on is not null)`,
};
type OrgRow = CardRow & { registeredOn: Date; active: boolean; ownerVerified: boolean };

async function visibleBikes<T extends CardRow>(
  db: Db,
  columns: typeof cardColumns | typeof orgColumns,
  where: SQL | undefined,
  limit: number,
) {
  return (await db
    .select(columns)
    .from(bikes)
    .innerJoin(bikeOwnerships, currentOwnershipOfBike)
    .where(and(where, visibleToStrangers))
    .limit(limit)) as unknown as T[];
}

/**
 * The public exact lookup, the one in the performance budget: a prepared statement per database (and,
 * on PostgreSQL, per connection), so PostgreSQL plans it once rather than on every request.
 */
const exactQuery = preparedQuery((db) =>
  db
    .select(cardColumns)
    .from(bikes)
    .innerJoin(bikeOwnerships, currentOwnershipOfBike)
    .where(and(exactWhere(sql.placeholder('frame'), sql.placeholder('plate')), visibleToStrangers))
    .limit(EXACT_LIMIT)
    .prepare('search_exact'),
);
async function exactCards(db: Db, terms: SearchTerms): Promise<CardRow[]> {
  return (await exactQuery(db).execute({ frame: terms.frame, plate: terms.plate })) as CardRow[];
}

/** Exact matches: the frame number's normal form, or the bike the plate ID is on. */
function exactWhere(frame: string | Placeholder, plate: string | Placeholder): SQL | undefined {
  return or(
    eq(bikes.frameNumberNormalised, frame),
    // A scalar subquery (the plate ID is the key: one bike at most), so the planner can OR two index
    // lookups (BitmapOr); `in (select …)` here made it scan every bike.
    eq(bikes.id, sql`(select p.bike_id from plate p where p.id = ${plate})`),
  );
}

/**
 * The lowest trigram similarity a string of `length` characters can keep after `edits` edits: pg_trgm
 * makes about length + 1 trigrams of it, and one edit changes at most 3 of them. Below 0.1 the index
 * would hand back most of the register, so very short queries get fewer close matches.
 */
export function similarityThreshold(length: number, edits: number): number {
  const trigrams = length + 1;
  const changed = 3 * edits;
  // A little under the bound: `%` compares floats, and a query exactly at the bound must still match.
  return Math.min(0.6, Math.max(0.1, (trigrams - changed) / (trigrams + changed) - 0.01));
}

/**
 * Bike ids whose frame number or plate ID is within edit distance 2 of the query, closest first. One
 * edit first (most typos; a high similarity threshold, so few candidates), two only when that finds none.
 */
async function similarBikeIds(db: Db, terms: SearchTerms): Promise<{ id: string; distance: number }[]> {
  const rows = await db
    .transaction(async (tx) => {
      // A number made here: safe to write into the statement.
      await tx.execute(sql.raw(`set local statement_timeout = ${SIMILAR_TIMEOUT_MS}`));
      for (let edits = 1; edits <= SIMILAR_MAX_DISTANCE; edits++) {
        const byFrame = await similarRows(
          tx,
          terms.frame,
          edits,
          sql`
          select id, levenshtein(frame_number_normalised, ${terms.frame}) as distance from bike
          where lower(frame_number_normalised) % lower(${terms.frame})
            and levenshtein(frame_number_normalised, ${terms.frame}) <= ${edits}
          order by distance limit ${CANDIDATES}`,
        );
        const byPlate = await similarRows(
          tx,
          terms.plate,
          edits,
          sql`
          select bike_id as id, levenshtein(id, ${terms.plate}) as distance from plate
          where lower(id) % lower(${terms.plate}) and bike_id is not null
            and levenshtein(id, ${terms.plate}) <= ${edits}
          order by distance limit ${CANDIDATES}`,
        );
        if (byFrame.length + byPlate.length > 0) return [...byFrame, ...byPlate];
      }
      return [];
    })
    .catch((err: unknown) => {
      // 57014: cancelled by the statement timeout. Close matches are a help, not a promise.
      if (sqlState(err) === '57014') return [];
      throw err;
    });
  const best = new Map<string, number>();
  for (const row of rows) {
    const distance = Number(row.distance);
    const id = String(row.id);
    if (!best.has(id) || distance < (best.get(id) ?? Infinity)) best.set(id, distance);
  }
  return [...best].map(([id, distance]) => ({ id, distance })).sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
}

/** Candidates through a trigram GIN index (`%`, at the threshold `edits` calls for), as the query keeps them. */
async function similarRows(tx: Db, term: string, edits: number, query: SQL): Promise<Record<string, unknown>[]> {
  if (term.length === 0) return [];
  await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(similarityThreshold(term.length, edits))}, true)`);
  return rowsOf(await tx.execute(query));
}

function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

async function similarCards<T extends CardRow>(
  ctx: AppContext,
  terms: SearchTerms,
  columns: typeof cardColumns | typeof orgColumns,
): Promise<T[]> {
  const close = await similarBikeIds(ctx.db, terms);
  if (close.length === 0) return [];
  // More than we show: some candidates are not visible.
  const ids = close.slice(0, SIMILAR_LIMIT * 4).map((c) => c.id);
  const found = await visibleBikes<T>(ctx.db, columns, inArray(bikes.id, ids), ids.length);
  const rank = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return found.slice(0, SIMILAR_LIMIT);
}

/** GET /search/bikes?q=: public. */
export async function searchBikes(ctx: AppContext, raw: string): Promise<BikeSearchAnswer> {
  const terms = searchTerms(raw);
  const exact = await exactCards(ctx.db, terms);
  const similar = exact.length > 0 ? [] : await similarCards<CardRow>(ctx, terms, cardColumns);
  return { query: terms.query, exact: exact.map((r) => toCard(ctx, r)), similar: similar.map((r) => toCard(ctx, r)) };
}

/**
 * GET /search/org-bikes?q=: for organisations (insurers, police, dealers): the public card and the
 * registration's state (since when, paid, owner verified through national ID); never who the owner is.
 */
export async function searchBikesForOrganisation(ctx: AppContext, caller: Caller, raw: string): Promise<OrgBikeSearchAnswer> {
  const [party] = await ctx.db.select({ kind: parties.kind }).from(parties).where(eq(parties.id, caller.actingPartyId));
  if (party?.kind !== 'organisation') throw new AppError('organisation_required');
  const terms = searchTerms(raw);
  const exact = await visibleBikes<OrgRow>(ctx.db, orgColumns, exactWhere(terms.frame, terms.plate), EXACT_LIMIT);
  const similar = exact.length > 0 ? [] : await similarCards<OrgRow>(ctx, terms, orgColumns);
  const orgCard = (row: OrgRow): OrgPublicBike => ({
    ...toCard(ctx, row),
    registered_on: new Date(row.registeredOn).toISOString(),
    active: Boolean(row.active),
    owner_verified: Boolean(row.ownerVerified),
  });
  return { query: terms.query, exact: exact.map(orgCard), similar: similar.map(orgCard) };
}
