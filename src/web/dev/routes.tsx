import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Development pages: public, and only useful when the server keeps mail in its outbox. */
export const devRoutes: RouteObject[] = [{ path: 'dev/mailbox', element: lazyPage(() => import('./mailbox-page'), 'MailboxPage') }];
