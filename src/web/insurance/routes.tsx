import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /insurance (§2): the insurance company's admin area, for its staff; the owner's evidence pages. */
export const insuranceRoutes: RouteObject[] = [
  { path: ':insurerPartyId/admin', element: lazyPage(() => import('./admin-page'), 'InsuranceAdminPage') },
  { path: ':insurerPartyId/admin/reports/:reportId', element: lazyPage(() => import('./report-page'), 'InsuranceReportPage') },
  {
    path: ':insurerPartyId/verify-bike-possession/intro',
    element: lazyPage(() => import('./possession/intro-page'), 'PossessionIntroPage'),
  },
  { path: ':insurerPartyId/verify-bike-possession', element: lazyPage(() => import('./possession/possession-page'), 'PossessionPage') },
  { path: ':insurerPartyId/lock-test-portal', element: lazyPage(() => import('./lock-test/portal-page'), 'LockTestPortalPage') },
  {
    path: ':insurerPartyId/lock-test-portal/:lockTestResponseId',
    element: lazyPage(() => import('./lock-test/lock-test-page'), 'LockTestPage'),
  },
];
