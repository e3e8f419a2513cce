import type { RouteObject } from 'react-router';

/** Children of /app: registering a bike, credits and vouchers. */
export const registerRoutes: RouteObject[] = [];
