import type * as Leaflet from 'leaflet';
import { serverState } from '../lib/server-state';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './map-constants';

// Every map starts here: Leaflet and the outline of Denmark and Norway load lazily (after the page has
// rendered its fixed-height box); the outline is always drawn, so a map means something with no tile
// server (tests, CI, a closed network); tiles from MAP_TILE_URL go on top when configured.

export type LeafletModule = typeof Leaflet;

export interface BaseMapOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  /** Read-only maps (PlaceMap) switch off dragging and zooming by wheel. */
  interactive?: boolean;
  /** Zoom buttons on a read-only map: out for context where no tiles load, in again. */
  zoomButtons?: boolean;
  minZoom?: number;
  maxZoom?: number;
}

export interface BaseMap {
  L: LeafletModule;
  map: Leaflet.Map;
}

let leafletLoad: Promise<LeafletModule> | null = null;
let outlineLoad: Promise<GeoJSON.FeatureCollection> | null = null;

export function loadLeaflet(): Promise<LeafletModule> {
  leafletLoad ??= import('./leaflet-setup').then((m) => m.L);
  // A failed load (network, a new deployment) may be retried by a later map.
  leafletLoad.catch(() => {
    leafletLoad = null;
  });
  return leafletLoad;
}

function loadOutline(): Promise<GeoJSON.FeatureCollection> {
  outlineLoad ??= import('./outline-dk-no.json').then((m) => m.default as unknown as GeoJSON.FeatureCollection);
  outlineLoad.catch(() => {
    outlineLoad = null;
  });
  return outlineLoad;
}

/** The tile layer named by the server (§ config.map), or null: the outline alone. */
export function tileSettings(state: { mapTileUrl: string | null; mapTileAttribution: string } = serverState) {
  return state.mapTileUrl ? { url: state.mapTileUrl, attribution: state.mapTileAttribution } : null;
}

/**
 * Lets the browser paint and handle input before the next step: each step of setting up a map is its own task
 * (evaluating Leaflet, creating the map, drawing the outline, the tiles), none of them long on a slow phone.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

/** Creates a Leaflet map in `container` with the outline (and tiles when configured). */
export async function createBaseMap(container: HTMLElement, options: BaseMapOptions): Promise<BaseMap> {
  const [L, outline] = await Promise.all([loadLeaflet(), loadOutline()]);
  await whenSized(container);
  await yieldToMain();
  const interactive = options.interactive ?? true;
  const map = L.map(container, {
    center: [options.latitude, options.longitude],
    zoom: options.zoom,
    minZoom: options.minZoom ?? MAP_MIN_ZOOM,
    maxZoom: options.maxZoom ?? MAP_MAX_ZOOM,
    dragging: interactive,
    scrollWheelZoom: interactive,
    touchZoom: interactive,
    doubleClickZoom: interactive,
    boxZoom: interactive,
    keyboard: interactive,
    zoomControl: interactive || options.zoomButtons === true,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  await yieldToMain();
  L.geoJSON(outline, {
    interactive: false,
    style: { color: '#7d8c96', weight: 1, fillColor: '#f3f1ea', fillOpacity: 1, className: 'map-outline' },
  }).addTo(map);
  const tiles = tileSettings();
  if (tiles) {
    await yieldToMain();
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
  }
  return { L, map };
}

/**
 * Leaflet measures its box when it creates the map and fits views to that size: a box not laid out yet (a
 * page held back while its texts load) would give a map of no size, looking at the wrong place.
 */
function whenSized(element: HTMLElement): Promise<void> {
  const sized = () => element.clientWidth > 0 && element.clientHeight > 0;
  if (sized()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new ResizeObserver(() => {
      if (!sized()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
  });
}

/** A pin drawn with CSS (Leaflet's PNG icons break under bundlers, and no CDN is allowed). */
export function pinIcon(L: LeafletModule, className = ''): Leaflet.DivIcon {
  return L.divIcon({
    className: `map-pin ${className}`.trim(),
    html: '<span class="map-pin-head"></span>',
    iconSize: [28, 36],
    iconAnchor: [14, 36],
    popupAnchor: [0, -32],
  });
}
