import type { RouteSpec } from '../../platform/http/route.ts';
import { documentRoutes } from './documents/document.routes.ts';
import { priceRoutes, stockRoutes } from './stock/stock.routes.ts';
import { shippingPlanRoutes } from './documents/shipping-plan.routes.ts';
import { procurementRoutes } from './documents/procurement.routes.ts';
import { statisticsRoutes } from './documents/statistics.routes.ts';
import { reportRoutes } from './reports/index.ts';
import { priceAdjustRoutes } from './stock/price-adjust.routes.ts';
import { pickListRoutes } from './documents/pick-list.ts';
import { quickEditRoutes } from './documents/quick-edit.ts';
import { areaTransferRoutes } from './documents/area-transfer.ts';
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
  ...pickListRoutes,
  ...quickEditRoutes,
  ...areaTransferRoutes,
];
export { postOpeningStock } from './stock/opening-stock.ts';
export { inventoryDemoActivity } from './demo-activity.ts';
export { reservoirDemoActivity } from './documents/reservoir-demo.ts';
export { BELOW, LIMITS, LIVE } from './reports/warning.ts';
export { inventoryAlerts } from './reports/warning.ts';
export * as planningSources from './documents/for-planning.ts';
// for other areas that move stock through a document of their own type (shop floor: picking, backflush, finished goods)
export { saveDocument, setStatus as setDocumentStatus } from './documents/document.service.ts';
export type { SaveInput as DocumentInput } from './documents/document.schemas.ts';
export { addValueToLine } from './stock/value-add.ts';
// the supplier portal turns an arrival advice into a draft purchase inbound (issue 22)
export { addDocument } from './documents/document.service.ts';
export { saveSchema } from './documents/document.schemas.ts';
// hooks and posting other areas use (quality: quarantine, incoming inspections, returns to the supplier)
export { registerStockGuard, registerShortageNote } from './stock/stock-guards.ts';
export { registerDocumentHook } from './documents/document-hooks.ts';
export { postMovements, type Movement } from './stock/stock-ledger.ts';
export { saveSchema as documentSaveSchema } from './documents/document.schemas.ts';
export { detailByNumber } from './documents/document.queries.ts';
