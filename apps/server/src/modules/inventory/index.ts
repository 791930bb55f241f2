import type { RouteSpec } from '../../platform/http/route.ts';
import { documentRoutes } from './document.routes.ts';
import { stockRoutes } from './stock.routes.ts';

export const inventoryRoutes: RouteSpec[] = [...documentRoutes, ...stockRoutes];
export { postOpeningStock } from './opening-stock.ts';
