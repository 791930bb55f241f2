import type { RouteSpec } from '../../platform/http/route.ts';
import { textaiRoutes as routes } from './textai.routes.ts';

/** Text recognition (issue 24 item 5, SPEC §2.2 "AI text views"): a pasted chat order → a draft sales order. */
export const textaiRoutes: RouteSpec[] = [...routes];
export { textaiDemoActivity } from './demo-activity.ts';
