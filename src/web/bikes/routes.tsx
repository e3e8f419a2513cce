import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app for one bike: /app/my-bikes/{bikeId}/… (the page itself is my-bikes') and /app/redirects/edit-bike/{bikeId}. */
export const bikeRoutes: RouteObject[] = [
  { path: 'my-bikes/:bikeId/edit', element: lazyPage(() => import('./bike-edit-page'), 'BikeEditPage') },
  { path: 'my-bikes/:bikeId/edit/equipment', element: lazyPage(() => import('./equipment-page'), 'EquipmentEditPage') },
  { path: 'my-bikes/:bikeId/intro-step', element: lazyPage(() => import('./intro-step-page'), 'IntroStepPage') },
  { path: 'my-bikes/:bikeId/post-edit', element: lazyPage(() => import('./post-edit-page'), 'PostEditPage') },
  { path: 'my-bikes/:bikeId/public', element: lazyPage(() => import('./public-page'), 'BikePublicPage') },
  { path: 'my-bikes/:bikeId/attach-existing-credit', element: lazyPage(() => import('./attach-credit-page'), 'AttachCreditPage') },
  { path: 'my-bikes/:bikeId/complete-confirm', element: lazyPage(() => import('./complete-confirm-page'), 'CompleteConfirmPage') },
  {
    path: 'my-bikes/:bikeId/complete-confirm-missing-frame-number',
    element: lazyPage(() => import('./missing-frame-number-page'), 'MissingFrameNumberPage'),
  },
  { path: 'my-bikes/:bikeId/redeem-voucher', element: lazyPage(() => import('./redeem-voucher-page'), 'RedeemVoucherPage') },
  { path: 'my-bikes/:bikeId/report-deleted', element: lazyPage(() => import('./report-deleted-page'), 'ReportDeletedPage') },
  { path: 'redirects/edit-bike/:bikeId', element: lazyPage(() => import('./edit-redirect'), 'EditBikeRedirect') },
];
