import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * §2 /survey (issue 16): one line in the entry's route table (the public first load is at its budget); the list and
 * the surveys' own routes load with the area (survey-routes.tsx).
 */
export const surveyRoutes: RouteObject[] = [{ path: 'survey/*', element: lazyPage(() => import('./survey-routes'), 'SurveyRoutes') }];
