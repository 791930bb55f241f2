import type { RouteSpec } from '../../platform/http/route.ts';
import { labelRoutes as routes } from './labels.routes.ts';

/** Barcode labels (issue 17 item 5): templates, PDF sheets, ZPL to network label printers. */
export const labelRoutes: RouteSpec[] = routes;
export { labelsDemoActivity } from './demo-activity.ts';
