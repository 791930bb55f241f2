import type { RouteSpec } from '../../platform/http/route.ts';
import { projectRoutes } from './project.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { reviewRoutes } from './review.routes.ts';
import './approval.ts';

/** Bidding (issue 21, docs/bidding.md): tender projects, deposits and fees on the journal, competitors, reviews. */
export const biddingRoutes: RouteSpec[] = [...projectRoutes, ...moneyRoutes, ...reviewRoutes];
export { biddingDemoActivity } from './demo-activity.ts';
