import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { http } from '../platform/http.ts';
import { pageViewToTrack } from './page-view-rule.ts';

/** Records each route change of the shell; a failure is silent (tracking never disturbs the user). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const last = useRef<string>(undefined);
  useEffect(() => {
    const path = pageViewToTrack(last.current, pathname);
    last.current = pathname;
    if (path) http.post('/sysLog/pageView', { path: path.slice(0, 200) }, { silent: true }).catch(() => undefined);
  }, [pathname]);
}
