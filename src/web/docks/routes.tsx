import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app (issue 16): the docks the user may use, a dock's locks live, one lock, and its live channel. */
export const dockRoutes: RouteObject[] = [
  { path: 'docks', element: lazyPage(() => import('./docks-page'), 'DocksPage') },
  { path: 'docks/:dockId/locks', element: lazyPage(() => import('./locks-page'), 'LocksPage') },
  { path: 'docks/:dockId/locks/:lockId', element: lazyPage(() => import('./lock-page'), 'LockPage') },
  { path: 'docks/:dockId/locks/:lockId/websocket', element: lazyPage(() => import('./lock-channel-page'), 'LockChannelPage') },
];
