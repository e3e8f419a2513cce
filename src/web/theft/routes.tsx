import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

const wizard = () => import('./wizard-page');
// domain/theft.ts THEFT_STEPS after the overview, written out: importing it here would bring zod into the route table.
const STEPS = ['bike-info', 'time-location', 'culprit-info', 'personal-info', 'insurance', 'send-report', 'report-confirmed'];

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
