import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/**
 * The public pages about the product (§2): the mission, the advisory board, how it works (/hvordan), the insurance
 * benefit (/forsikringsfordel) and the help centre. Open to visitors; each page loads lazily.
 */
export const aboutRoutes: RouteObject[] = [
  { path: 'our-mission', element: lazyPage(() => import('./mission-page'), 'MissionPage') },
  { path: 'advisory-board', element: lazyPage(() => import('./advisory-board-page'), 'AdvisoryBoardPage') },
  { path: 'hvordan', element: lazyPage(() => import('./how-it-works-page'), 'HowItWorksPage') },
  { path: 'forsikringsfordel', element: lazyPage(() => import('./insurance-benefit-page'), 'InsuranceBenefitPage') },
  { path: 'help', element: lazyPage(() => import('./help-page'), 'HelpPage') },
];
