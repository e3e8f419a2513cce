import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

// §2 /privacy and the terms (issue 15): public, no login.
export const legalRoutes: RouteObject[] = [
  { path: 'privacy', element: lazyPage(() => import('./legal-page'), 'PrivacyPage') },
  { path: 'terms', element: lazyPage(() => import('./legal-page'), 'TermsPage') },
];
