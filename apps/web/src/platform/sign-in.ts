import { i18n } from './i18n/index.ts';
import { feedback } from './feedback.ts';
import { http } from './http.ts';
import { clearSession, MSG_TIP_OK, storeMaterialProperties, storeSession, type LoginReply } from './session.ts';

const KNOWN_TIPS = ['user is not exist', 'user password error', 'user is black', 'tenant is expire', 'access service error'];

const FAILURE_KEY = 'sign-in-failure';

/** Shows a refused sign-in as SPEC §8 asks: notification 登录失败 for 4 s (one at a time). */
export function notifySignInFailure(description: string): void {
  feedback.notification.error({ key: FAILURE_KEY, title: i18n.t('login.failed'), description, duration: 4 });
}

/**
 * Applies a sign-in or company-switch reply (SPEC §4): on success stores the session and caches
 * the material property list; on any refusal shows its text and logs out. Returns success.
 */
export async function applySignIn(reply: LoginReply): Promise<boolean> {
  if (reply.msgTip !== MSG_TIP_OK || !reply.token) {
    const tip = KNOWN_TIPS.includes(reply.msgTip) ? i18n.t(`login.tips.${reply.msgTip}`) : reply.msgTip;
    notifySignInFailure(tip);
    clearSession();
    return false;
  }
  // an earlier refusal must not stay over the home page after this success
  feedback.notification.destroy(FAILURE_KEY);
  storeSession(reply);
  // a supplier portal user reaches the portal's calls alone (issue 22)
  if (reply.user?.supplierId) return true;
  try {
    const env = await http.get<unknown[]>('/materialProperty/getAllList');
    if (env.code === 200 && Array.isArray(env.data)) storeMaterialProperties(env.data);
  } catch {
    // the property list only renames fields; screens fall back to default names
  }
  return true;
}

/** Only same-site paths are accepted as ?redirect= targets. */
export function safeRedirect(target: string | null): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/user/')) return undefined;
  return target;
}
