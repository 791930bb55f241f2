import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Administration screens by menu url: users, roles, tenants, the log, configuration, messages, jobs. */
export const ADMIN_SCREENS: Record<string, Screen> = {
  '/system/log': lazy(() => import('./log-page.tsx').then((m) => ({ default: m.LogPage }))),
  '/system/role': lazy(() => import('./role-page.tsx').then((m) => ({ default: m.RolePage }))),
  '/system/user': lazy(() => import('./user-page.tsx').then((m) => ({ default: m.UserPage }))),
  '/system/tenant': lazy(() => import('./tenant-page.tsx').then((m) => ({ default: m.TenantPage }))),
  '/system/system_config': lazy(() => import('./system-config-page.tsx').then((m) => ({ default: m.SystemConfigPage }))),
  '/system/platform_config': lazy(() => import('./platform-config-page.tsx').then((m) => ({ default: m.PlatformConfigPage }))),
  // the personal message centre is the bell's dialog; this menu entry is the administration list
  '/system/msg': lazy(() => import('./message-admin-page.tsx').then((m) => ({ default: m.MessageAdminPage }))),
  '/system/function': lazy(() => import('./function-page.tsx').then((m) => ({ default: m.FunctionPage }))),
  '/system/job': lazy(() => import('./job-page.tsx').then((m) => ({ default: m.JobPage }))),
  '/system/plugin': lazy(() => import('./plugin-page.tsx').then((m) => ({ default: m.PluginPage }))),
  '/system/print_template': lazy(() => import('./print-template-page.tsx').then((m) => ({ default: m.PrintTemplatePage }))),
};
