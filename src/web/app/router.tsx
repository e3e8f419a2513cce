import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { accountPublicRoutes } from '../account/routes';
import { backofficeRoutes } from '../backoffice/routes';
import { devRoutes } from '../dev/routes';
import { identityRoutes } from '../identity/routes';
import { publicRoutes } from '../public/routes';
import { searchRoutes } from '../search/routes';
import { stickerRoutes } from '../stickers/routes';
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
      // The signed-in app brings its own route table (app-routes.tsx), loaded on the way in.
      { path: 'app/*', element: lazyPage(() => import('./app-routes'), 'AppRoutes') },
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
