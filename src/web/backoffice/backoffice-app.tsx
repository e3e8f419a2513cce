import { useRoutes } from 'react-router';
import { SignedInLayout } from '../app/signed-in-layout';
import { backofficeRoutes } from './routes';

/** /backoffice/*: its route table loads with it, not with the public pages' first load (budget: 120 KB). */
export function BackofficeApp() {
  return <SignedInLayout>{useRoutes(backofficeRoutes)}</SignedInLayout>;
}
