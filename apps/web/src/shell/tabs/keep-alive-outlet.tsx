import { Suspense, useRef, type ReactElement } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { Spin } from 'antd';
import { useSettings } from '../../platform/settings.ts';
import { useTabs } from './tab-store.ts';

const fallback = <Spin style={{ display: 'block', margin: '64px auto' }} />;

/**
 * Keeps every open tab's page mounted and hides the inactive ones (ARCHITECTURE §7), so typed
 * text survives switching tabs. The element useRoutes returns carries its own route context,
 * so a cached element keeps rendering its own page while another path is current.
 */
export function KeepAliveOutlet({ routes, isTab }: { routes: RouteObject[]; isTab: boolean }) {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  const { paths, versions } = useTabs();
  const { multipage } = useSettings();
  const pages = useRef(new Map<string, ReactElement | null>());

  // redirects and single-page mode render only the current page
  if (!multipage || !isTab) return <Suspense fallback={fallback}>{element}</Suspense>;
  pages.current.set(pathname, element);
  // the tab of the current path may not be registered yet (it is opened in an effect)
  for (const p of pages.current.keys()) if (p !== pathname && !paths.includes(p)) pages.current.delete(p);

  return (
    <>
      {[...pages.current].map(([p, el]) => (
        <div key={`${p}#${versions[p] ?? 0}`} className={p === pathname ? undefined : 'erp-hidden-tab'} data-tab-pane={p}>
          <Suspense fallback={fallback}>{el}</Suspense>
        </div>
      ))}
    </>
  );
}
