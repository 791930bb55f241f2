import type { RouteSpec } from '../../../platform/http/route.ts';
import { inventoryAgeReport } from './ageing.ts';
import { allocationDetailReport } from './allocation.ts';
import { batchInventoryReport } from './batch.ts';
import { areaStockReport } from './area-stock.ts';
import { buySaleSummaryReport } from './buy-sale.ts';
import { inOutSummaryReport } from './in-out.ts';
import { inOutDetailReport } from './in-out-detail.ts';
import { lowSellingReport } from './low-selling.ts';
import { materialStockReport } from './material-stock.ts';
import { orderTrackingReport } from './order-tracking.ts';
import { panelRoutes } from './panels.routes.ts';
import { stockLedgerReport } from './stock-ledger-report.ts';
import { safetyStockReport, stockWarningReport } from './warning.ts';

/** Stock reports: each a paged GET and its `/exportExcel` sibling (see report.ts), plus the alert counts. */
export const reportRoutes: RouteSpec[] = [
  ...materialStockReport,
  ...stockLedgerReport,
  ...inOutDetailReport,
  ...inOutSummaryReport,
  ...allocationDetailReport,
  ...batchInventoryReport,
  ...stockWarningReport,
  ...safetyStockReport,
  ...inventoryAgeReport,
  ...lowSellingReport,
  ...orderTrackingReport,
  ...buySaleSummaryReport,
  ...panelRoutes,
  ...areaStockReport,
];
