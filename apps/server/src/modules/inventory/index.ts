import type { RouteSpec } from '../../platform/http/route.ts';
import { documentRoutes } from './document.routes.ts';
import { priceRoutes, stockRoutes } from './stock.routes.ts';
import { shippingPlanRoutes } from './shipping-plan.routes.ts';
import { procurementRoutes } from './procurement.routes.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { reportRoutes } from './reports/index.ts';
import { priceAdjustRoutes } from './price-adjust.ts';

export const inventoryRoutes: RouteSpec[] = [...documentRoutes, ...stockRoutes, ...priceRoutes, ...shippingPlanRoutes, ...procurementRoutes, ...statisticsRoutes, ...reportRoutes, ...priceAdjustRoutes];
export { postOpeningStock } from './opening-stock.ts';
