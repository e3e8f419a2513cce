import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * §2 Flows (issue 16): /flows/{memo}, /flows/{memo}/{stepMemo}, the top-level /{memo} (a memo with a dot; any other
 * single segment shows the 404 page, flow-route-pages.tsx), and the /{region}/* catch-all for the regions dk and no.
 */
export const flowRoutes: RouteObject[] = [
  { path: 'flows/:memo', element: lazyPage(() => import('./flow-route-pages'), 'FlowsRoutePage') },
  { path: 'flows/:memo/:stepMemo', element: lazyPage(() => import('./flow-route-pages'), 'FlowsRoutePage') },
  { path: ':memo', element: lazyPage(() => import('./flow-route-pages'), 'TopLevelFlowPage') },
  { path: 'dk/*', element: lazyPage(() => import('./flow-route-pages'), 'RegionPage') },
  { path: 'no/*', element: lazyPage(() => import('./flow-route-pages'), 'RegionPage') },
];
