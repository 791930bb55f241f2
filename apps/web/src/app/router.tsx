import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireUser } from './guards.tsx';
import { BootSpinner, RouteError } from './route-fallbacks.tsx';

/**
 * Fixed routes of SPEC §2.1. Every screen is lazy-loaded so the sign-in page ships without the
 * shell; the menu-driven routes are added inside the shell once the permission menu is known.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

const userLayout = page(() => import('../shell/layouts/user-layout.tsx'), 'UserLayout');
const blankLayout = page(() => import('../shell/layouts/blank-layout.tsx'), 'BlankLayout');
const exception = page(() => import('../shell/pages/exception-page.tsx'), 'ExceptionRoute');

const openRoutes: RouteObject[] = [
  {
    path: '/user',
    ...userLayout,
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      { path: 'login', ...page(() => import('../modules/auth/login-page.tsx'), 'LoginPage') },
      { path: 'register', ...page(() => import('../modules/auth/register-page.tsx'), 'RegisterPage') },
      { path: 'register-result', ...page(() => import('../modules/auth/register-result-page.tsx'), 'RegisterResultPage') },
    ],
  },
  {
    path: '/extra',
    ...blankLayout,
    children: [{ path: 'shippingPlan/:id?', ...page(() => import('../modules/inventory/shipping/shipping-plan-page.tsx'), 'ShippingPlanPage') }],
  },
  // a supplier contact's invitation link: sets the first password (issue 22)
  { path: '/portal/invite', ...page(() => import('../modules/portal/invite-page.tsx'), 'InvitePage') },
];

const signedInRoutes: RouteObject[] = [
  {
    path: '/blank',
    ...blankLayout,
    children: [{ path: ':page', ...page(() => import('../shell/pages/blank-page.tsx'), 'BlankPage') }],
  },
  // the supplier portal: a phone-first page of its own, without the staff shell (issue 22)
  { path: '/supplier', ...page(() => import('../modules/portal/supplier-portal-page.tsx'), 'SupplierPortalPage') },
  { path: '/403', ...exception },
  { path: '/404', ...exception },
  { path: '/500', ...exception },
  { path: '/', element: <Navigate to="/dashboard/analysis" replace /> },
  { path: '/dashboard', element: <Navigate to="/dashboard/analysis" replace /> },
  // everything else: the tab layout, whose routes come from the permission menu
  { path: '*', ...page(() => import('../shell/layouts/basic-layout.tsx'), 'BasicLayout') },
];

export const router = createBrowserRouter([
  {
    // shown while the first lazy route loads, and when a screen fails to render or load
    HydrateFallback: BootSpinner,
    ErrorBoundary: RouteError,
    children: [...openRoutes, { element: <RequireUser />, children: signedInRoutes }],
  },
]);
