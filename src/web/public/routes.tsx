import i18n from 'i18next';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** The 404 page: for /404, any unknown path, and any unknown path under /app and /backoffice (their own tables). */
export const notFoundRoute: RouteObject = { path: '*', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') };

// The front page's texts (and the colour names of its stolen-bike cards) load beside its code, not after it.
const loadHomePage = () => Promise.all([import('./home-page'), i18n.loadNamespaces(['home', 'bike-card'])]).then(([page]) => page);

export const publicRoutes: RouteObject[] = [
  { index: true, element: lazyPage(loadHomePage, 'HomePage') },
  { path: '404', element: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
  notFoundRoute,
];
