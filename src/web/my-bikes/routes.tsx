import type { RouteObject } from 'react-router';
import { lazyPage } from '../app/lazy-page';

/** Children of /app: the list of my bikes and my plates. */
export const myBikesRoutes: RouteObject[] = [
  { path: 'my-bikes', element: lazyPage(() => import('./my-bikes-page'), 'MyBikesPage') },
  { path: 'qr-id', element: lazyPage(() => import('./qr-id-page'), 'QrIdPage') },
];
