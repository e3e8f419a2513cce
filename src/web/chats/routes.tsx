import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app: /app/chats, /app/chats/{chatId}, /app/bikes/{bikeId}/contact-bike-owner/success. */
export const chatRoutes: RouteObject[] = [
  { path: 'chats', element: lazyPage(() => import('./inbox-page'), 'InboxPage') },
  { path: 'chats/:chatId', element: lazyPage(() => import('./chat-page'), 'ChatPage') },
  { path: 'bikes/:bikeId/contact-bike-owner/success', element: lazyPage(() => import('./contact-success-page'), 'ContactSuccessPage') },
];
