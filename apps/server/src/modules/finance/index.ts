import type { RouteSpec } from '../../platform/http/route.ts';
import { financeDocRoutes } from './documents/finance-doc.routes.ts';
import { ledgerRoutes } from './reports/ledger.routes.ts';
import { periodRoutes } from './period/period.routes.ts';
import { invoiceRoutes } from './invoice/invoice.routes.ts';
import { workbenchRoutes } from './reports/workbench.routes.ts';
import './documents/approval.ts';

/** Finance (docs/finance.md): the journal other areas post through, and the finance documents. */
export const financeRoutes: RouteSpec[] = [...financeDocRoutes, ...ledgerRoutes, ...periodRoutes, ...invoiceRoutes, ...workbenchRoutes];
export { seedChart } from './journal/chart.ts';
export { financeDemoActivity } from './demo-activity.ts';
export { readInventoryHead, syncInventoryJournal, type InventoryHead } from './posting/inventory-posting.ts';
// for other areas posting through the journal (docs/finance.md "Posting from another area")
export { cr, dr, postEntry, refuseClosedPeriod, reverseSource, type Posting, type SourceKind } from './journal/journal.ts';
export { bankAccounts, chartOf, itemAccounts } from './journal/chart.ts';
export { lockOpenItems, openItemFor } from './journal/open-items.ts';
