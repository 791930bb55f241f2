import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Shop floor screens by menu url (issue 17); its documents (picking, backflush, returns, finished goods) are inventory's document screens. */
export const SHOPFLOOR_SCREENS: Record<string, Screen> = {
  '/productionManagement/reporting': lazy(() => import('./workstation-page.tsx').then((m) => ({ default: m.WorkstationPage }))),
  '/manufacture/production_task': lazy(() => import('./task-page.tsx').then((m) => ({ default: m.TaskPage }))),
  '/manufacture/day_schedule': lazy(() => import('./day-schedule-page.tsx').then((m) => ({ default: m.DaySchedulePage }))),
  '/manufacture/panel': lazy(() => import('./panel-page.tsx').then((m) => ({ default: m.PanelPage }))),
  '/manufacture/auto_weighing': lazy(() => import('./weighing-page.tsx').then((m) => ({ default: m.WeighingPage }))),
  '/device/inspection_plan': lazy(() => import('./inspection-plan-page.tsx').then((m) => ({ default: m.InspectionPlanPage }))),
  '/manufacture/cmt_report': lazy(() => import('./cmt-report-page.tsx').then((m) => ({ default: m.CmtReportPage }))),
  '/manufacture/order_board': lazy(() => import('./order-board-page.tsx').then((m) => ({ default: m.OrderBoardPage }))),
  '/productionManagement/workOrder': lazy(() => import('./work-order-page.tsx').then((m) => ({ default: m.WorkOrderPage }))),
  '/device/repair': lazy(() => import('./repair-page.tsx').then((m) => ({ default: m.RepairPage }))),
};
