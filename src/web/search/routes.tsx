import type { RouteObject } from 'react-router';

/** Public search by frame number or plate ID, and the organisation search. */
export const searchRoutes: RouteObject[] = [];
