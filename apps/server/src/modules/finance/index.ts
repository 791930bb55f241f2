import type { RouteSpec } from '../../platform/http/route.ts';

/** Finance (docs/finance.md): the journal other areas post through, and the finance documents. */
export const financeRoutes: RouteSpec[] = [];
export { seedChart } from './journal/chart.ts';
export { syncInventoryJournal } from './posting/inventory-posting.ts';
