import type { ComponentType, LazyExoticComponent } from 'react';
import { ENTITY_SCREENS } from './master/entity-screens.ts';
import { DOCUMENT_SCREENS } from './inventory/documents/document-screens.ts';
import { ADMIN_SCREENS } from './system/admin-screens.ts';
import { REPORT_SCREENS } from './inventory/reports/report-screens.ts';

/** Props every menu screen receives from the shell. */
export interface ScreenProps {
  /** the menu entry's url (also the route path) */
  path: string;
  title: string;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/**
 * Screens that exist, by menu url or component. A menu leaf not listed here renders the
 * generic "coming soon" page, so its route and tab work before the screen is built.
 * Areas add one line per screen here.
 */
export const SCREENS: Record<string, Screen> = {
  ...ENTITY_SCREENS,
  ...DOCUMENT_SCREENS,
  ...REPORT_SCREENS,
  ...ADMIN_SCREENS,
};
