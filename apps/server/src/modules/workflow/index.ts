import type { RouteSpec } from '../../platform/http/route.ts';
import { flowRoutes } from './flow.routes.ts';
import { taskRoutes } from './workflow.routes.ts';

export const workflowRoutes: RouteSpec[] = [...flowRoutes, ...taskRoutes];
// the approval engine (ARCHITECTURE §9): other areas register their document types and ask whether approval is required
export { registerApprovable, type Approvable, type Submitted } from './approvable.ts';
export { approvalRequired, approvalRequiredSql } from './flow.service.ts';
export { useMessenger } from './messenger.ts';
// 演示公司's approvals (modules/system/demo-activity.ts)
export { workflowDemoActivity } from './demo-activity.ts';
