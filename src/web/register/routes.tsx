import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: registering a bike, credits and vouchers (§2 bike registration). */
export const registerRoutes: RouteObject[] = [
  { path: 'register-bike', element: lazyPage(() => import('./register-start-pages'), 'RegisterStartPage') },
  { path: 'register-bike/pre-registration', element: lazyPage(() => import('./register-start-pages'), 'PreRegistrationPage') },
  {
    path: 'register-bike/pre-registration-insurance-warning',
    element: lazyPage(() => import('./register-start-pages'), 'InsuranceWarningPage'),
  },
  { path: 'register-bike/insurance-stop', element: lazyPage(() => import('./register-start-pages'), 'InsuranceStopPage') },
  { path: 'bikes/register', element: lazyPage(() => import('./register-bike-page'), 'RegisterBikePage') },
  { path: 'bikes/register/redeem', element: lazyPage(() => import('./redeem-page'), 'RedeemPage') },
];
