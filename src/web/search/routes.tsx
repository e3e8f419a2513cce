import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Public search by frame number or plate ID, and the organisation search. */
export const searchRoutes: RouteObject[] = [
  { path: 'search', element: lazyPage(() => import('./search-page'), 'SearchPage') },
  // Needs a session (§2 access table: not in the public list); the page explains itself to a private user.
  { path: 'org-bike-search', element: lazyPage(() => import('./org-search-page'), 'OrgSearchPage') },
];
