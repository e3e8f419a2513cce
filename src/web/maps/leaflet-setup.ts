import * as leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './maps.css';

// Loaded only through a dynamic import (base-map.ts): Leaflet (~40 KB gzip) and its stylesheet end up in
// this chunk and its CSS, never in a page's first load. Leaflet ships as UMD; the namespace may wrap it.
const withDefault = leaflet as typeof leaflet & { default?: typeof leaflet };
export const L: typeof leaflet = withDefault.default ?? leaflet;
