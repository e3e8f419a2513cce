import type { TFunction } from 'i18next';
import type * as Leaflet from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapCluster, MapRegion } from '../../domain/stolen-map';
import { pinIcon } from '../maps/base-map';
import { MapBox } from '../maps/map-box';
import { MAP_HOME, REGION_BOUNDS, REGION_VIEWS } from '../maps/map-constants';
import { useBaseMap } from '../maps/use-base-map';
import type { MapView } from './map-data';
import '../maps/map-box.css';

// The stolen-bike map: clusters (a circle with the count; a click zooms to where it breaks apart) and
// single bikes (a pin; a click opens a popup naming the bike with a link to its page). It reports its
// view, debounced, after every move; the page fetches and hands the clusters back.

const MOVE_DEBOUNCE_MS = 250;

export interface BikePopup {
  name: string;
  href: string;
}

/** Where the map opens for a region; a phone's narrow map starts one zoom level out to show as much. */
export function regionView(region: MapRegion) {
  const view = region === 'all' ? MAP_HOME : REGION_VIEWS[region];
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 720px)').matches;
  return narrow ? { ...view, zoom: view.zoom - 1 } : view;
}

export function ClusterMap(props: {
  region: MapRegion;
  clusters: MapCluster[] | null;
  onView: (view: MapView) => void;
  describeBike: (bikeId: string) => Promise<BikePopup>;
  onOpenBike: (href: string) => void;
  failed: boolean;
  onRetry: () => void;
  onMapFailed: () => void;
}) {
  const { t } = useTranslation('stolen-map');
  const box = useRef<HTMLDivElement>(null);
  const { status, mapRef, retry } = useBaseMap(box, regionView(props.region));
  const callbacks = useRef(props);
  callbacks.current = props;
  const layer = useRef<Leaflet.LayerGroup | null>(null);

  // Report the view once the map exists and after each move (debounced: a drag is many moves).
  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const b = base.map.getBounds();
      callbacks.current.onView({
        box: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
        zoom: base.map.getZoom(),
      });
    };
    const moved = () => {
      clearTimeout(timer);
      timer = setTimeout(report, MOVE_DEBOUNCE_MS);
    };
    // A country fills the map whatever its size (before listening, so this is not a second fetch).
    const region = callbacks.current.region;
    if (region !== 'all') base.map.fitBounds(REGION_BOUNDS[region], { animate: false });
    report();
    base.map.on('moveend', moved);
    return () => {
      clearTimeout(timer);
      base.map.off('moveend', moved);
    };
  }, [status, mapRef]);

  // The region filter moves the map to that country (not on first render: the map opened there).
  const shownRegion = useRef(props.region);
  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base || shownRegion.current === props.region) return;
    shownRegion.current = props.region;
    if (props.region !== 'all') base.map.fitBounds(REGION_BOUNDS[props.region]);
    else {
      const view = regionView('all');
      base.map.setView([view.latitude, view.longitude], view.zoom);
    }
  }, [status, mapRef, props.region]);

  // Draw the clusters handed in; a new answer replaces the whole layer.
  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base || !props.clusters) return;
    const { L, map } = base;
    const group = L.layerGroup();
    for (const cluster of props.clusters) {
      if (cluster.bike_id)
        group.addLayer(bikeMarker(L, { latitude: cluster.latitude, longitude: cluster.longitude, bikeId: cluster.bike_id }, t, callbacks));
      else {
        const marker = L.marker([cluster.latitude, cluster.longitude], {
          icon: clusterIcon(L, cluster.count),
          title: t('map.clusterTitle', { count: cluster.count }),
          alt: t('map.clusterTitle', { count: cluster.count }),
          riseOnHover: true,
        });
        const zoom = cluster.expansion_zoom ?? map.getZoom() + 2;
        marker.on('click', () => map.setView([cluster.latitude, cluster.longitude], zoom));
        group.addLayer(marker);
      }
    }
    group.addTo(map);
    layer.current?.remove();
    layer.current = group;
  }, [status, mapRef, props.clusters, t]);

  // Without a map the list still works, over the whole of both countries.
  useEffect(() => {
    if (status === 'failed') callbacks.current.onMapFailed();
  }, [status]);

  return (
    <div className="stolen-map-frame">
      <MapBox
        ref={box}
        status={status}
        onRetry={retry}
        className="stolen-map"
        testId="stolen-map"
        role="application"
        label={t('map.label')}
      />
      {props.failed && status === 'ready' && (
        <div className="stolen-map-error" role="alert">
          <span>{t('map.clustersFailed')}</span>
          <button type="button" className="btn btn-secondary btn-small" onClick={props.onRetry}>
            {t('maps.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

function clusterIcon(L: typeof Leaflet, count: number): Leaflet.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 42 : 52;
  return L.divIcon({
    className: 'map-cluster',
    html: `<span>${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** One bike: a pin whose popup names the bike (asked for on opening) and links to its page. */
function bikeMarker(
  L: typeof Leaflet,
  at: { latitude: number; longitude: number; bikeId: string },
  t: TFunction<'stolen-map'>,
  callbacks: RefObject<{ describeBike: (bikeId: string) => Promise<BikePopup>; onOpenBike: (href: string) => void }>,
) {
  const { latitude, longitude, bikeId } = at;
  const title = t('map.bikeTitle');
  const marker = L.marker([latitude, longitude], { icon: pinIcon(L, 'map-pin-stolen'), title, alt: title, riseOnHover: true });
  const body = document.createElement('div');
  body.className = 'stolen-popup';
  body.textContent = t('map.popupLoading');
  marker.bindPopup(body, { minWidth: 180 });
  marker.on('popupopen', () => {
    callbacks.current.describeBike(bikeId).then(
      (bike) => {
        body.replaceChildren();
        const name = document.createElement('strong');
        name.textContent = bike.name;
        const link = document.createElement('a');
        link.href = bike.href;
        link.textContent = t('map.popupLink');
        // Follow the link inside the app (no full page load), like a router Link.
        link.addEventListener('click', (event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          callbacks.current.onOpenBike(bike.href);
        });
        body.append(name, document.createElement('br'), link);
      },
      () => {
        body.textContent = t('map.popupFailed');
      },
    );
  });
  return marker;
}
