import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

const results = () => import('./payment-result-pages');

/**
 * Top-level webshop pages (§2): the public shop, and the checkout and payment results (signed in: lib/access.ts).
 * Declared in the entry's table; every page loads lazily.
 */
export const webshopPublicRoutes: RouteObject[] = [
  // The public shop needs no query cache: it loads as light as the other public pages.
  { path: 'webshop', element: lazyPage(() => import('./webshop-page'), 'WebshopPage') },
  {
    element: lazyPage(() => import('./webshop-layout'), 'WebshopLayout'),
    children: [
      { path: 'go-to-webshop', element: lazyPage(() => import('./go-to-webshop-page'), 'GoToWebshopPage') },
      { path: 'checkout/:orderFamily', element: lazyPage(() => import('./checkout-page'), 'CheckoutPage') },
      { path: 'purchase-complete-redirect', element: lazyPage(results, 'PurchaseCompletePage') },
      { path: 'purchase-subscription-redirect', element: lazyPage(results, 'PurchaseSubscriptionPage') },
      { path: 'organisation-payment-complete-redirect', element: lazyPage(results, 'OrganisationPaymentCompletePage') },
      { path: 'purchase-failed', element: lazyPage(results, 'PurchaseFailedPage') },
    ],
  },
];
