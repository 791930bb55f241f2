import { ENTITIES } from '@erp/entities';
import type { RouteSpec } from '../../platform/http/route.ts';
import { entityRoutes } from '../../platform/crud/entity-routes.ts';
import './unit.hooks.ts';
import { masterQueryRoutes } from './queries.routes.ts';

/** Every entity of the kit gets the generic endpoints; special calls live beside their module. */
export const entityKitRoutes: RouteSpec[] = [...Object.values(ENTITIES).flatMap(entityRoutes), ...masterQueryRoutes];
