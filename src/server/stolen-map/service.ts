import { eq, sql } from 'drizzle-orm';
import {
  areaOfPlace,
  MAP_LIST_PAGE_SIZE,
  type MapClustersAnswer,
  type MapClustersQuery,
  type MapListAnswer,
  type MapListQuery,
  type StolenBikePage,
  type StolenBikeSummary,
} from '../../domain/stolen-map.js';
import type { AppContext } from '../context.js';
import { preparedQuery } from '../db/prepared.js';
import { bikeOwnerships, bikes, theftReports } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { type CardRow, cardColumns, currentOwnershipOfBike, toCard } from '../shared/public-cards.js';
import type { Box, StolenMapData } from './points.js';

// The answers of the stolen-bike map. Only the public ~1 km place and the area (zip code and town) of a
// theft leave the server; never the exact place, the street or anything about the owner. Only reports staff
// approved for the public map are shown (issue 14): a new, hidden or merged one is "not on the map".

/** The card's columns plus the public part of the report, for the list and a stolen bike's page. */
const summaryColumns = {
  ...cardColumns,
  place: theftReports.place,
  publicLatitude: theftReports.publicLatitude,
  publicLongitude: theftReports.publicLongitude,
  region: theftReports.region,
  notedTime: theftReports.notedTime,
  reportCategory: theftReports.bikeCategory,
  reportColor: theftReports.bikeColor,
  reportElectric: theftReports.isElectric,
};
type SummaryRow = CardRow & {
  place: string;
  publicLatitude: number;
  publicLongitude: number;
  region: 'dk' | 'no';
  notedTime: Date;
  reportCategory: string;
  reportColor: string;
  reportElectric: boolean;
};

/** One prepared query for a page of the list (or one bike): index lookups, the card's parts as scalar subqueries. */
const summaryQuery = preparedQuery((db) =>
  db
    .select(summaryColumns)
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .innerJoin(bikeOwnerships, currentOwnershipOfBike)
    .where(
      sql`${theftReports.bikeId} = any(${sql.placeholder('ids')}::uuid[]) and ${theftReports.foundAt} is null and ${theftReports.reviewState} = 'approved'`,
    )
    .prepare('stolen_map_summaries'),
);

async function summaryRows(ctx: AppContext, bikeIds: string[]): Promise<SummaryRow[]> {
  if (bikeIds.length === 0) return [];
  return (await summaryQuery(ctx.db).execute({ ids: bikeIds })) as SummaryRow[];
}

function toSummary(ctx: AppContext, row: SummaryRow): StolenBikeSummary {
  const card = toCard(ctx, row);
  return {
    bike_id: row.id,
    brand: card.brand_name,
    model: card.model,
    // Colour, category and electric as the owner gave them in the report: what the map's filters match.
    color_id: row.reportColor,
    category_id: row.reportCategory,
    is_electric: row.reportElectric,
    stolen_at: row.notedTime.toISOString(),
    area: areaOfPlace(row.place),
    region: row.region,
    latitude: row.publicLatitude,
    longitude: row.publicLongitude,
    public_picture_url: card.thumbnail_url,
  };
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** The widest box, in pixels of the zoom, that is answered: larger screens do not exist, larger boxes only cost. */
const MAX_BOX_PX = 8192;

/** The box, shrunk around its centre to at most MAX_BOX_PX each way at the zoom (a huge box at a high zoom would list every bike). */
function boundedBox(q: MapClustersQuery): [number, number, number, number] {
  const maxSpan = (MAX_BOX_PX * 360) / (256 * 2 ** q.zoom);
  let { west, south, east, north } = q;
  if (east >= west && east - west > maxSpan) {
    const centre = (west + east) / 2;
    [west, east] = [centre - maxSpan / 2, centre + maxSpan / 2];
  }
  // Latitude spans fewer degrees per pixel than longitude, so this bound is looser still.
  if (north - south > maxSpan) {
    const centre = (south + north) / 2;
    [south, north] = [centre - maxSpan / 2, centre + maxSpan / 2];
  }
  return [west, south, east, north];
}

export async function mapClusters(data: StolenMapData, q: MapClustersQuery): Promise<MapClustersAnswer> {
  const { index, total, expansionZoom } = await data.index(q);
  const features = index.getClusters(boundedBox(q), q.zoom);
  const clusters = features.map((f) => {
    // Through supercluster's projection and back: rounded again to the 5 decimals of the public places.
    const [longitude, latitude] = (f.geometry.coordinates as [number, number]).map(round5) as [number, number];
    const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; bike_id?: string };
    if (props.cluster && props.cluster_id !== undefined) {
      return {
        latitude,
        longitude,
        count: props.point_count ?? 0,
        bike_id: null,
        expansion_zoom: expansionZoom(props.cluster_id),
      };
    }
    return { latitude, longitude, count: 1, bike_id: props.bike_id ?? null, expansion_zoom: null };
  });
  return { clusters, total };
}

function boxOf(q: MapListQuery): Box | undefined {
  const { west, south, east, north } = q;
  return west !== undefined && south !== undefined && east !== undefined && north !== undefined ? { west, south, east, north } : undefined;
}

export async function mapList(ctx: AppContext, data: StolenMapData, q: MapListQuery): Promise<MapListAnswer> {
  const { ids, total } = await data.page(q, boxOf(q), q.offset, MAP_LIST_PAGE_SIZE);
  const rows = new Map((await summaryRows(ctx, ids)).map((row) => [row.id, row]));
  // In the order of the in-memory index (newest noted first); a bike found since it was read is left out.
  const items = ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toSummary(ctx, row)] : [];
  });
  const next = q.offset + ids.length;
  return { items, total, next_offset: ids.length === MAP_LIST_PAGE_SIZE && next < total ? next : null };
}

export async function stolenBikePage(ctx: AppContext, bikeId: string): Promise<StolenBikePage> {
  const [row] = isUuid(bikeId) ? await summaryRows(ctx, [bikeId]) : [];
  if (!row) throw new AppError('stolen_bike_not_found');
  return { summary: toSummary(ctx, row), card: toCard(ctx, row) };
}
