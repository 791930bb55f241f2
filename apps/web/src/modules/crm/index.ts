import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

const customers = lazy(() => import('./customer-list-page.tsx').then((m) => ({ default: m.CustomerListPage })));

/** CRM screens by menu url: leads, the high seas and the archive (one list per scope), follow-ups, the board, the dashboard. */
export const CRM_SCREENS: Record<string, Screen> = {
  '/crm/potential_customer': customers,
  '/crm/high_seas': customers,
  '/crm/customer_archive': customers,
  '/crm/follow_up': lazy(() => import('./follow-page.tsx').then((m) => ({ default: m.FollowPage }))),
  '/crm/opportunity': lazy(() => import('./board-page.tsx').then((m) => ({ default: m.BoardPage }))),
  '/crm/task_template': lazy(() => import('./template-page.tsx').then((m) => ({ default: m.TemplatePage }))),
  '/business/EmailIsReception': lazy(() => import('./mail/mail-page.tsx').then((m) => ({ default: m.MailPage }))),
  '/crm/dashboard': lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage }))),
};
