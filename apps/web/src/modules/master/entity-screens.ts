import { lazy } from 'react';
// the definitions alone (plain data): the package index would pull zod into the shell's chunk
import { ENTITIES } from '@erp/entities/definitions';
import type { Screen } from '../../shell/screen.ts';

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

/** The entity kit's screens; an entity with its own page (role) is overridden by its module's list. */
export const ENTITY_SCREENS: Record<string, Screen> = DERIVED;
