import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app. */
export const accountRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('./account-home-page'), 'AccountHomePage') },
  { path: 'referencing', element: lazyPage(() => import('./referrals-page'), 'ReferralsPage') },
  { path: 'settings', element: lazyPage(() => import('./settings-page'), 'SettingsPage') },
  { path: 'settings/caution', element: lazyPage(() => import('./caution-page'), 'CautionPage') },
  { path: 'settings/delete-user', element: lazyPage(() => import('./delete-user-page'), 'DeleteUserPage') },
  // The goodbye is public, because the user is logged out by then (see delete-user-page.tsx).
  { path: 'settings/delete-completed', element: <Navigate to="/successfully-deleted" replace /> },
];

/** Top-level public pages of the account area. */
export const accountPublicRoutes: RouteObject[] = [
  { path: 'successfully-deleted', element: lazyPage(() => import('./deleted-page'), 'DeletedPage') },
];
