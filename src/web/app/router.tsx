import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { aboutRoutes } from '../about/routes';
import { accountPublicRoutes } from '../account/routes';
import { chatPublicRoutes } from '../chats/public-routes';
import { devRoutes } from '../dev/routes';
import { distributorRoutes } from '../distributors/routes';
import { flowRoutes } from '../flows/routes';
import { identityRoutes } from '../identity/routes';
import { insuranceSignupRoutes } from '../insurance-signup/routes';
import { legalRoutes } from '../legal/routes';
import { lazyPage } from '../lib/lazy-page';
import { newsletterRoutes } from '../newsletter/routes';
import { salesLinkPublicRoutes } from '../ownership/sales-link-routes';
import { publicRoutes } from '../public/routes';
import { searchRoutes } from '../search/routes';
import { stickerRoutes } from '../stickers/routes';
import { stolenMapRoutes } from '../stolen-map/routes';
import { supportRoutes } from '../support/routes';
import { surveyAdminRoutes } from '../surveys/admin-routes';
import { webshopPublicRoutes } from '../webshop/public-routes';
import { Layout } from './layout';
import { RoutePrefetch } from './route-prefetch';

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
      ...salesLinkPublicRoutes,
      ...chatPublicRoutes,
      ...stolenMapRoutes,
      ...webshopPublicRoutes,
      ...insuranceSignupRoutes,
      ...aboutRoutes,
      ...supportRoutes,
      ...legalRoutes,
      ...distributorRoutes,
      ...newsletterRoutes,
      ...surveyAdminRoutes,
      ...flowRoutes,
      // The signed-in app and the backoffice bring their own route tables, loaded on the way in.
      { path: 'app/*', element: lazyPage(() => import('./app-routes'), 'AppRoutes') },
      { path: 'insurance/*', element: lazyPage(() => import('./app-routes'), 'InsuranceAppRoutes') },
      { path: 'backoffice/*', element: lazyPage(() => import('./backoffice-app'), 'BackofficeApp') },
    ],
  },
];

function Routes() {
  return (
    <>
      <RoutePrefetch routes={routes} />
      {useRoutes(routes)}
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  );
}
