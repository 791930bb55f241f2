import type { RouteSpec } from '../../platform/http/route.ts';
import { executionRoutes } from './execution/execution.routes.ts';
import { materialRoutes } from './materials/materials.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { outsourcingRoutes } from './outsourcing/outsourcing.routes.ts';
import { weighingRoutes } from './weighing/weighing.routes.ts';
// repair orders' downtime blocks capacity in manufacturing's scheduler
import './devices/downtime.ts';

/** Shop floor (issue 17): work order execution, production reports, materials on the ledger, production cost. */
export const shopfloorRoutes: RouteSpec[] = [...executionRoutes, ...materialRoutes, ...reportRoutes, ...outsourcingRoutes, ...weighingRoutes];
export { shopfloorDemoActivity } from './demo-activity.ts';
export { closeAllReaders } from './weighing/station-reader.ts';
