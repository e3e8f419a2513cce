import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** The newsletter (issue 15): its two sign-up pages (§2), the confirmation link's page and the unsubscribe page. */
export const newsletterRoutes: RouteObject[] = [
  { path: 'signup/newsletter', element: lazyPage(() => import('./signup-pages'), 'NewsletterPage') },
  { path: 'signup/newsletter-sleek', element: lazyPage(() => import('./signup-pages'), 'NewsletterSleekPage') },
  { path: 'newsletter/confirm', element: lazyPage(() => import('./confirm-page'), 'NewsletterConfirmPage') },
  { path: 'newsletter/unsubscribe', element: lazyPage(() => import('./unsubscribe-page'), 'NewsletterUnsubscribePage') },
];
