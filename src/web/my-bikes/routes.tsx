import type { RouteObject } from 'react-router';

/** Children of /app: the list of my bikes and my plates. */
export const myBikesRoutes: RouteObject[] = [];
