import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * §2 /survey (issue 16): the list of open surveys, and the product's three commuter surveys, each a flow of the flow
 * engine with its steps at /survey/<name>/<step>.
 */
export const surveyRoutes: RouteObject[] = [
  { path: 'survey', element: lazyPage(() => import('./survey-list-page'), 'SurveyListPage') },
  { path: 'survey/addresses/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'AddressesSurveyPage') },
  { path: 'survey/commuting-days/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'CommutingDaysSurveyPage') },
  { path: 'survey/pendler-travel/:stepMemo?', element: lazyPage(() => import('./survey-page'), 'PendlerTravelSurveyPage') },
];
