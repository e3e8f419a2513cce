import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: verify ownership (/app/bikes/verify-ownership…) and the sales links of a bike. */
export const verificationRoutes: RouteObject[] = [
  { path: 'bikes/verify-ownership', element: lazyPage(() => import('./verify-list-page'), 'VerifyListPage') },
  { path: 'bikes/verify-ownership/:bikeId/frame', element: lazyPage(() => import('./verify-frame-page'), 'VerifyFramePage') },
  { path: 'bikes/verify-ownership/:bikeId/owner', element: lazyPage(() => import('./verify-owner-page'), 'VerifyOwnerPage') },
  { path: 'my-bikes/:bikeId/sales-link', element: lazyPage(() => import('./sales-link-page'), 'SalesLinkPage') },
];
