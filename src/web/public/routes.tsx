import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** The 404 page: for /404, any unknown path, and any unknown path under /app and /backoffice (their own tables). */
export const notFoundRoute: RouteObject = { path: '*', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') };

export const publicRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('./home-page'), 'HomePage') },
  { path: '404', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
  notFoundRoute,
];
