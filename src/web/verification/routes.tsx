import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: the §2 redirect pages of national ID verification (signed-in pages). */
export const verificationRoutes: RouteObject[] = [
  { path: 'redirects/verification-begin-redirect', element: lazyPage(() => import('./begin-page'), 'VerificationBeginPage') },
  { path: 'redirects/verification-complete-redirect', element: lazyPage(() => import('./complete-page'), 'VerificationCompletePage') },
];
