import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** The cross-area boards by menu url (issue 24): early warning, business operations, the workbenches. */
export const BOARD_SCREENS: Record<string, Screen> = {
  '/board/warning': lazy(() => import('./warning-board.tsx').then((m) => ({ default: m.WarningBoard }))),
  '/board/operations': lazy(() => import('./operations-board.tsx').then((m) => ({ default: m.OperationsBoard }))),
  '/board/procurement': lazy(() => import('./procurement-board.tsx').then((m) => ({ default: m.ProcurementBoard }))),
  '/board/purchase_workbench': lazy(() => import('./purchase-workbench.tsx').then((m) => ({ default: m.PurchaseWorkbench }))),
  '/board/workbench': lazy(() => import('./workbench-page.tsx').then((m) => ({ default: m.WorkbenchPage }))),
};
