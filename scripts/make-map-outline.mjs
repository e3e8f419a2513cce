// Writes src/web/maps/outline-dk-no.json: a low-detail outline of Denmark and Norway (Natural Earth 1:50m,
// from the world-atlas package) that the maps draw under the tiles, so they mean something with no tile
// server. Run once after changing it: node scripts/make-map-outline.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const countries = feature(topology, topology.objects.countries);
const wanted = { 208: 'dk', 578: 'no' };
// Mainland Europe only: Svalbard and Jan Mayen lie north of 70.5°N beyond Finnmark's coast, west of 0° or east of 32°.
const keep = (ring) => ring.every(([lng, lat]) => lat < 71.5 && lng > 2 && lng < 32);
const round = (v) => Math.round(v * 100) / 100;

const features = countries.features
  .filter((f) => wanted[Number(f.id)])
  .map((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const kept = polygons
      .filter((polygon) => keep(polygon[0]))
      .map((polygon) =>
        polygon.map((ring) =>
          ring
            .map(([lng, lat]) => [round(lng), round(lat)])
            .filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]),
        ),
      )
      .filter((polygon) => polygon[0].length >= 4);
    return { type: 'Feature', properties: { region: wanted[Number(f.id)] }, geometry: { type: 'MultiPolygon', coordinates: kept } };
  });
const out = JSON.stringify({ type: 'FeatureCollection', features });
writeFileSync(new URL('../src/web/maps/outline-dk-no.json', import.meta.url), `${out}\n`);
process.stdout.write(`outline-dk-no.json: ${features.length} countries, ${out.length} bytes\n`);
