import type { RouteSpec } from '../../platform/http/route.ts';
import { projectRoutes as projectCore } from './project.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { recordRoutes } from './records.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { docsEditRoutes } from './docs-edit.routes.ts';
import { needRoutes } from './needs.routes.ts';
import { timeRoutes } from './time.routes.ts';
import { progressRoutes } from './reports/progress.routes.ts';
import { archiveRoutes } from './archive.routes.ts';
import { deliverableRenameRoutes } from './deliverable-rename.ts';
import { projectCategoryController } from './project-category.controller.ts';
import type { EntityController } from '../../platform/crud/controller.ts';

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
  ...archiveRoutes,
  ...deliverableRenameRoutes,
];
export { rescheduleProject } from './schedule/schedule.service.ts';
export { computeCpm, topoOrder } from './schedule/cpm.ts';
export { projectDemoActivity } from './demo-activity.ts';
export { projectNeedsDemoActivity } from './needs-demo.ts';

/** The entity kit's hooks of the project area: 项目分类's tree rules. */
export const projectControllers: EntityController[] = [projectCategoryController];
