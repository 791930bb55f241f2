import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

const inspections = lazy(() => import('./inspection-list-page.tsx').then((m) => ({ default: m.InspectionListPage })));

/** Quality screens by menu url: the inspections of each stage (with the results entry) and the dashboard; definitions, types and projects are the kit's pages. */
export const QUALITY_SCREENS: Record<string, Screen> = {
  '/quality/incoming': inspections,
  '/quality/outgoing': inspections,
  '/quality/in_process': inspections,
  '/quality/panel': lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage }))),
};
