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
      { path: 'insurance-verification', element: lazyPage(() => import('./insurance-verification-list-pages'), 'InsurersPage') },
      {
        path: 'insurance-verification/:insurerPartyId',
        element: lazyPage(() => import('./insurance-verification-list-pages'), 'InsurerQueuePage'),
      },
      { path: 'v2/insurance-verification', element: lazyPage(() => import('./insurance-verification-queue-page'), 'ReviewQueuePage') },
      {
        path: 'v2/insurance-verification/:verificationId/:step?',
        element: lazyPage(() => import('./insurance-verification-review-page'), 'ReviewPage'),
      },
      { path: 'v2/stolen-bikes', element: lazyPage(() => import('./stolen-bikes-page'), 'StolenBikesPage') },
      { path: 'identities/:partyId', element: lazyPage(() => import('./identity-detail-page'), 'IdentityDetailPage') },
      { path: 'organisations', element: lazyPage(() => import('./organisations-page'), 'OrganisationsPage') },
      { path: 'organisations/:partyId', element: lazyPage(() => import('./organisations-detail-page'), 'OrganisationDetailPage') },
      { path: 'v2/diverse', element: lazyPage(() => import('./diverse-page'), 'DiversePage') },
      { path: 'docks', element: lazyPage(() => import('./docks-pages'), 'BackofficeDocksPage') },
      { path: 'docks/:dockId', element: lazyPage(() => import('./docks-pages'), 'BackofficeDockPage') },
      { path: 'docks/:dockId/locks/:lockId', element: lazyPage(() => import('./docks-pages'), 'BackofficeLockPage') },
      { path: 'audit-log', element: lazyPage(() => import('./audit-log-page'), 'AuditLogPage') },
      { path: 'plates', element: lazyPage(() => import('./plates-page'), 'PlatesPage') },
      { path: 'plates/batches/:batchId', element: lazyPage(() => import('./plates-batch-page'), 'PlateBatchPage') },
      { path: 'v2/orders', element: lazyPage(() => import('./orders-page'), 'BackofficeOrdersPage') },
      { path: 'v2/orders/:orderId', element: lazyPage(() => import('./orders-detail-page'), 'BackofficeOrderDetailPage') },
      { path: 'v2/orders/shipments/:shipmentId', element: lazyPage(() => import('./orders-shipment-page'), 'BackofficeShipmentPage') },
    ],
  },
];
