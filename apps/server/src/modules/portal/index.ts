import type { RouteSpec } from '../../platform/http/route.ts';
import { supplierRoutes } from './portal.routes.ts';
import { buyerRoutes } from './buyer.routes.ts';
import { planBuyerRoutes, planSupplierRoutes } from './plan-stock.routes.ts';
import { performanceRoutes } from './performance.routes.ts';

/** The supplier portal (issue 22): supplier users, order confirmation and progress, arrival advice. */
export const portalRoutes: RouteSpec[] = [...supplierRoutes, ...planSupplierRoutes, ...buyerRoutes, ...planBuyerRoutes, ...performanceRoutes];
/** The quality module's incoming inspection hooks in here: called when an advice becomes a draft inbound. */
export { onArrivalReceived, type ArrivalHook } from './advice-to-inbound.ts';
export { portalDemoActivity } from './demo-activity.ts';
