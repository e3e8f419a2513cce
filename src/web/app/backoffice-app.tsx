import { useRoutes } from 'react-router';
import { backofficeRoutes } from '../backoffice/routes';
import { notFoundRoute } from '../public/routes';
import { SignedInLayout } from './signed-in-layout';

const routes = [...backofficeRoutes, notFoundRoute];

/** /backoffice/*: its route table loads with it, not with the public pages' first load (budget: 120 KB). */
export function BackofficeApp() {
  return <SignedInLayout>{useRoutes(routes)}</SignedInLayout>;
}
