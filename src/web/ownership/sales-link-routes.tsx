import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** /for-sale/{linkId}: the public proof behind a sales ad (open to visitors; see app/access.ts). */
export const salesLinkPublicRoutes: RouteObject[] = [
  { path: 'for-sale/:linkId', element: lazyPage(() => import('./sales-proof-page'), 'SalesProofPage') },
];
