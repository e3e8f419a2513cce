import { useRoutes } from 'react-router';
import { backofficeRoutes } from '../backoffice/routes';
import { SignedInLayout } from './signed-in-layout';

/** /backoffice/*: its route table loads with it, not with the public pages' first load (budget: 120 KB). */
export function BackofficeApp() {
  return <SignedInLayout>{useRoutes(backofficeRoutes)}</SignedInLayout>;
}
