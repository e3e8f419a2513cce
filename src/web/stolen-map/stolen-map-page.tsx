import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { MapFilters, StolenBikePage, StolenBikeSummary } from '../../domain/stolen-map';
import { api } from '../lib/api-client';
import { PageTitle } from '../ui/page';
import { useLoadAfterFirstRender } from './after-first-render';
import type { BikePopup } from './cluster-map';
import { type MapView, useClusters, useStolenList } from './map-data';
import { filterParams, readFilters, sameView } from './map-filters';
import { MapFiltersForm } from './map-filters-form';
import { bikeName, bikePagePath } from './map-format';
import { StolenList } from './stolen-list';
import '../maps/map-box.css';
import './stolen-map.css';

// The map's code comes with Leaflet once the page's first screen has been painted (the first load stays
// within budget, and evaluating Leaflet does not delay the first paint); its box is reserved meanwhile.
const loadClusterMap = () => import('./cluster-map').then((m) => m.ClusterMap);

/** /stolen-bike-map: stolen bikes on a map (places rounded to ~1 km) and, beside it, the same bikes as a list. */
export function StolenMapPage() {
  const { t } = useTranslation('stolen-map');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [view, setView] = useState<MapView | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const ClusterMap = useLoadAfterFirstRender(loadClusterMap);
  const clusters = useClusters(filters, view);
  const list = useStolenList(filters, mapFailed ? null : view ? view.box : undefined);

  const onView = useCallback((next: MapView) => setView((last) => (sameView(last, next) ? last : next)), []);
  const changeFilters = (next: MapFilters) => setParams(filterParams(next));

  // A pin's popup names the bike: from the list when it is there, else from the bike's page call.
  const items = useRef<StolenBikeSummary[]>([]);
  items.current = list.state.items;
  const describeBike = useCallback(
    async (bikeId: string): Promise<BikePopup> => {
      const known = items.current.find((item) => item.bike_id === bikeId);
      const summary = known ?? (await api<StolenBikePage>(`/stolen-bike-map/${encodeURIComponent(bikeId)}`)).summary;
      return { name: bikeName(summary, t('bike.unnamed')), href: bikePagePath(bikeId) };
    },
    [t],
  );

  const clusterData = clusters.state.kind === 'done' ? clusters.state.data : clusters.state.last;
  const listDone = list.state.status === 'done';
  return (
    <div className="stolen-map-page">
      <PageTitle>{t('page.title')}</PageTitle>
      <p className="stolen-map-lead">{t('page.lead')}</p>
      <p className="stolen-map-lead">{t('page.rounded')}</p>
      <MapFiltersForm filters={filters} onChange={changeFilters} />
      <p className="stolen-map-count" aria-live="polite" aria-atomic="true">
        {listDone
          ? mapFailed
            ? t('page.countAll', { count: list.state.total })
            : t('page.countInView', { count: list.state.total, total: clusterData?.total ?? list.state.total })
          : list.state.status === 'failed'
            ? ''
            : t('page.counting')}
      </p>
      <div className="stolen-map-layout">
        <div className="stolen-map-column">
          <p className="visually-hidden">{t('map.hint')}</p>
          {ClusterMap ? (
            <ClusterMap
              region={filters.region}
              clusters={clusterData?.clusters ?? null}
              onView={onView}
              describeBike={describeBike}
              onOpenBike={(href) => navigate(href)}
              failed={clusters.state.kind === 'failed'}
              onRetry={clusters.retry}
              onMapFailed={() => setMapFailed(true)}
            />
          ) : (
            <div className="map-box stolen-map-box" />
          )}
        </div>
        <StolenList state={list.state} onMore={list.showMore} onRetry={list.retry} />
      </div>
    </div>
  );
}
