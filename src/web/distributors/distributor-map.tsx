import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Distributor } from '../../domain/distributors';
import { pinIcon } from '../maps/base-map';
import { MapBox } from '../maps/map-box';
import { MAP_HOME, REGION_BOUNDS } from '../maps/map-constants';
import { useBaseMap } from '../maps/use-base-map';

/**
 * The distributors of the list on a map: a pin each, whose popup names it; the map fits the pins (not closer than a
 * region's view: without tiles the outline alone shows where they are) or the chosen country.
 */
export function DistributorMap({ distributors, region }: { distributors: Distributor[]; region: 'dk' | 'no' | null }) {
  const { t } = useTranslation('distributors');
  const box = useRef<HTMLDivElement>(null);
  const { status, mapRef, retry } = useBaseMap(box, MAP_HOME);
  const layer = useRef<Leaflet.LayerGroup | null>(null);

  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base) return;
    const { L, map } = base;
    const group = L.layerGroup();
    for (const d of distributors) {
      const marker = L.marker([d.latitude, d.longitude], { icon: pinIcon(L), title: d.name, alt: d.name, riseOnHover: true });
      const body = document.createElement('div');
      const name = document.createElement('strong');
      name.textContent = d.name;
      body.append(name, document.createElement('br'), `${d.street}, ${d.postcode} ${d.city}`);
      marker.bindPopup(body, { minWidth: 180 });
      group.addLayer(marker);
    }
    group.addTo(map);
    layer.current?.remove();
    layer.current = group;
    if (distributors.length > 0) {
      map.fitBounds(L.latLngBounds(distributors.map((d) => [d.latitude, d.longitude] as [number, number])), {
        maxZoom: 13,
        padding: [32, 32],
      });
    } else if (region) map.fitBounds(REGION_BOUNDS[region]);
  }, [status, mapRef, distributors, region]);

  return (
    <MapBox
      ref={box}
      status={status}
      onRetry={retry}
      className="distributors-map"
      testId="distributors-map"
      role="application"
      label={t('map.label')}
    />
  );
}
