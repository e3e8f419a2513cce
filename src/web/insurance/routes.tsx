import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /insurance (§2): the insurance company's admin area, for its staff. */
export const insuranceRoutes: RouteObject[] = [
  { path: ':insurerPartyId/admin', element: lazyPage(() => import('./admin-page'), 'InsuranceAdminPage') },
  { path: ':insurerPartyId/admin/reports/:reportId', element: lazyPage(() => import('./report-page'), 'InsuranceReportPage') },
];
