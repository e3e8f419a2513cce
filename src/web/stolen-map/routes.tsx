import i18n from 'i18next';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

// The pages' texts are asked for together with their code: waiting for the code, then for one catalog and
// then for the next (the filters' and the list's bike-card texts) put three round trips before the first paint.
const withTexts = <M,>(load: () => Promise<M>) => {
  return () => {
    void i18n.loadNamespaces(['stolen-map', 'bike-card']);
    return load();
  };
};

/** Public: the stolen-bike map (/stolen-bike-map) and one stolen bike's page (/stolen-bike-map/{bikeId}). */
export const stolenMapRoutes: RouteObject[] = [
  {
    path: 'stolen-bike-map',
    element: lazyPage(
      withTexts(() => import('./stolen-map-page')),
      'StolenMapPage',
    ),
  },
  {
    path: 'stolen-bike-map/:bikeId',
    element: lazyPage(
      withTexts(() => import('./stolen-bike-page')),
      'StolenBikePage',
    ),
  },
];
