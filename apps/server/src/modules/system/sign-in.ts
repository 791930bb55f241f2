import type { Database, Tx } from '../../platform/db/database.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { createSession, sessionFor, type Session } from '../../platform/auth/session.ts';
import { hashToken } from '../../platform/auth/token.ts';
import { AppError } from '../../platform/errors.ts';

/** SPEC §4 sign-in outcomes. */
export const MSG_TIP = {
  ok: 'user can login',
  notExist: 'user is not exist',
  wrongPassword: 'user password error',
  black: 'user is black',
  expired: 'tenant is expire',
  serviceError: 'access service error',
} as const;

export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

interface Membership {
  tenant_id: number;
  user_id: number;
  status: number;
  enabled: boolean;
  expired: boolean;
}

/** The companies an account may enter, in a stable order; runs in the system scope. */
export async function memberships(tx: Tx, accountId: number): Promise<Array<Membership & { name: string }>> {
  return tx.query(
    `select u.tenant_id, u.id as user_id, u.status, t.name, t.enabled and not t.delete_flag as enabled,
            (not t.is_platform and t.expire_time <= now()) as expired
       from sys_user u join tenant t on t.id = u.tenant_id
      where u.account_id = $1 and not u.delete_flag order by u.tenant_id`,
    [accountId],
  );
}

function refusal(m: Membership): string | undefined {
  if (m.status === 2) return MSG_TIP.black;
  if (!m.enabled || m.expired) return MSG_TIP.expired;
  return undefined;
}

export type SignInResult = { msgTip: string; token?: string; session?: Session };

/** Checks name and password, picks the company (the last one used, else the first) and opens a session. */
export async function signIn(db: Database, loginName: string, passwordMd5: string, ip: string): Promise<SignInResult> {
  const account = await db.system((tx) =>
    tx.one<{ id: number; password_hash: string; locked_until: Date | null; last_tenant_id: number | null }>(
      `select id, password_hash, case when locked_until > now() then locked_until end as locked_until, last_tenant_id
         from account where login_name = $1`,
      [loginName],
    ),
  );
  if (!account) return { msgTip: MSG_TIP.notExist };
  if (account.locked_until) {
    const minutes = Math.max(1, Math.ceil((account.locked_until.getTime() - Date.now()) / 60000));
    throw new AppError(429, 429, `密码连续输错${MAX_FAILED_SIGN_INS}次，账号已锁定，请${minutes}分钟后再试`);
  }
  if (!(await verifyPassword(passwordMd5, account.password_hash))) {
    await db.system((tx) =>
      tx.query(
        `update account set failed_count = case when failed_count + 1 >= $2 then 0 else failed_count + 1 end,
                locked_until = case when failed_count + 1 >= $2 then now() + $3 * interval '1 minute' else locked_until end
          where id = $1`,
        [account.id, MAX_FAILED_SIGN_INS, LOCK_MINUTES],
      ),
    );
    return { msgTip: MSG_TIP.wrongPassword };
  }
  return db.system(async (tx) => {
    const list = await memberships(tx, account.id);
    if (!list.length) return { msgTip: MSG_TIP.notExist };
    const usable = list.filter((m) => !refusal(m));
    const last = (l: Membership[]) => l.find((m) => m.tenant_id === account.last_tenant_id);
    const chosen = last(usable) ?? usable[0] ?? last(list) ?? list[0];
    await tx.query('update account set failed_count = 0, locked_until = null where id = $1', [account.id]);
    return enter(tx, account.id, chosen, ip);
  });
}

/** Opens a session in one company the account belongs to (sign-in and company switch). */
export async function enter(tx: Tx, accountId: number, m: Membership, ip: string): Promise<SignInResult> {
  const why = refusal(m);
  if (why) return { msgTip: why };
  const token = await createSession(tx, m.tenant_id, m.user_id, ip);
  await tx.query('update account set last_tenant_id = $2 where id = $1', [accountId, m.tenant_id]);
  return { msgTip: MSG_TIP.ok, token, session: await sessionFor(tx, m.tenant_id, m.user_id, hashToken(token)) };
}

/** The user part of a sign-in reply: user data, permissions and button grants (SPEC §3 User session). */
export async function sessionPayload(tx: Tx, s: Session) {
  const user = s.user;
  let userBtn: Array<{ url: string; btnStr: string }>;
  if (s.admin) {
    userBtn = await tx.query(
      `select url, push_btn as "btnStr" from sys_function where enabled and ($1 or not platform_only) and push_btn <> '' order by number`,
      [s.platformTenant],
    );
  } else {
    userBtn = [...s.grants].filter(([, b]) => b.size).map(([url, b]) => ({ url, btnStr: [...b].join(',') }));
  }
  return {
    user,
    userBtn,
    roleType: s.roleType,
    roles: s.roles,
    permissions: s.admin ? ['*:*:*'] : [...s.grants.keys()],
  };
}
