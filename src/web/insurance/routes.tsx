import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /insurance (§2): the insurance company's admin area, for its staff, and the owner's own claims. */
export const insuranceRoutes: RouteObject[] = [
  { path: 'self/admin/reports', element: lazyPage(() => import('./reports-page'), 'OwnClaimsPage') },
  { path: ':insurerPartyId/admin', element: lazyPage(() => import('./admin-page'), 'InsuranceAdminPage') },
  { path: ':insurerPartyId/admin/reports', element: lazyPage(() => import('./reports-page'), 'InsuranceReportsPage') },
  { path: ':insurerPartyId/admin/reports/:claimId', element: lazyPage(() => import('./claim-page'), 'InsuranceClaimPage') },
  {
    path: ':insurerPartyId/admin/policies/:policyId/bikes/:bikeId',
    element: lazyPage(() => import('./insured-bike-page'), 'InsuredBikePage'),
  },
];
