import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

const LOOP = 'signup/from-scan/create-bikes-loop';

/** Plate scans (/sticker-id/…) and sign-up from a scan (§2). */
export const stickerRoutes: RouteObject[] = [
  { path: 'sticker-id/insurance-plate', element: lazyPage(() => import('./sticker-info-pages'), 'InsurancePlatePage') },
  { path: 'sticker-id/no-registration', element: lazyPage(() => import('./sticker-info-pages'), 'NoRegistrationPage') },
  // The GS1 Digital Link printed in the plate's QR code, and the short form: both resolve the same.
  { path: 'sticker-id/01/:fixedCode/21/:stickerId', element: lazyPage(() => import('./sticker-page'), 'StickerPage') },
  { path: 'sticker-id/:stickerId', element: lazyPage(() => import('./sticker-page'), 'StickerPage') },
  { path: 'signup/from-scan', element: lazyPage(() => import('./signup-from-scan-page'), 'SignupFromScanPage') },
  // From here on a session is needed: the §2 access table sends visitors to login.
  { path: LOOP, element: lazyPage(() => import('./create-bike-page'), 'CreateBikePage') },
  { path: `${LOOP}/:bikeId`, element: lazyPage(() => import('./bike-registered-page'), 'BikeRegisteredPage') },
  { path: `${LOOP}/:bikeId/add-photos`, element: lazyPage(() => import('./add-photos-page'), 'AddPhotosPage') },
  { path: `${LOOP}/:bikeId/add-photos/complete`, element: lazyPage(() => import('./bike-registered-page'), 'CompletePage') },
];
