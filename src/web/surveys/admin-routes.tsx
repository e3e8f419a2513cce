import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** §2 /survey/admin-panel (issue 16): staff's figures of the surveys' answers. */
export const surveyAdminRoutes: RouteObject[] = [
  { path: 'survey/admin-panel', element: lazyPage(() => import('./admin-panel-page'), 'SurveyAdminPanelPage') },
];
