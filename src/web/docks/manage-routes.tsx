import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: an organisation's admin manages its docks and locks (issue 16); /app/docks itself is the user's list. */
export const dockManageRoutes: RouteObject[] = [
  { path: 'docks/manage', element: lazyPage(() => import('./manage-pages'), 'ManageDocksPage') },
  { path: 'docks/manage/:dockId', element: lazyPage(() => import('./manage-pages'), 'ManageDockPage') },
  { path: 'docks/manage/:dockId/locks/:lockId', element: lazyPage(() => import('./manage-pages'), 'ManageLockPage') },
];
