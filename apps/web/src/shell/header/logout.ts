import { i18n } from '../../platform/i18n/index.ts';
import { feedback } from '../../platform/feedback.ts';
import { http } from '../../platform/http.ts';
import { clearSession } from '../../platform/session.ts';
import { resetTabs } from '../tabs/tab-store.ts';

/** Ends the session on the server, clears the local cache and reloads on the sign-in page. */
export async function logout(): Promise<void> {
  try {
    await http.get('/user/logout', undefined, { silent: true });
  } catch {
    // an already-ended session needs no server call: clearing locally is what matters
  }
  clearSession();
  resetTabs();
  // a full load drops every cached query, socket and kept-alive page of this user
  window.location.assign('/user/login');
}

export function confirmLogout(): void {
  void feedback.modal().then((modal) => {
    modal.confirm({
      title: i18n.t('common.confirmTitle'),
      content: i18n.t('header.logoutConfirm'),
      okText: i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      onOk: logout,
    });
  });
}
