import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Supplier portal screens of the staff shell (the supplier's own page is the /supplier route). */
export const PORTAL_SCREENS: Record<string, Screen> = {
  '/portal/arrival_advice': lazy(() => import('./buyer-pages.tsx').then((m) => ({ default: m.ArrivalAdvicePage }))),
  '/portal/order_progress': lazy(() => import('./buyer-pages.tsx').then((m) => ({ default: m.OrderProgressPage }))),
  '/portal/shipping_plan': lazy(() => import('./plan-pages.tsx').then((m) => ({ default: m.ShippingPlanPage }))),
  '/portal/supplier_inventory': lazy(() => import('./plan-pages.tsx').then((m) => ({ default: m.SupplierInventoryPage }))),
  '/portal/supplier_performance': lazy(() => import('./performance-page.tsx').then((m) => ({ default: m.SupplierPerformancePage }))),
  '/portal/panel': lazy(() => import('./plan-pages.tsx').then((m) => ({ default: m.PortalPanelPage }))),
};
