import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * /app/bikes/{bikeId}/contact-bike-owner, in the public route table: a visitor may open it (app/access.ts)
 * and write before signing in, so it loads without the signed-in app (public first-load budget).
 */
export const chatPublicRoutes: RouteObject[] = [
  { path: 'app/bikes/:bikeId/contact-bike-owner', element: lazyPage(() => import('./contact-page'), 'ContactOwnerPage') },
];
