import type { RouteObject } from 'react-router';

/** Children of /app for one bike: /app/my-bikes/{bikeId}/… and /app/redirects/edit-bike/{bikeId}. */
export const bikeRoutes: RouteObject[] = [];
