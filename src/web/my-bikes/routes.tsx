import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: the list of my bikes, one bike's page (its tabs, with the ownership and theft actions), my plates. */
export const myBikesRoutes: RouteObject[] = [
  { path: 'my-bikes', element: lazyPage(() => import('./my-bikes-page'), 'MyBikesPage') },
  { path: 'my-bikes/:bikeId', element: lazyPage(() => import('./bike-page'), 'BikePage') },
  { path: 'qr-id', element: lazyPage(() => import('./qr-id-page'), 'QrIdPage') },
];
