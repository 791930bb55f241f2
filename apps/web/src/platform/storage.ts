/**
 * Local cache with an expiry per entry (SPEC §9: session data lives 7 days). Values are stored as
 * JSON `{value, expire}` so a stale token is dropped on read instead of being sent to the server.
 */
export const WEEK_MS = 604800000;

/** The local-cache keys of SPEC §3 (user session) plus the shell's own UI keys. */
export const CACHE_KEYS = {
  token: 'Access-Token',
  userId: 'userId',
  loginName: 'login_Username',
  userInfo: 'Login_Userinfo',
  btnList: 'winBtnStrList',
  roleType: 'roleType',
  materialProperties: 'materialPropertyList',
  permissions: 'permissionList',
  language: 'language',
  settings: 'ui_settings',
  openPages: 'open_pages',
} as const;

interface Entry<T> {
  value: T;
  expire: number | null;
}

function read<T>(key: string): Entry<T> | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Entry<T>) : undefined;
  } catch {
    return undefined;
  }
}

export const cache = {
  get<T>(key: string): T | undefined {
    const e = read<T>(key);
    if (!e) return undefined;
    if (e.expire !== null && e.expire < Date.now()) {
      localStorage.removeItem(key);
      return undefined;
    }
    return e.value;
  },
  /** ttlMs null keeps the value until removed (UI preferences). */
  set<T>(key: string, value: T, ttlMs: number | null = WEEK_MS): void {
    const entry: Entry<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    localStorage.setItem(key, JSON.stringify(entry));
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};
