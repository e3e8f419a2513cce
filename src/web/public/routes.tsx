import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

export const publicRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('./home-page'), 'HomePage') },
  { path: '404', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
  { path: '*', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
];
