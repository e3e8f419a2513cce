import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /app for business users (§2 /app/organisations/create). */
export const organisationRoutes: RouteObject[] = [
  { path: 'organisations/create', element: lazyPage(() => import('./create-organisation-page'), 'CreateOrganisationPage') },
];
