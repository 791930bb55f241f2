import { useEffect } from 'react';
import { App } from 'antd';
import { http } from '../../platform/http.ts';
import { i18n } from '../../platform/i18n/index.ts';

export const TRIAL_WARN_MS = 432e6; // 5 days
export const PAID_WARN_MS = 1296e6; // 15 days

interface TenantInfo {
  loginName: string;
  type: string;
  expireTime: string;
}

export function expiresSoon(info: TenantInfo, now = Date.now()): boolean {
  if (info.loginName === 'admin') return false;
  const left = new Date(info.expireTime.replace(' ', 'T')).getTime() - now;
  if (info.type === '0') return left < TRIAL_WARN_MS;
  if (info.type === '1') return left < PAID_WARN_MS;
  return false;
}

/** Once per shell mount: warns for 8 s when the company's service ends soon (SPEC §4, §9). */
export function useExpiryWarning(): void {
  const { notification } = App.useApp();
  useEffect(() => {
    let live = true;
    http
      .get<TenantInfo>('/user/infoWithTenant')
      .then((env) => {
        if (live && env.code === 200 && expiresSoon(env.data)) {
          notification.warning({ title: i18n.t('http.title'), description: i18n.t('expiry.warn'), duration: 8 });
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [notification]);
}
