import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Public: the stolen-bike map (/stolen-bike-map) and one stolen bike's page (/stolen-bike-map/{bikeId}). */
export const stolenMapRoutes: RouteObject[] = [
  { path: 'stolen-bike-map', element: lazyPage(() => import('./stolen-map-page'), 'StolenMapPage') },
  { path: 'stolen-bike-map/:bikeId', element: lazyPage(() => import('./stolen-bike-page'), 'StolenBikePage') },
];
