import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * Children of /app: hand a bike over (/app/my-bikes/{bikeId}/transfer-ownership), take one over
 * (/app/my-bikes/receive-bike), one transfer for either side (/app/my-bikes/transfers/{transferId}), and ask
 * an owner for a bike one holds (/app/bikes/request-ownership, …/{bikeId}, …/success/{chatId}).
 */
export const transferRoutes: RouteObject[] = [
  { path: 'my-bikes/:bikeId/transfer-ownership', element: lazyPage(() => import('./transfer-page'), 'TransferPage') },
  { path: 'my-bikes/receive-bike', element: lazyPage(() => import('./receive-page'), 'ReceiveBikePage') },
  { path: 'my-bikes/transfers', element: lazyPage(() => import('./receive-page'), 'MyTransfersPage') },
  { path: 'my-bikes/transfers/:transferId', element: lazyPage(() => import('./receive-page'), 'TransferViewPage') },
  { path: 'bikes/request-ownership', element: lazyPage(() => import('./request-page'), 'RequestOwnershipPage') },
  { path: 'bikes/request-ownership/:bikeId', element: lazyPage(() => import('./request-message-page'), 'RequestMessagePage') },
  {
    path: 'bikes/request-ownership/success/:chatId',
    element: lazyPage(() => import('./request-success-page'), 'RequestSuccessPage'),
  },
];
