import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** §2 /find-distributor (issue 15): shops and partners that sell plates, as a list and on a map. */
export const distributorRoutes: RouteObject[] = [
  { path: 'find-distributor', element: lazyPage(() => import('./find-distributor-page'), 'FindDistributorPage') },
];
