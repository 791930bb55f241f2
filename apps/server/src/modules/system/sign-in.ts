import type { ButtonGrant, LoginReply } from '@erp/entities';
import type { Database, Tx } from '../../platform/db/database.ts';
import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { refuseWhileThrottled, Throttle } from '../../platform/auth/throttle.ts';
import { createSession, sessionFor, type Session } from '../../platform/auth/session.ts';
import { hashToken } from '../../platform/auth/token.ts';

/** SPEC §4 sign-in outcomes. */
export const MSG_TIP = {
  ok: 'user can login',
  notExist: 'user is not exist',
  wrongPassword: 'user password error',
  black: 'user is black',
  expired: 'tenant is expire',
  serviceError: 'access service error',
} as const;

/**
 * Sign-in throttling (issue 10 finding 5), instead of locking an account that anyone could lock: per
 * login name and source address, five free failures, then a wait that doubles from 1 s up to 15
 * minutes; per source address across all names, fifty free failures, then the same. The right user on
 * another address is never slowed down by an attacker's failures.
 */
export const signInThrottle = new Throttle({ free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 15 * 60_000 });
const addressThrottle = new Throttle({ free: 50, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 15 * 60_000 });
export const throttleMessage = (seconds: number) => `登录失败次数过多，请${seconds}秒后再试`;

/** A stored hash of a password nobody has: an unknown name costs the same scrypt work as a known one. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

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
  const nameKey = `${loginName.toLowerCase()}|${ip}`;
  refuseWhileThrottled(signInThrottle, [nameKey], throttleMessage);
  refuseWhileThrottled(addressThrottle, [ip], throttleMessage);
  const account = await db.system((tx) =>
    tx.one<{ id: number; password_hash: string; last_tenant_id: number | null }>(
      'select id, password_hash, last_tenant_id from account where login_name = $1',
      [loginName],
    ),
  );
  // the same work whether the name exists or not, so timing does not tell which names exist
  const ok = await verifyPassword(passwordMd5, account?.password_hash ?? (await decoy()));
  if (!account || !ok) {
    signInThrottle.fail(nameKey);
    addressThrottle.fail(ip);
    return { msgTip: account ? MSG_TIP.wrongPassword : MSG_TIP.notExist };
  }
  signInThrottle.reset(nameKey);
  return db.system((tx) => enterAccount(tx, account, ip));
}

/** An account whose identity is proven (password, or a CAS ticket): picks the company (the last used, else the first) and opens a session. */
export async function enterAccount(tx: Tx, account: { id: number; last_tenant_id: number | null }, ip: string): Promise<SignInResult> {
  const list = await memberships(tx, account.id);
  if (!list.length) return { msgTip: MSG_TIP.notExist };
  const usable = list.filter((m) => !refusal(m));
  const last = (l: Membership[]) => l.find((m) => m.tenant_id === account.last_tenant_id);
  const chosen = last(usable) ?? usable[0] ?? last(list) ?? list[0];
  return enter(tx, account.id, chosen, ip);
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
export async function sessionPayload(tx: Tx, s: Session): Promise<Omit<LoginReply, 'msgTip' | 'token'>> {
  const user = s.user;
  let userBtn: ButtonGrant[];
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
