import type { RouteSpec } from '../../platform/http/route.ts';
import { documentRoutes } from './documents/document.routes.ts';
import { priceRoutes, stockRoutes } from './stock/stock.routes.ts';
import { shippingPlanRoutes } from './documents/shipping-plan.routes.ts';
import { procurementRoutes } from './documents/procurement.routes.ts';
import { statisticsRoutes } from './documents/statistics.routes.ts';
import { reportRoutes } from './reports/index.ts';
import { priceAdjustRoutes } from './stock/price-adjust.routes.ts';
// registers every document type with the approval engine
import './documents/approval.ts';

export const inventoryRoutes: RouteSpec[] = [
  ...documentRoutes,
  ...stockRoutes,
  ...priceRoutes,
  ...shippingPlanRoutes,
  ...procurementRoutes,
  ...statisticsRoutes,
  ...reportRoutes,
  ...priceAdjustRoutes,
];
export { postOpeningStock } from './stock/opening-stock.ts';
export { inventoryDemoActivity } from './demo-activity.ts';
export { BELOW, LIMITS, LIVE } from './reports/warning.ts';
export * as planningSources from './documents/for-planning.ts';
// hooks and posting other areas use (quality: quarantine, incoming inspections, returns to the supplier)
export { registerStockGuard, registerShortageNote } from './stock/stock-guards.ts';
export { registerDocumentHook } from './documents/document-hooks.ts';
export { postMovements, type Movement } from './stock/stock-ledger.ts';
export { addDocument } from './documents/document.service.ts';
export { saveSchema as documentSaveSchema } from './documents/document.schemas.ts';
