import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../platform/session.ts';

export const LOGIN_PATH = '/user/login';

/** No stored user id: only the open routes are reachable (SPEC §2.1). */
export function RequireUser() {
  const { userId } = useSession();
  const location = useLocation();
  if (!userId) {
    const target = location.pathname + location.search;
    const redirect = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`${LOGIN_PATH}${redirect}`} replace />;
  }
  return <Outlet />;
}
