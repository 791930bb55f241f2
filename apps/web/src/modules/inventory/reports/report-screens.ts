import { lazy } from 'react';
import type { Screen } from '../../../shell/screen.ts';
import { REPORTS } from './report-defs.ts';

/** The report screens (one generic page per definition) and the two panels, by menu url. */
export const REPORT_SCREENS: Record<string, Screen> = {
  ...Object.fromEntries(Object.keys(REPORTS).map((path) => [path, lazy(() => import('./report-page.tsx').then((m) => ({ default: m.reportScreen(path) })))])),
  '/depot/panel': lazy(() => import('./depot-panel.tsx').then((m) => ({ default: m.DepotPanel }))),
  '/bill/sale_panel': lazy(() => import('./sale-panel.tsx').then((m) => ({ default: m.SalePanel }))),
};
