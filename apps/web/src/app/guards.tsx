import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../platform/session.ts';

export const LOGIN_PATH = '/user/login';
export const SUPPLIER_HOME = '/supplier';

/** No stored user id: only the open routes are reachable (SPEC §2.1). */
export function RequireUser() {
  const { userId, user } = useSession();
  const location = useLocation();
  // a supplier portal user has the portal alone (issue 22): every other page leads there
  if (userId && user?.supplierId && !location.pathname.startsWith(SUPPLIER_HOME)) return <Navigate to={SUPPLIER_HOME} replace />;
  if (!userId) {
    const target = location.pathname + location.search;
    const redirect = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`${LOGIN_PATH}${redirect}`} replace />;
  }
  return <Outlet />;
}
