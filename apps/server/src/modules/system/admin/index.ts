import type { RouteSpec } from '../../../platform/http/route.ts';
import './entity-hooks.ts';
import './settings-hooks.ts';
import { logRoutes } from './log.routes.ts';
import { organizationRoutes } from './organization.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { tenantRoutes } from './tenant.routes.ts';
import { userRoutes } from './user.routes.ts';

/**
 * Administration (roles, users, organizations, tenants): the calls beyond the generic
 * /role and /organization entity endpoints, and the read-only operation log. Importing this module registers their hooks.
 */
export const adminRoutes: RouteSpec[] = [...roleRoutes, ...userRoutes, ...organizationRoutes, ...tenantRoutes, ...logRoutes];
