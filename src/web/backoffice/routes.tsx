import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { BackofficeLayout } from './backoffice-layout';

/** Children of /backoffice (§2 Backoffice, v1 and v2), all inside the backoffice's menu. */
export const backofficeRoutes: RouteObject[] = [
  {
    element: <BackofficeLayout />,
    children: [
      { index: true, element: lazyPage(() => import('./home-page'), 'BackofficeHomePage') },
      { path: 'v2', element: lazyPage(() => import('./home-page'), 'BackofficeHomePage') },
      { path: 'identities', element: lazyPage(() => import('./identities-page'), 'IdentitiesPage') },
      { path: 'tickets', element: lazyPage(() => import('./tickets-page'), 'TicketsPage') },
      { path: 'tickets/:ticketId', element: lazyPage(() => import('./tickets-detail-page'), 'TicketDetailPage') },
      { path: 'ownership-verifications', element: lazyPage(() => import('./ownership-verifications-page'), 'OwnershipVerificationsPage') },
      { path: 'v2/orders', element: lazyPage(() => import('./orders-page'), 'BackofficeOrdersPage') },
      { path: 'v2/orders/:orderId', element: lazyPage(() => import('./orders-detail-page'), 'BackofficeOrderDetailPage') },
      { path: 'v2/orders/shipments/:shipmentId', element: lazyPage(() => import('./orders-shipment-page'), 'BackofficeShipmentPage') },
    ],
  },
];
