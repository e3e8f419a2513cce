// Copies of domain/stolen-map.ts constants: that module builds zod schemas at load, and importing a
// value from it would put zod into public pages' first load. map-constants.test.ts keeps them equal.

/** The view a map shows when it opens: Denmark and southern Norway. */
export const MAP_HOME = { latitude: 59.5, longitude: 10.5, zoom: 5 } as const;
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 18;
/** The countries' extents ([south, west], [north, east]): the region filter fits the map to them. */
export const REGION_BOUNDS: Record<'dk' | 'no', [[number, number], [number, number]]> = {
  dk: [
    [54.55, 8.05],
    [57.75, 15.2],
  ],
  no: [
    [57.95, 4.6],
    [71.2, 31.1],
  ],
};
/** Where the map opens for a region before it knows its size (then fits REGION_BOUNDS). */
export const REGION_VIEWS = {
  dk: { latitude: 56.1, longitude: 10.6, zoom: 6 },
  no: { latitude: 64.5, longitude: 13.5, zoom: 4 },
} as const;
