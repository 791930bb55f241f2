import type { RouteSpec } from '../../platform/http/route.ts';
import { projectRoutes as projectCore } from './project.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { recordRoutes } from './records.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { docsEditRoutes } from './docs-edit.routes.ts';
import { needRoutes } from './needs.routes.ts';
import { timeRoutes } from './time.routes.ts';
import { progressRoutes } from './reports/progress.routes.ts';

/** Projects (issue 19, docs/projects.md): projects and templates, WBS tasks on the working calendar, money through the journal. */
export const projectRoutes: RouteSpec[] = [
  ...projectCore,
  ...moneyRoutes,
  ...recordRoutes,
  ...docsRoutes,
  ...docsEditRoutes,
  ...needRoutes,
  ...timeRoutes,
  ...progressRoutes,
];
export { rescheduleProject } from './schedule/schedule.service.ts';
export { computeCpm, topoOrder } from './schedule/cpm.ts';
export { projectDemoActivity } from './demo-activity.ts';
export { projectNeedsDemoActivity } from './needs-demo.ts';
