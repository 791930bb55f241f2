import { forbidden } from '../errors.ts';
import { can, type Session } from './session.ts';

/**
 * Who may call a route: anyone; any signed-in user; the platform administrator; a supplier portal user; or a user
 * whose roles grant the menu function at `menu` (any of several) and button `btn` there.
 */
export type Access = 'public' | 'user' | 'platform' | 'supplier' | { menu: string | readonly string[]; btn?: string };

/** Refuses (403) a caller the access rule does not admit; services call it for rules that depend on the data (a document's type). */
export function checkAccess(s: Session, access: Exclude<Access, 'public'>): void {
  if (access === 'user') return;
  // a supplier portal route (issue 22): only a supplier's user, whose requests run as erp_portal
  if (access === 'supplier') {
    if (!s.supplierId) throw forbidden();
    return;
  }
  if (access === 'platform') {
    if (!(s.platformTenant && s.admin)) throw forbidden();
    return;
  }
  const menus = typeof access.menu === 'string' ? [access.menu] : access.menu;
  if (!menus.some((m) => can(s, m, access.btn))) throw forbidden();
}
