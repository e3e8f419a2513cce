import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * The Danish insurance sign-up (§2, public: visitors and signed-in buyers); the page on the insurance benefit is web/about's.
 * Declared in the entry's table; every page loads lazily.
 */
export const insuranceSignupRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import('./signup-layout'), 'SignupLayout'),
    children: [
      { path: 'forsikrings-indtegning', element: lazyPage(() => import('./basket-page'), 'BasketPage') },
      { path: 'forsikrings-indtegning/overblik', element: lazyPage(() => import('./overview-page'), 'OverviewPage') },
      { path: 'forsikrings-indtegning/order-confirmation', element: lazyPage(() => import('./confirmation-page'), 'ConfirmationPage') },
    ],
  },
];
