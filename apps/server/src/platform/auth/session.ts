import type { SessionUser } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import { hashToken, newToken, TOKEN_TTL_MS } from './token.ts';

/** What the server knows about the signed-in user for the length of one request. */
export interface Session {
  tenantId: number;
  userId: number;
  accountId: number;
  loginName: string;
  username: string;
  tokenHash: string;
  platformTenant: boolean;
  roles: string[];
  roleType: string;
  /** A role named admin passes every check (SPEC §6). */
  admin: boolean;
  /** One of the user's roles hides purchase and sale prices (SPEC §6 price masking). */
  priceMasked: boolean;
  /** Menu url → granted button codes. */
  grants: Map<string, Set<string>>;
  /** Menu urls hidden by the platform administrator or a disabled plugin: refused even to admin. */
  blocked?: ReadonlySet<string>;
  /** The user and company as /user/infoWithTenant shows them. */
  user: SessionUser;
  /** When this session stops being valid: the token's expiry, or the company's for trials. */
  validUntil: Date;
  /** A supplier portal user (issue 22): the supplier whose rows alone it may reach; null for staff. */
  supplierId: number | null;
}

/** The user as replies show it: the shared wire type (packages/entities api/session.ts). */
export type { SessionUser };

/** Loads a live session; tenant, user and token must all still be valid. Runs in the tenant scope. */
export async function loadSession(tx: Tx, token: string): Promise<Session | undefined> {
  const tokenHash = hashToken(token);
  const row = await tx.one<SessionRow>(
    `select s.tenant_id, s.user_id, u.account_id, u.login_name, u.username, t.is_platform, t.name as tenant_name, t.type,
            t.expire_time, u.is_manager, u.supplier_id, case when t.is_platform then s.expires_at else least(s.expires_at, t.expire_time) end as valid_until
       from user_session s
       join sys_user u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join tenant t on t.id = s.tenant_id
      where s.token_hash = $1 and s.expires_at > now()
        and not u.delete_flag and u.status <> 2
        and t.enabled and not t.delete_flag and (t.is_platform or t.expire_time > now())`,
    [tokenHash],
  );
  if (!row) return undefined;
  return buildSession(tx, row, tokenHash);
}

type SessionRow = {
  tenant_id: number;
  user_id: number;
  account_id: number;
  login_name: string;
  username: string;
  is_platform: boolean;
  tenant_name: string;
  type: string;
  expire_time: Date;
  is_manager: boolean;
  supplier_id: number | null;
  valid_until: Date;
};

/** The session of a user just signed in (system or tenant scope: every query names the tenant). */
export async function sessionFor(tx: Tx, tenantId: number, userId: number, tokenHash: string): Promise<Session> {
  const row = await tx.one<SessionRow>(
    `select u.tenant_id, u.id as user_id, u.account_id, u.login_name, u.username, t.is_platform, t.name as tenant_name, t.type,
            t.expire_time, u.is_manager, u.supplier_id, now() + interval '7 days' as valid_until
       from sys_user u join tenant t on t.id = u.tenant_id where u.tenant_id = $1 and u.id = $2`,
    [tenantId, userId],
  );
  if (!row) throw new Error(`no user ${tenantId}/${userId}`);
  return buildSession(tx, row, tokenHash);
}

async function buildSession(tx: Tx, row: SessionRow, tokenHash: string): Promise<Session> {
  const roles = await tx.query<{ name: string; type: string; price_masking: boolean }>(
    `select r.name, r.type, r.price_masking from user_role ur join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      where ur.tenant_id = $1 and ur.user_id = $2 and r.enabled and not r.delete_flag order by r.id`,
    [row.tenant_id, row.user_id],
  );
  const grants = new Map<string, Set<string>>();
  const fns = await tx.query<{ url: string; btn_str: string }>(
    `select f.url, rf.btn_str from user_role ur
       join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.enabled and not r.delete_flag
       join role_function rf on rf.tenant_id = ur.tenant_id and rf.role_id = ur.role_id
       join sys_function f on f.id = rf.function_id and f.enabled
      where ur.tenant_id = $1 and ur.user_id = $2 and ($3 or not f.platform_only)`,
    [row.tenant_id, row.user_id, row.is_platform],
  );
  for (const f of fns) {
    const set = grants.get(f.url) ?? new Set<string>();
    for (const b of f.btn_str.split(',')) if (b) set.add(b);
    grants.set(f.url, set);
  }
  await narrowButtons(tx, row.tenant_id, row.user_id, grants);
  // hidden by the platform administrator, or held by a plugin the company switched off (tenant_plugin, issue 24)
  const blocked = await tx.query<{ url: string }>(
    `select f.url from sys_function f where not f.enabled
        and not exists (select 1 from sys_function o where o.enabled and o.url = f.url)
     union
     select f.url from tenant_plugin tp join plugin p on p.code = tp.plugin_code
       join sys_function f on f.number like any (select x || '%' from unnest(p.number_prefixes) x)
      where tp.tenant_id = $1 and not tp.enabled`,
    [row.tenant_id],
  );
  return {
    tenantId: row.tenant_id,
    userId: row.user_id,
    accountId: row.account_id,
    loginName: row.login_name,
    username: row.username,
    tokenHash,
    platformTenant: row.is_platform,
    roles: roles.map((r) => r.name),
    roleType: roles[0]?.type ?? '',
    admin: roles.some((r) => r.name === 'admin'),
    priceMasked: !roles.some((r) => r.name === 'admin') && roles.some((r) => r.price_masking),
    grants,
    blocked: new Set(blocked.map((b) => b.url)),
    user: {
      id: row.user_id,
      loginName: row.login_name,
      username: row.username,
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      type: row.type,
      expireTime: row.expire_time.toISOString(),
      isManager: row.is_manager,
      supplierId: row.supplier_id === null ? null : Number(row.supplier_id),
    },
    validUntil: row.valid_until,
    supplierId: row.supplier_id === null ? null : Number(row.supplier_id),
  };
}

/**
 * A user's own button assignment (user_business UserBtn, issue 24): on each function it names, the user keeps only
 * the listed buttons of those their roles grant.
 */
async function narrowButtons(tx: Tx, tenantId: number, userId: number, grants: Map<string, Set<string>>) {
  const rows = await tx.query<{ url: string; btn_str: string }>(
    `select f.url, e->>'btnStr' as btn_str
       from user_business b cross join lateral jsonb_array_elements(coalesce(b.btn_str, '[]')::jsonb) e
       join sys_function f on f.id::text = e->>'funId'
      where b.tenant_id = $1 and b.key_id = $2 and b.type = 'UserBtn'`,
    [tenantId, userId],
  );
  for (const r of rows) {
    const g = grants.get(r.url);
    if (g) grants.set(r.url, new Set((r.btn_str ?? '').split(',').filter((b) => g.has(b))));
  }
}

/** May this session open the menu function at `url`, and press button `btn` there? */
export function can(s: Session, url: string, btn?: string): boolean {
  if (s.blocked?.has(url)) return false;
  if (s.admin) return true;
  const g = s.grants.get(url);
  if (!g) return false;
  return btn === undefined || g.has(btn);
}

export async function createSession(tx: Tx, tenantId: number, userId: number, ip: string): Promise<string> {
  const token = newToken(tenantId);
  await tx.query(
    `insert into user_session(tenant_id, token_hash, user_id, ip, expires_at)
     values ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [tenantId, hashToken(token), userId, ip, TOKEN_TTL_MS],
  );
  return token;
}

export async function endSession(tx: Tx, tenantId: number, tokenHash: string): Promise<void> {
  await tx.query('delete from user_session where tenant_id = $1 and token_hash = $2', [tenantId, tokenHash]);
}
