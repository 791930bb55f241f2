import type { RouteSpec } from '../../platform/http/route.ts';
import type { EntityController } from '../../platform/crud/controller.ts';
import { executionRoutes } from './execution/execution.routes.ts';
import { materialRoutes } from './materials/materials.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { outsourcingRoutes } from './outsourcing/outsourcing.routes.ts';
import { weighingRoutes } from './weighing/weighing.routes.ts';
import { inspectionRoutes } from './devices/inspection.routes.ts';
import { repairPartRoutes } from './devices/repair-parts.routes.ts';
import { inspectionItemController, inspectionTaskController } from './devices/inspection.controller.ts';
// repair orders' downtime blocks capacity in manufacturing's scheduler
import './devices/downtime.ts';
// a 委外入库 whose fee was paid cannot be undone
import './outsourcing/paid-fee-guard.ts';
import './materials/issued-sync.ts';

/** Shop floor (issue 17): work order execution, production reports, materials on the ledger, production cost. */
export const shopfloorRoutes: RouteSpec[] = [
  ...executionRoutes,
  ...materialRoutes,
  ...reportRoutes,
  ...outsourcingRoutes,
  ...inspectionRoutes,
  ...repairPartRoutes,
  ...weighingRoutes,
];
export const shopfloorControllers: EntityController[] = [inspectionItemController, inspectionTaskController];
export { shopfloorDemoActivity } from './demo-activity.ts';
export { closeAllReaders } from './weighing/station-reader.ts';
