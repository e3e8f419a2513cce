import { type RouteObject, useRoutes } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { notFoundRoute } from '../public/routes';

// Under /survey: the list of open surveys, and the product's three commuter surveys, each a flow of the flow engine
// with its steps at /survey/<name>/<step> (their pages load the flow engine's renderer only when opened).
const routes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('./survey-list-page'), 'SurveyListPage') },
  { path: 'addresses/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'AddressesSurveyPage') },
  { path: 'commuting-days/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'CommutingDaysSurveyPage') },
  { path: 'pendler-travel/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'PendlerTravelSurveyPage') },
  // Staff's figures of the answers (its page checks the role; the server refuses anyone else anyway).
  { path: 'admin-panel', element: lazyPage(() => import('./admin-panel-page'), 'SurveyAdminPanelPage') },
  notFoundRoute,
];

export function SurveyRoutes() {
  return useRoutes(routes);
}
