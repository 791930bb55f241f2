import type { RouteSpec } from '../../platform/http/route.ts';
import { poolRoutes } from './pool.routes.ts';
import { customerRoutes } from './customer.routes.ts';
import { opportunityRoutes } from './opportunity.routes.ts';

/** CRM (issue 20, docs/crm.md): leads and the high seas, customer archives, follow-ups, opportunities, task templates. */
export const crmRoutes: RouteSpec[] = [...poolRoutes, ...customerRoutes, ...opportunityRoutes];
export { RECLAIM_JOB } from './reclaim.ts';
export { crmDemoActivity } from './demo-activity.ts';
