import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
// the definitions alone (plain data): the package index would pull zod into the shell's chunk
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../screens.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const generic = (entity: string, fixedFilter?: Record<string, string>): Screen =>
  lazy(() => import('./entity-screen.tsx').then((m) => ({ default: m.entityScreen(entity, fixedFilter) })));

/**
 * The entity kit's screens by menu url, derived from the definitions: every registry entity that is
 * not a child line gets the generic list page on each of its menus (with the menu's fixed filter).
 * Adding an entity therefore adds its screen; the browser journey opens every one.
 */
const DERIVED: Record<string, Screen> = Object.fromEntries(
  Object.values(ENTITIES)
    .filter((e) => e.kind !== 'line')
    .flatMap((e) => [e.menu].flat().map((menu) => [menu, generic(e.name, e.menuFilter?.[menu])] as const)),
);

/** Administration pages built from the same parts, where an entity needs more than the generic page. */
export const ENTITY_SCREENS: Record<string, Screen> = {
  ...DERIVED,
  '/system/log': lazy(() => import('../system/log-page.tsx').then((m) => ({ default: m.LogPage }))),
  '/system/role': lazy(() => import('../system/role-page.tsx').then((m) => ({ default: m.RolePage }))),
  '/system/user': lazy(() => import('../system/user-page.tsx').then((m) => ({ default: m.UserPage }))),
  '/system/tenant': lazy(() => import('../system/tenant-page.tsx').then((m) => ({ default: m.TenantPage }))),
};
