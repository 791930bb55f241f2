import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from '../screens.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** Configuration, field-alias and message administration screens by menu url. */
export const ADMIN_SCREENS: Record<string, Screen> = {
  '/material/material_property': lazy(() => import('../master/material-property-page.tsx').then((m) => ({ default: m.MaterialPropertyPage }))),
  '/system/system_config': lazy(() => import('./system-config-page.tsx').then((m) => ({ default: m.SystemConfigPage }))),
  '/system/platform_config': lazy(() => import('./platform-config-page.tsx').then((m) => ({ default: m.PlatformConfigPage }))),
  // the personal message centre is the bell's dialog; this menu entry is the administration list
  '/system/msg': lazy(() => import('./message-admin-page.tsx').then((m) => ({ default: m.MessageAdminPage }))),
  '/system/job': lazy(() => import('./job-page.tsx').then((m) => ({ default: m.JobPage }))),
};
