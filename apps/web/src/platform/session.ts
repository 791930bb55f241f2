import type { ButtonGrant, LoginReply, SessionUser } from '@erp/entities/api';
import { useSyncExternalStore } from 'react';
import { cache, CACHE_KEYS } from './storage.ts';

/** `user` of the sign-in reply (docs/api.md). */
// the reply types are shared with the server (packages/entities api/session.ts)
export type { ButtonGrant, LoginReply, SessionUser };

export const MSG_TIP_OK = 'user can login';

export interface SessionSnapshot {
  token?: string;
  userId?: number;
  user?: SessionUser;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = load();

function load(): SessionSnapshot {
  return {
    token: cache.get<string>(CACHE_KEYS.token),
    userId: cache.get<number>(CACHE_KEYS.userId),
    user: cache.get<SessionUser>(CACHE_KEYS.userInfo),
  };
}

function changed(): void {
  snapshot = load();
  for (const l of listeners) l();
}

/** Stores a successful sign-in (or company switch) reply under the SPEC §3 keys, 7 days. */
export function storeSession(reply: LoginReply): void {
  if (!reply.token || !reply.user) throw new Error('sign-in reply without token or user');
  cache.set(CACHE_KEYS.token, reply.token);
  cache.set(CACHE_KEYS.userId, reply.user.id);
  cache.set(CACHE_KEYS.loginName, reply.user.loginName);
  cache.set(CACHE_KEYS.userInfo, reply.user);
  cache.set(CACHE_KEYS.btnList, reply.userBtn ?? []);
  cache.set(CACHE_KEYS.roleType, reply.roleType ?? '');
  // SPEC §6: an empty permission list is refused by the permission helpers
  cache.set(CACHE_KEYS.permissions, reply.permissions ?? []);
  changed();
}

/** Department switch replaces the cached user info (7 days, SPEC §9). */
export function updateUserInfo(patch: Partial<SessionUser>): void {
  const cur = cache.get<SessionUser>(CACHE_KEYS.userInfo);
  if (!cur) return;
  cache.set(CACHE_KEYS.userInfo, { ...cur, ...patch });
  changed();
}

export function storeMaterialProperties(list: unknown[]): void {
  cache.set(CACHE_KEYS.materialProperties, list);
}

/** Logout clears the session and every cached datum tied to it (SPEC §4). */
export function clearSession(): void {
  for (const k of [
    CACHE_KEYS.token,
    CACHE_KEYS.userId,
    CACHE_KEYS.loginName,
    CACHE_KEYS.userInfo,
    CACHE_KEYS.btnList,
    CACHE_KEYS.roleType,
    CACHE_KEYS.materialProperties,
    CACHE_KEYS.permissions,
    CACHE_KEYS.openPages,
  ]) {
    cache.remove(k);
  }
  changed();
}

export function getToken(): string | undefined {
  return cache.get<string>(CACHE_KEYS.token);
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getPermissions(): string[] {
  const list = cache.get<string[]>(CACHE_KEYS.permissions);
  if (!Array.isArray(list)) throw new Error('permissions must be a non-null array');
  return list;
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}

// another browser tab signing out must sign this one out too
window.addEventListener('storage', (e) => {
  if (e.key === null || e.key === CACHE_KEYS.token || e.key === CACHE_KEYS.userId) changed();
});
