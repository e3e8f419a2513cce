import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** /support/chat (§2, public): a signed-in person or a visitor writes to support. */
export const supportRoutes: RouteObject[] = [
  { path: 'support/chat', element: lazyPage(() => import('./support-chat-page'), 'SupportChatPage') },
];
