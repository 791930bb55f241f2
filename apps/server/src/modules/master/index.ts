import { ENTITIES } from '@erp/entities';
import type { RouteSpec } from '../../platform/http/route.ts';
import { entityRoutes } from '../../platform/crud/entity-routes.ts';
import type { EntityController } from '../../platform/crud/controller.ts';
import { unitController } from './unit.controller.ts';
import { materialController } from './material.controller.ts';
import { materialRoutes } from './material.routes.ts';
import { masterQueryRoutes } from './pickers.routes.ts';
import { materialPropertyRoutes } from './material-property.routes.ts';

/** Every entity of the kit gets the generic endpoints; special calls live beside their module. */
export const entityKitRoutes: RouteSpec[] = [
  // child lines are reached through their parent, never on their own
  ...Object.values(ENTITIES)
    .filter((e) => e.kind !== 'line')
    .flatMap(entityRoutes),
  ...masterQueryRoutes,
  ...materialRoutes,
  ...materialPropertyRoutes,
];

/** Behaviour of master-data entities beyond their definitions. */
export const masterControllers: EntityController[] = [unitController, materialController];
export { seedDemoMasterData } from './seed-demo.ts';
