import { lazy, useMemo } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { EMAIL_PATH, type MenuIndex } from './menu-model.ts';
import { MenuScreen } from './menu-screen.tsx';
import { ExceptionPage } from './pages/exception-page.tsx';
import { RedirectPage } from './pages/redirect-page.tsx';

const AnalysisPage = lazy(() => import('../modules/dashboard/analysis-page.tsx').then((m) => ({ default: m.AnalysisPage })));

/** The mail screen's address for a user whose roles do not grant it (the header's mail button is off for them). */
function EmailPage() {
  return <ExceptionPage code="403" />;
}

/** Routes inside the tab layout: fixed ones plus one per menu leaf of the signed-in user. */
export function useShellRoutes(index: MenuIndex): RouteObject[] {
  return useMemo(() => {
    const menuRoutes = [...index.leaves.values()].map((leaf) => ({ path: leaf.url.slice(1), element: <MenuScreen leaf={leaf} /> }));
    const fixed: RouteObject[] = [
      { path: 'dashboard/analysis', element: <AnalysisPage /> },
      { path: 'redirect/*', element: <RedirectPage /> },
    ];
    if (!index.leaves.has(EMAIL_PATH)) fixed.push({ path: EMAIL_PATH.slice(1), element: <EmailPage /> });
    return [...fixed, ...menuRoutes, { path: '*', element: <Navigate to="/404" replace /> }];
  }, [index]);
}

/** Whether a path opens as a tab (not redirects, not unknown paths). */
export function isTabPath(path: string, index: MenuIndex): boolean {
  return path === '/dashboard/analysis' || path === EMAIL_PATH || index.leaves.has(path);
}
