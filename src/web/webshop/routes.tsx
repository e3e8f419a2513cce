import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

const purchases = () => import('./purchase-pages');
const orders = () => import('./orders-pages');

/** Children of /app: buying a registration, plates and subscriptions, the NAF flow, an organisation's plan, my orders. */
export const webshopRoutes: RouteObject[] = [
  { path: 'bikes/register/purchase', element: lazyPage(purchases, 'RegisterPurchasePage') },
  { path: 'bikes/register/purchase-naf', element: lazyPage(() => import('./naf-page'), 'NafPage') },
  { path: 'my-bikes/:bikeId/registration-purchase', element: lazyPage(purchases, 'BikeRegistrationPurchasePage') },
  { path: 'my-bikes/:bikeId/buy-plate', element: lazyPage(purchases, 'BuyPlatePage') },
  { path: 'my-bikes/:bikeId/subscription-status', element: lazyPage(() => import('./subscription-status-page'), 'SubscriptionStatusPage') },
  { path: 'settings/orders', element: lazyPage(orders, 'OrdersPage') },
  { path: 'settings/orders/:orderId', element: lazyPage(orders, 'OrderPage') },
  { path: 'organisations/integrate-stripe', element: lazyPage(() => import('./organisation-plan-page'), 'OrganisationPlanPage') },
];
