import type { RouteSpec } from '../../platform/http/route.ts';
import type { EntityController } from '../../platform/crud/controller.ts';
import { bomRoutes } from './bom/bom.routes.ts';
import { bomController, routeController } from './bom/bom.controller.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { mrpRoutes } from './mrp/mrp.routes.ts';
import { scheduleRoutes } from './schedule/schedule.routes.ts';
import { quotationRoutes } from './orders/quotation.routes.ts';
import { makeOrderController, quotationController } from './orders/make-order.controller.ts';
import { workbenchRoutes } from './workbench.routes.ts';
import { taskRoutes } from './tasks/task.routes.ts';
import { sizeRoutes } from './sizes/size.routes.ts';
import { panelRoutes } from './panel/panel.routes.ts';

/** Manufacturing planning (issue 16): BOMs, routes, calendars, make orders, MRP, scheduling. */
export const manufacturingRoutes: RouteSpec[] = [
  ...bomRoutes,
  ...calendarRoutes,
  ...mrpRoutes,
  ...scheduleRoutes,
  ...quotationRoutes,
  ...workbenchRoutes,
  ...taskRoutes,
  ...sizeRoutes,
  ...panelRoutes,
];
export const manufacturingControllers: EntityController[] = [bomController, routeController, makeOrderController, quotationController];

// the working-time calendar engine other areas use (ARCHITECTURE §9)
export { WorkCalendar, type CalendarSpec } from './calendar/work-calendar.ts';
export { loadCalendars, loadWorkCalendar } from './calendar/calendar-store.ts';
export { runMrp } from './mrp/mrp-engine.ts';
export { MRP_JOB } from './mrp/mrp-job.ts';
export { manufacturingDemoActivity } from './demo-activity.ts';
// the standard cost a work order's actual cost is compared with (shop floor)
export { costRollup } from './bom/cost-rollup.ts';
// shop floor reports name a production task (日排产)
export { reportOnTask } from './tasks/task.service.ts';
export { addCapacityBlocker, type CapacityBlock } from './schedule/capacity-blocks.ts';
// rework make orders for goods that exist (quality's failed bought lots), and what hears a make order done
export { makeOrderDone, onMakeOrderDone, openReworkOrder, type FinishedOrder, type ReworkRequest } from './orders/rework-order.ts';
