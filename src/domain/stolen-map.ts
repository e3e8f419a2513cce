import * as z from 'zod/mini';
import { BIKE_CATEGORIES, publicBikeSchema } from './bikes.js';

// The stolen-bike map (§2 /stolen-bike-map, issue 6): filters, clusters, the list beside the map and one
// stolen bike's public page. Places here are always the public ~1 km ones (theft.ts publicLocation),
// never the exact place of the theft, and nothing names the owner.

export const MAP_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type MapPeriod = (typeof MAP_PERIODS)[number];
export const MAP_REGIONS = ['all', 'dk', 'no'] as const;
export type MapRegion = (typeof MAP_REGIONS)[number];
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 18;
export const MAP_LIST_PAGE_SIZE = 20;

/** The view the map shows when it opens: Denmark and southern Norway. */
export const MAP_HOME = { latitude: 59.5, longitude: 10.5, zoom: 5 } as const;

const bool = z.pipe(
  z.transform((v: unknown) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v)),
  z.boolean({ error: 'field_invalid' }),
);
const degrees = (max: number) => z.coerce.number({ error: 'field_invalid' }).check(z.minimum(-max), z.maximum(max));

/** The filters shared by the map, its list and the address bar (?period=…&region=…&category=…&electric=…). */
export const mapFiltersSchema = z.object({
  period: z._default(z.enum(MAP_PERIODS, { error: 'field_invalid' }), 'all'),
  region: z._default(z.enum(MAP_REGIONS, { error: 'field_invalid' }), 'all'),
  category: z.optional(z.enum(BIKE_CATEGORIES, { error: 'field_invalid' })),
  electric: z.optional(bool),
});
export type MapFilters = z.infer<typeof mapFiltersSchema>;

/** GET /api/stolen-bike-map/clusters: the filters, the visible box and the zoom. */
export const mapClustersQuerySchema = z.extend(mapFiltersSchema, {
  west: degrees(180),
  south: degrees(90),
  east: degrees(180),
  north: degrees(90),
  zoom: z.coerce.number({ error: 'field_invalid' }).check(z.int({ error: 'field_invalid' }), z.minimum(0), z.maximum(MAP_MAX_ZOOM + 2)),
});
export type MapClustersQuery = z.infer<typeof mapClustersQuerySchema>;

/** A cluster of stolen bikes, or one bike (count 1 and bike_id set). */
export const mapClusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  bike_id: z.nullable(z.string()),
  /** The zoom at which a cluster breaks apart (for a click to zoom in to), null for one bike. */
  expansion_zoom: z.nullable(z.number()),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;
export const mapClustersAnswerSchema = z.object({
  clusters: z.array(mapClusterSchema),
  /** Stolen bikes matching the filters anywhere (not only in the box). */
  total: z.number(),
});
export type MapClustersAnswer = z.infer<typeof mapClustersAnswerSchema>;

/** GET /api/stolen-bike-map/list: the filters, optionally the visible box, and a page. */
export const mapListQuerySchema = z.extend(mapFiltersSchema, {
  west: z.optional(degrees(180)),
  south: z.optional(degrees(90)),
  east: z.optional(degrees(180)),
  north: z.optional(degrees(90)),
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});
export type MapListQuery = z.infer<typeof mapListQuerySchema>;

/** A stolen bike in the list beside the map (and the head of its page). */
export const stolenBikeSummarySchema = z.object({
  bike_id: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  color_id: z.nullable(z.string()),
  category_id: z.nullable(z.string()),
  is_electric: z.boolean(),
  /** When the owner noticed the theft (ISO). */
  stolen_at: z.string(),
  /** The area, e.g. "2100 København Ø": zip code and city of the place, never the street. */
  area: z.nullable(z.string()),
  region: z.enum(['dk', 'no']),
  latitude: z.number(),
  longitude: z.number(),
  public_picture_url: z.nullable(z.string()),
});
export type StolenBikeSummary = z.infer<typeof stolenBikeSummarySchema>;
export const mapListAnswerSchema = z.object({
  items: z.array(stolenBikeSummarySchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type MapListAnswer = z.infer<typeof mapListAnswerSchema>;

/** GET /api/stolen-bike-map/{bikeId}: one stolen bike's public page. 404 once it is found. */
export const stolenBikePageSchema = z.object({
  summary: stolenBikeSummarySchema,
  card: publicBikeSchema,
});
export type StolenBikePage = z.infer<typeof stolenBikePageSchema>;

/** A zip code (4 digits in Denmark and Norway, optionally with a DK-/N-/NO- prefix) followed by a place name. */
const AREA = /^(?:(?:DK|NO|N)[-\s]?)?(\d{4})\s+(\p{Lu}[\p{L}.'-]*(?:\s+[\p{L}][\p{L}.'-]*)*)$/u;
const AREA_INSIDE = /(?:^|[\s,])(?:(?:DK|NO|N)-)?(\d{4})\s+(\p{Lu}[\p{L}.'-]*(?:\s+[\p{L}][\p{L}.'-]*)*)/u;

/**
 * The area of a place as the list shows it (zip code and town, never the street):
 * "Nørrebrogade 10, 2200 København N" → "2200 København N". Null when the text names no zip code.
 */
export function areaOfPlace(place: string): string | null {
  const tidy = (code: string, name: string) => `${code} ${name.trim().replace(/\s+/g, ' ')}`;
  // The usual form puts the zip code and town in a part of its own, after the street; the last such part wins.
  const parts = place.split(/[,\n;]/).map((p) => p.trim());
  for (let i = parts.length - 1; i >= 0; i--) {
    const m = AREA.exec(parts[i] ?? '');
    if (m?.[1] && m[2]) return tidy(m[1], m[2]);
  }
  // Else a zip code and town anywhere (without a comma before it): "Jægersborggade 10 2200 København N".
  for (const part of parts) {
    const m = AREA_INSIDE.exec(part);
    if (m?.[1] && m[2]) return tidy(m[1], m[2]);
  }
  return null;
}
