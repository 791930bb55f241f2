import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Manufacturing screens by menu url (issue 16); the master data (BOMs, routes, work centres, calendars …) are the kit's generic pages. */
export const MANUFACTURING_SCREENS: Record<string, Screen> = {
  '/manufacture/production_needs': lazy(() => import('./mrp-page.tsx').then((m) => ({ default: m.MrpPage }))),
  '/productionManagement/scheduleProduction': lazy(() => import('./gantt-page.tsx').then((m) => ({ default: m.GanttPage }))),
  '/manufacture/make_order': lazy(() => import('./order-pages.tsx').then((m) => ({ default: m.MakeOrderPage }))),
  '/manufacture/quotation': lazy(() => import('./order-pages.tsx').then((m) => ({ default: m.QuotationPage }))),
  '/manufacture/workbench': lazy(() => import('./workbench-page.tsx').then((m) => ({ default: m.ManufacturingWorkbench }))),
  '/manufacture/data_panel': lazy(() => import('./data-panel-page.tsx').then((m) => ({ default: m.DataPanelPage }))),
  '/manufacture/make_global': lazy(() => import('./make-global-page.tsx').then((m) => ({ default: m.MakeGlobalPage }))),
};
export { MaterialBomLink } from './material-bom-link.tsx';
// 日排产's day plan by team (the shop floor's day schedule shows it)
export { DayTasks } from './day-tasks.tsx';
export { useTaskT } from './task-i18n.ts';
