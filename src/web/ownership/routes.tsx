import type { RouteObject } from 'react-router';
import { transferRoutes } from './transfer-routes';
import { verificationRoutes } from './verification-routes';

/**
 * Children of /app: transfer, receive, request and verify ownership, sales links. The public page of a
 * sales link (/for-sale/{linkId}) is in sales-link-routes.tsx, imported by the entry's router on its
 * own: importing it from here would pull these tables into every public page's first load.
 */
export const ownershipRoutes: RouteObject[] = [...transferRoutes, ...verificationRoutes];
