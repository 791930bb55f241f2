import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';
import { ENTITY_SCREENS } from './entity-screens.ts';

/** Master data screens by menu url: the entity kit's generic pages and the field-alias page. */
export const MASTER_SCREENS: Record<string, Screen> = {
  ...ENTITY_SCREENS,
  '/material/material_property': lazy(() => import('./material-property-page.tsx').then((m) => ({ default: m.MaterialPropertyPage }))),
};
