import type { RouteObject } from 'react-router';
import { THEFT_STEPS } from '../../domain/theft-steps';
import { lazyPage } from '../lib/lazy-page';

const wizard = () => import('./wizard-page');
// The steps after the overview (report-stolen, the wizard's root).
const STEPS = THEFT_STEPS.slice(1);

/**
 * Children of /app: the stolen-report wizard (/app/my-bikes/report-stolen/…), one static route per step
 * so none is taken for a bike id, and a filed report (/app/my-bikes/{bikeId}/stolen-bike-report).
 */
export const theftRoutes: RouteObject[] = [
  { path: 'my-bikes/report-stolen', element: lazyPage(wizard, 'WizardPage') },
  ...STEPS.map((step) => ({
    path: `my-bikes/report-stolen/${step}`,
    element: lazyPage(wizard, 'WizardPage'),
  })),
  { path: 'my-bikes/:bikeId/stolen-bike-report', element: lazyPage(() => import('./report-page'), 'StolenReportPage') },
];
