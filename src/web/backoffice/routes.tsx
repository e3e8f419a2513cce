import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /backoffice. The backoffice's own home comes later; for now it opens on the users. */
export const backofficeRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/backoffice/identities" replace /> },
  { path: 'identities', element: lazyPage(() => import('./identities-page'), 'IdentitiesPage') },
  { path: 'tickets', element: lazyPage(() => import('./tickets-page'), 'TicketsPage') },
  { path: 'tickets/:ticketId', element: lazyPage(() => import('./tickets-detail-page'), 'TicketDetailPage') },
  { path: 'ownership-verifications', element: lazyPage(() => import('./ownership-verifications-page'), 'OwnershipVerificationsPage') },
];
