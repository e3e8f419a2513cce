import { type RouteObject, useRoutes } from 'react-router';
import { accountRoutes } from '../account/routes';
import { bikeRoutes } from '../bikes/routes';
import { chatRoutes } from '../chats/routes';
import { dockManageRoutes } from '../docks/manage-routes';
import { dockRoutes } from '../docks/routes';
import { insuranceRoutes } from '../insurance/routes';
import { myBikesRoutes } from '../my-bikes/routes';
import { organisationRoutes } from '../organisations/routes';
import { ownershipRoutes } from '../ownership/routes';
import { notFoundRoute } from '../public/routes';
import { registerRoutes } from '../register/routes';
import { theftRoutes } from '../theft/routes';
import { verificationRoutes } from '../verification/routes';
import { webshopRoutes } from '../webshop/routes';
import { SignedInLayout } from './signed-in-layout';

// The routes under /app, loaded with the signed-in layout rather than in the entry: a public page's
// first load then carries no route table of the signed-in app (budget: 120 KB).
const appRoutes: RouteObject[] = [
  ...accountRoutes,
  ...organisationRoutes,
  ...verificationRoutes,
  ...registerRoutes,
  ...theftRoutes,
  ...myBikesRoutes,
  ...bikeRoutes,
  ...chatRoutes,
  ...dockManageRoutes,
  ...ownershipRoutes,
  ...webshopRoutes,
  ...dockRoutes,
  notFoundRoute,
];

export function AppRoutes() {
  return <SignedInLayout>{useRoutes(appRoutes)}</SignedInLayout>;
}

// The routes under /insurance (§2): an insurance company's staff land here from /app (lib/access.ts).
const insuranceAppRoutes: RouteObject[] = [...insuranceRoutes, notFoundRoute];

export function InsuranceAppRoutes() {
  return <SignedInLayout>{useRoutes(insuranceAppRoutes)}</SignedInLayout>;
}
