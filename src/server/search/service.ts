import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import { normalisePlateId } from '../../domain/bikes/plate-id.js';
import type { BikeSearchAnswer, OrgBikeSearchAnswer, OrgPublicBike, PublicBike } from '../../domain/bikes.js';
import { FRAME_NUMBER_MIN_LENGTH } from '../../domain/constants.js';
import { publicPictures } from '../bikes/files.js';
import { toPublicBike } from '../bikes/mapping.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, parties } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';

// Public search by frame number or plate ID (§1, §2 /search, §8 "search yielded no results").
//
// Exact first: the normalised frame number (unique index) or the plate ID (primary key), in ONE query
// of index lookups, so it stays fast at millions of bikes. Only when nothing matches exactly: close
// ones ("did you mean"), edit distance ≤ 2: the 50 nearest by trigram distance of each trigram GiST
// index (an ordered index scan, `<->`), kept when levenshtein says ≤ 2, closest first. The trigram
// step is bounded, so a mistyped query costs about the same however many bikes there are.
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
    throw new AppError(422, 'search_query_too_short', 'q');
  }
  return { query, frame, plate };
}

const visible = or(eq(bikes.searchable, true), eq(bikes.reportedStolen, true));
const currentOwnership = and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt));
/** The plate on the bike (the first put on it), through the plate_bike index. */
const plateOfBike = sql<string | null>`(select p.id from plate p where p.bike_id = ${bikes.id} order by p.assigned_at, p.id limit 1)`;

const cardColumns = {
  id: bikes.id,
  brandId: bikes.brandId,
  brandName: bikes.brandName,
  model: bikes.model,
  colorId: bikes.colorId,
  categoryId: bikes.categoryId,
  typeId: bikes.typeId,
  isElectric: bikes.isElectric,
  productionYear: bikes.productionYear,
  reportedStolen: bikes.reportedStolen,
  frameNumber: bikes.frameNumber,
  plateId: plateOfBike,
};
const orgColumns = {
  ...cardColumns,
  registeredOn: bikeOwnerships.startedAt,
  active: sql<boolean>`exists (select 1 from bike_credit c where c.bike_ownership_id = ${bikeOwnerships.id})`,
  ownerVerified: sql<boolean>`exists (select 1 from identity i where i.party_id = ${bikeOwnerships.partyId} and i.verified_on is not null)`,
};

type CardRow = Pick<
  typeof bikes.$inferSelect,
  | 'id'
  | 'brandId'
  | 'brandName'
  | 'model'
  | 'colorId'
  | 'categoryId'
  | 'typeId'
  | 'isElectric'
  | 'productionYear'
  | 'reportedStolen'
  | 'frameNumber'
> & { plateId: string | null };
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
    .innerJoin(bikeOwnerships, currentOwnership)
    .where(and(where, visible))
    .limit(limit)) as unknown as T[];
}

/** Exact matches: the frame number's normal form, or the bike the plate ID is on. */
function exactWhere(terms: SearchTerms): SQL | undefined {
  return or(
    eq(bikes.frameNumberNormalised, terms.frame),
    // A scalar subquery (the plate ID is the key: one bike at most), so the planner can OR two index
    // lookups (BitmapOr); `in (select …)` here made it scan every bike.
    eq(bikes.id, sql`(select p.bike_id from plate p where p.id = ${terms.plate})`),
  );
}

/** Bike ids whose frame number or plate ID is within edit distance 2 of the query, closest first. */
async function similarBikeIds(db: Db, terms: SearchTerms): Promise<{ id: string; distance: number }[]> {
  const rows = await db
    .transaction(async (tx) => {
      // A number made here: safe to write into the statement.
      await tx.execute(sql.raw(`set local statement_timeout = ${SIMILAR_TIMEOUT_MS}`));
      const byFrame = await tx.execute(sql`
      select c.id, levenshtein(c.frame_number_normalised, ${terms.frame}) as distance
      from (
        select id, frame_number_normalised from bike
        where frame_number_normalised is not null
        order by frame_number_normalised <-> ${terms.frame}
        limit ${CANDIDATES}
      ) c
      where levenshtein(c.frame_number_normalised, ${terms.frame}) <= ${SIMILAR_MAX_DISTANCE}`);
      const byPlate = await tx.execute(sql`
      select c.bike_id as id, levenshtein(c.id, ${terms.plate}) as distance
      from (
        select id, bike_id from plate
        where bike_id is not null
        order by id <-> ${terms.plate}
        limit ${CANDIDATES}
      ) c
      where levenshtein(c.id, ${terms.plate}) <= ${SIMILAR_MAX_DISTANCE}`);
      return [...rowsOf(byFrame), ...rowsOf(byPlate)];
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

async function search<T extends CardRow>(
  ctx: AppContext,
  terms: SearchTerms,
  columns: typeof cardColumns | typeof orgColumns,
): Promise<{ exact: T[]; similar: T[] }> {
  const exact = await visibleBikes<T>(ctx.db, columns, exactWhere(terms), EXACT_LIMIT);
  if (exact.length > 0) return { exact, similar: [] };
  const close = await similarBikeIds(ctx.db, terms);
  if (close.length === 0) return { exact: [], similar: [] };
  // More than we show: some candidates are not visible.
  const ids = close.slice(0, SIMILAR_LIMIT * 4).map((c) => c.id);
  const found = await visibleBikes<T>(ctx.db, columns, inArray(bikes.id, ids), ids.length);
  const rank = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return { exact: [], similar: found.slice(0, SIMILAR_LIMIT) };
}

async function picturesOf(ctx: AppContext, rows: CardRow[]) {
  return rows.length > 0
    ? publicPictures(
        ctx,
        rows.map((r) => r.id),
      )
    : new Map<string, { url: string; thumbnail_url: string }>();
}

function card(row: CardRow, pictures: Map<string, { url: string; thumbnail_url: string }>): PublicBike {
  return toPublicBike(row, row.plateId, pictures.get(row.id));
}

/** GET /search/bikes?q=: public. */
export async function searchBikes(ctx: AppContext, raw: string): Promise<BikeSearchAnswer> {
  const terms = searchTerms(raw);
  const { exact, similar } = await search<CardRow>(ctx, terms, cardColumns);
  const pictures = await picturesOf(ctx, [...exact, ...similar]);
  return { query: terms.query, exact: exact.map((r) => card(r, pictures)), similar: similar.map((r) => card(r, pictures)) };
}

/**
 * GET /search/org-bikes?q=: for organisations (insurers, police, dealers): the public card and the
 * registration's state (since when, paid, owner verified through national ID); never who the owner is.
 */
export async function searchBikesForOrganisation(ctx: AppContext, caller: Caller, raw: string): Promise<OrgBikeSearchAnswer> {
  const [party] = await ctx.db.select({ kind: parties.kind }).from(parties).where(eq(parties.id, caller.actingPartyId));
  if (party?.kind !== 'organisation') throw new AppError(403, 'organisation_required');
  const terms = searchTerms(raw);
  const { exact, similar } = await search<OrgRow>(ctx, terms, orgColumns);
  const pictures = await picturesOf(ctx, [...exact, ...similar]);
  const orgCard = (row: OrgRow): OrgPublicBike => ({
    ...card(row, pictures),
    registered_on: new Date(row.registeredOn).toISOString(),
    active: Boolean(row.active),
    owner_verified: Boolean(row.ownerVerified),
  });
  return { query: terms.query, exact: exact.map(orgCard), similar: similar.map(orgCard) };
}
