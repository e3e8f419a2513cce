import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { accountPublicRoutes, accountRoutes } from '../account/routes';
import { backofficeRoutes } from '../backoffice/routes';
import { bikeRoutes } from '../bikes/routes';
import { devRoutes } from '../dev/routes';
import { identityRoutes } from '../identity/routes';
import { myBikesRoutes } from '../my-bikes/routes';
import { organisationRoutes } from '../organisations/routes';
import { publicRoutes } from '../public/routes';
import { registerRoutes } from '../register/routes';
import { searchRoutes } from '../search/routes';
import { stickerRoutes } from '../stickers/routes';
import { verificationRoutes } from '../verification/routes';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';

// Each area owns its routes (web/<area>/routes.tsx); pages load lazily so a page ships only its own code.
// Declarative routing: the data router would add ~16 KB to every first load for features we do not use.
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...identityRoutes,
      ...accountPublicRoutes,
      ...devRoutes,
      ...publicRoutes,
      ...searchRoutes,
      ...stickerRoutes,
      {
        path: 'app',
        element: lazyPage(() => import('./signed-in-layout'), 'SignedInLayout'),
        children: [...accountRoutes, ...organisationRoutes, ...verificationRoutes, ...registerRoutes, ...myBikesRoutes, ...bikeRoutes],
      },
      { path: 'backoffice', element: lazyPage(() => import('./signed-in-layout'), 'SignedInLayout'), children: backofficeRoutes },
    ],
  },
];

function Routes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  );
}
