import { and, desc, eq, isNull } from 'drizzle-orm';
import Supercluster, { type PointFeature } from 'supercluster';
import { BIKE_CATEGORIES } from '../../domain/bikes.js';
import type { MapFilters, MapPeriod } from '../../domain/stolen-map.js';
import type { Db } from '../db/client.js';
import { theftReports } from '../db/schema.js';
import { readStolenMapVersion } from '../shared/stolen-map-version.js';
import { buildGrid, type PointGrid } from './grid.js';

// The stolen bikes of the map, held in memory by each instance: their public places and what the filters
// ask about, newest noted first; only reports staff approved for the public map. Loaded in one query when the
// stolen-map version (one primary-key read per call) differs from the one they were loaded at, so a report, a
// review, a found bike or a deletion shows at once on every instance. A supercluster index per filter combination is built lazily from them.

/** How far back each period reaches. Period windows move with time: their indexes are rebuilt after a while. */
export const PERIOD_MS: Record<MapPeriod, number> = {
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
  all: Number.POSITIVE_INFINITY,
};
const PERIOD_INDEX_LIFE_MS = 10 * 60_000;
/** Filter combinations whose indexes are kept (least recently used goes first). */
const INDEXES_KEPT = 8;
const CLUSTER_RADIUS_PX = 60;
const CLUSTER_MAX_ZOOM = 16;

export interface StolenPoints {
  count: number;
  bikeIds: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  notedMs: Float64Array;
  /** 1 Denmark, 2 Norway. */
  region: Uint8Array;
  /** 1 + the index in BIKE_CATEGORIES, 0 for another value. */
  category: Uint8Array;
  electric: Uint8Array;
}

const regionCode = (region: string) => (region === 'dk' ? 1 : region === 'no' ? 2 : 0);
const categoryCode = (category: string | undefined) => (BIKE_CATEGORIES as readonly (string | undefined)[]).indexOf(category) + 1;

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface BuiltIndex {
  index: Supercluster<{ bike_id: string }>;
  total: number;
  /** The zoom at which a cluster breaks apart, by cluster id: fixed per index, and walking the tree for it costs. */
  expansionZoom(clusterId: number): number;
  /** The ids of one page of the matching bikes (in the box, when given), newest noted first, and how many match. */
  page(box: Box | undefined, offset: number, size: number): { ids: string[]; total: number };
}

interface Loaded {
  version: number;
  points: Promise<StolenPoints>;
  indexes: Map<string, { builtAt: number; index: Promise<BuiltIndex> }>;
}

async function loadPoints(db: Db): Promise<StolenPoints> {
  const rows = await db
    .select({
      bikeId: theftReports.bikeId,
      latitude: theftReports.publicLatitude,
      longitude: theftReports.publicLongitude,
      notedTime: theftReports.notedTime,
      region: theftReports.region,
      category: theftReports.bikeCategory,
      electric: theftReports.isElectric,
    })
    .from(theftReports)
    // Only reports staff approved for the public map (issue 14); approving or hiding one bumps the version.
    .where(and(isNull(theftReports.foundAt), eq(theftReports.reviewState, 'approved')))
    .orderBy(desc(theftReports.notedTime), theftReports.bikeId);
  const n = rows.length;
  const points: StolenPoints = {
    count: n,
    bikeIds: new Array(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    notedMs: new Float64Array(n),
    region: new Uint8Array(n),
    category: new Uint8Array(n),
    electric: new Uint8Array(n),
  };
  rows.forEach((row, i) => {
    points.bikeIds[i] = row.bikeId;
    points.latitude[i] = row.latitude;
    points.longitude[i] = row.longitude;
    points.notedMs[i] = row.notedTime.getTime();
    points.region[i] = regionCode(row.region);
    points.category[i] = categoryCode(row.category);
    points.electric[i] = row.electric ? 1 : 0;
  });
  return points;
}

/**
 * The indexes of the points matching the filters at `now`, newest noted first. The points are sorted by
 * noted time, so a period stops at its first older point.
 */
function matching(p: StolenPoints, filters: MapFilters, now: number): Int32Array {
  const since = now - PERIOD_MS[filters.period];
  const region = filters.region === 'all' ? 0 : regionCode(filters.region);
  const category = filters.category === undefined ? -1 : categoryCode(filters.category);
  const electric = filters.electric === undefined ? -1 : filters.electric ? 1 : 0;
  const found = new Int32Array(p.count);
  let n = 0;
  for (let i = 0; i < p.count; i++) {
    if (p.notedMs[i]! < since) break;
    if (region && p.region[i] !== region) continue;
    if (category >= 0 && p.category[i] !== category) continue;
    if (electric >= 0 && p.electric[i] !== electric) continue;
    found[n++] = i;
  }
  return found.slice(0, n);
}

function buildIndex(p: StolenPoints, filters: MapFilters, now: number): BuiltIndex {
  const order = matching(p, filters, now);
  const features: PointFeature<{ bike_id: string }>[] = Array.from(order, (i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.longitude[i]!, p.latitude[i]!] },
    properties: { bike_id: p.bikeIds[i]! },
  }));
  const index = new Supercluster<{ bike_id: string }>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(features);
  const expansion = new Map<number, number>();
  const expansionZoom = (clusterId: number) => {
    let zoom = expansion.get(clusterId);
    if (zoom === undefined) {
      zoom = index.getClusterExpansionZoom(clusterId);
      expansion.set(clusterId, zoom);
    }
    return zoom;
  };
  /** One page of the matching bikes in the box (or anywhere): a slice, or through the grid (built on first use). */
  let grid: PointGrid | undefined;
  const page = (box: Box | undefined, offset: number, size: number) => {
    if (!box) return { ids: Array.from(order.subarray(offset, offset + size), (i) => p.bikeIds[i]!), total: order.length };
    grid ??= buildGrid(
      (k) => p.latitude[order[k]!]!,
      (k) => p.longitude[order[k]!]!,
      order.length,
    );
    const { positions, total } = grid.page(box, offset, size);
    return { ids: positions.map((k) => p.bikeIds[order[k]!]!), total };
  };
  return { index, total: order.length, expansionZoom, page };
}

const keyOf = (f: MapFilters) => `${f.period}|${f.region}|${f.category ?? ''}|${f.electric ?? ''}`;

/** One instance's stolen-bike map data. */
export class StolenMapData {
  private loaded: Loaded | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The points as of the current version (loaded again when it changed; concurrent callers share the load). */
  private async current(): Promise<Loaded> {
    const version = await readStolenMapVersion(this.db);
    if (this.loaded?.version !== version) {
      const loaded: Loaded = { version, points: loadPoints(this.db), indexes: new Map() };
      this.loaded = loaded;
      // A failed load is tried again by the next call instead of being remembered.
      loaded.points.catch(() => {
        if (this.loaded === loaded) this.loaded = undefined;
      });
    }
    return this.loaded;
  }

  /** The supercluster index of the filters, built once per filter combination and version (one build at a time each). */
  async index(filters: MapFilters): Promise<BuiltIndex> {
    const loaded = await this.current();
    const points = await loaded.points;
    const key = keyOf(filters);
    const now = this.now();
    let entry = loaded.indexes.get(key);
    if (entry && filters.period !== 'all' && now - entry.builtAt > PERIOD_INDEX_LIFE_MS) entry = undefined;
    if (entry) loaded.indexes.delete(key);
    else entry = { builtAt: now, index: Promise.resolve().then(() => buildIndex(points, filters, now)) };
    loaded.indexes.set(key, entry);
    while (loaded.indexes.size > INDEXES_KEPT) {
      const oldest = loaded.indexes.keys().next().value;
      if (oldest === undefined) break;
      loaded.indexes.delete(oldest);
    }
    return entry.index;
  }

  /**
   * The ids of one page of the matching bikes (newest noted first) and how many match, from the filters'
   * index: the same bikes as the clusters (a period's window as of when its index was built).
   */
  async page(filters: MapFilters, box: Box | undefined, offset: number, size: number): Promise<{ ids: string[]; total: number }> {
    return (await this.index(filters)).page(box, offset, size);
  }
}
