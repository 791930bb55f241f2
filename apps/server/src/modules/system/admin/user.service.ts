import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { logWrite } from '../../../platform/audit.ts';
import { DEFAULT_PASSWORD, hashPassword, md5 } from '../../../platform/auth/password.ts';
import { BusinessError, badRequest, notFound } from '../../../platform/errors.ts';
import { LOGIN_NAME_TAKEN } from '../tenant-provisioning.ts';
import { likePattern, ts } from './schemas.ts';

/**
 * Users of one company. Some of these run in the system scope (they touch the global account
 * table), so every query names the session's tenant explicitly.
 */
export const USER_MSG = {
  limit: '用户数量已达上限',
  self: '不能禁用或删除自己',
  shared: '该用户同时属于其他公司，只能由本人修改密码',
  missing: '用户不存在或已删除',
} as const;

export interface UserFields {
  username?: string;
  phone?: string | null;
  email?: string | null;
  position?: string | null;
  description?: string | null;
  isManager?: boolean;
  roleIds?: number[];
  orgIds?: number[];
}

export async function listUsers(tx: Tx, s: Session, q: { currentPage: number; pageSize: number; loginName?: string; username?: string }) {
  const where = ['u.tenant_id = $1', 'not u.delete_flag'];
  const params: unknown[] = [s.tenantId];
  if (q.loginName) where.push(`u.login_name ilike $${params.push(likePattern(q.loginName))}`);
  if (q.username) where.push(`u.username ilike $${params.push(likePattern(q.username))}`);
  const cond = where.join(' and ');
  const rows = await tx.query(
    `select u.id, u.login_name as "loginName", u.username, u.phone, u.email, u.position, u.description,
            u.is_manager as "isManager", u.status, ${ts('u.created_at')} as "createTime",
            exists (select 1 from tenant t where t.id = u.tenant_id and t.login_name = u.login_name) as "tenantAdmin",
            coalesce((select json_agg(r.id order by r.id) from user_role ur join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
                       where ur.tenant_id = u.tenant_id and ur.user_id = u.id and not r.delete_flag), '[]') as "roleIds",
            (select string_agg(r.name, ',' order by r.id) from user_role ur join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
              where ur.tenant_id = u.tenant_id and ur.user_id = u.id and not r.delete_flag) as "roleName",
            coalesce((select json_agg(o.id order by o.org_no) from user_org uo join organization o on o.tenant_id = uo.tenant_id and o.id = uo.org_id
                       where uo.tenant_id = u.tenant_id and uo.user_id = u.id and not o.delete_flag), '[]') as "orgIds",
            (select string_agg(o.name, ',' order by o.org_no) from user_org uo join organization o on o.tenant_id = uo.tenant_id and o.id = uo.org_id
              where uo.tenant_id = u.tenant_id and uo.user_id = u.id and not o.delete_flag) as "orgName"
       from sys_user u where ${cond}
      order by u.created_at desc, u.id desc limit ${q.pageSize} offset ${(q.currentPage - 1) * q.pageSize}`,
    params,
  );
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from sys_user u where ${cond}`, params);
  return { rows, total: total!.n };
}

/** Roles and departments given to a user must be live rows of the same company (else 400, nothing written). */
async function checkRefs(tx: Tx, tenantId: number, f: UserFields) {
  for (const [field, table, ids] of [
    ['roleIds', 'role', f.roleIds],
    ['orgIds', 'organization', f.orgIds],
  ] as const) {
    if (!ids?.length) continue;
    const found = await tx.query<{ id: number }>(`select id from ${table} where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag`, [
      tenantId,
      ids,
    ]);
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) throw badRequest(`参数错误 ${field}: ${missing.join(',')} 不存在`);
  }
}

/** Replaces roles and/or departments; the current department stays if still one of them. */
async function setLinks(tx: Tx, tenantId: number, userId: number, f: UserFields) {
  if (f.roleIds) {
    await tx.query('delete from user_role where tenant_id = $1 and user_id = $2', [tenantId, userId]);
    await tx.query('insert into user_role(tenant_id, user_id, role_id) select $1, $2, unnest($3::bigint[])', [tenantId, userId, f.roleIds]);
  }
  if (f.orgIds) {
    await tx.query('delete from user_org where tenant_id = $1 and user_id = $2', [tenantId, userId]);
    await tx.query('insert into user_org(tenant_id, user_id, org_id) select $1, $2, unnest($3::bigint[])', [tenantId, userId, f.orgIds]);
    await tx.query(
      `update sys_user set current_org_id = case when current_org_id = any($3::bigint[]) then current_org_id else $4 end
        where tenant_id = $1 and id = $2`,
      [tenantId, userId, f.orgIds, f.orgIds[0] ?? null],
    );
  }
}

const COLUMNS = { username: 'username', phone: 'phone', email: 'email', position: 'position', description: 'description', isManager: 'is_manager' } as const;

/** A new person with a new sign-in and the default password (SPEC §9). Runs in the system scope. */
async function insertUser(tx: Tx, s: Session, u: UserFields & { loginName: string; username: string; roleIds: number[]; orgIds: number[] }) {
  await checkRefs(tx, s.tenantId, u);
  // the tenant row is the lock that keeps two concurrent adds from both passing the limit
  const t = await tx.one<{ user_limit: number }>('select user_limit from tenant where id = $1 for update', [s.tenantId]);
  const count = await tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1 and not delete_flag', [s.tenantId]);
  if (count!.n >= t!.user_limit) throw new BusinessError(USER_MSG.limit);
  if (await tx.one('select 1 from account where login_name = $1', [u.loginName])) throw new BusinessError(LOGIN_NAME_TAKEN);
  const account = await tx.one<{ id: number }>('insert into account(login_name, password_hash) values ($1, $2) returning id', [
    u.loginName,
    await hashPassword(md5(DEFAULT_PASSWORD)),
  ]);
  const user = await tx.one<{ id: number }>(
    `insert into sys_user(tenant_id, account_id, login_name, username, phone, email, position, description, is_manager)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [s.tenantId, account!.id, u.loginName, u.username, u.phone ?? null, u.email ?? null, u.position ?? null, u.description ?? null, u.isManager ?? false],
  );
  await setLinks(tx, s.tenantId, user!.id, u);
  return user!.id;
}

async function changeUser(tx: Tx, s: Session, id: number, u: UserFields) {
  await checkRefs(tx, s.tenantId, u);
  const sets: string[] = [];
  const params: unknown[] = [s.tenantId, id];
  for (const [k, col] of Object.entries(COLUMNS)) {
    const v = u[k as keyof typeof COLUMNS];
    if (v !== undefined) sets.push(`${col} = $${params.push(v)}`);
  }
  // 'id = id' keeps the statement valid when only roles or departments change; it still finds the row
  const done = await tx.one(`update sys_user set ${[...sets, 'id = id'].join(', ')} where tenant_id = $1 and id = $2 and not delete_flag returning id`, params);
  if (!done) throw notFound(USER_MSG.missing);
  await setLinks(tx, s.tenantId, id, u);
}

/** All or nothing: every id must be a live user of the company. */
export async function liveUsers(tx: Tx, s: Session, ids: number[], lock = false) {
  const rows = await tx.query<{ id: number; account_id: number }>(
    `select id, account_id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag ${lock ? 'for update' : ''}`,
    [s.tenantId, ids],
  );
  if (rows.length !== ids.length) throw notFound('部分用户不存在或已删除，未修改任何记录');
  return rows;
}

/** Signs the users out of this company: their tokens stop working at the next request. */
export async function endSessions(tx: Tx, tenantId: number, ids: number[]) {
  await tx.query('delete from user_session where tenant_id = $1 and user_id = any($2::bigint[])', [tenantId, ids]);
}

/**
 * Resets the sign-in's password to the default (system scope). A sign-in shared with another
 * company is refused: otherwise one company's administrator could take over a person's access
 * to a company they do not administer.
 */
async function resetToDefault(tx: Tx, s: Session, id: number) {
  const [user] = await liveUsers(tx, s, [id], true);
  const elsewhere = await tx.one('select 1 from sys_user where account_id = $1 and tenant_id <> $2 and not delete_flag', [user.account_id, s.tenantId]);
  if (elsewhere) throw new BusinessError(USER_MSG.shared);
  await tx.query('update account set password_hash = $2, failed_count = 0, locked_until = null where id = $1', [
    user.account_id,
    await hashPassword(md5(DEFAULT_PASSWORD)),
  ]);
  if (id !== s.userId) await endSessions(tx, s.tenantId, [id]);
}

/** Soft delete: the sign-in stays (other companies may use it); the user's tokens here stop at once. */
export async function removeUsers({ tx, session, ip }: RequestCtx, ids: number[]) {
  if (ids.includes(session.userId)) throw new BusinessError(USER_MSG.self);
  await liveUsers(tx, session, ids, true);
  await tx.query('update sys_user set delete_flag = true where tenant_id = $1 and id = any($2::bigint[])', [session.tenantId, ids]);
  await endSessions(tx, session.tenantId, ids);
  await logWrite(tx, session, ip, 'delete', 'user', ids);
  return { message: '删除成功' };
}

/** Status 0 normal or 2 blacklisted; a blacklisted user is signed out at once; nobody blacklists themself. */
export async function setUserStatus({ tx, session, ip }: RequestCtx, body: { status: number; ids: number[] }) {
  if (body.status === 2 && body.ids.includes(session.userId)) throw new BusinessError(USER_MSG.self);
  await liveUsers(tx, session, body.ids, true);
  await tx.query('update sys_user set status = $3 where tenant_id = $1 and id = any($2::bigint[])', [session.tenantId, body.ids, body.status]);
  if (body.status === 2) await endSessions(tx, session.tenantId, body.ids);
  await logWrite(tx, session, ip, body.status === 2 ? 'disable' : 'enable', 'user', body.ids);
  return { message: '操作成功' };
}

/** Is the login name taken by any sign-in (login names are global)? */
export async function loginNameTaken(tx: Tx, tenantId: number, query: { name: string; id: number }) {
  // id: the user being edited, whose own login name does not count
  const taken = await tx.one(
    `select 1 from account a where a.login_name = $1
        and not exists (select 1 from sys_user u where u.tenant_id = $2 and u.id = $3 and u.account_id = a.id)`,
    [query.name, tenantId, query.id],
  );
  return { status: !!taken };
}

/** A new user with a new sign-in and the default password 123456, within the company's user limit. */
export async function addUser(
  { tx, session, ip }: RequestCtx,
  body: UserFields & { loginName: string; username: string; roleIds: number[]; orgIds: number[] },
) {
  const id = await insertUser(tx, session, body);
  await logWrite(tx, session, ip, 'add', 'user', [id], { ...body });
  return { id, message: '新增成功' };
}

/** Changes a user; roleIds / orgIds, when given, replace the lists. */
export async function updateUser({ tx, session, ip }: RequestCtx, body: UserFields & { id: number }) {
  const { id, ...rest } = body;
  await changeUser(tx, session, id, rest);
  await logWrite(tx, session, ip, 'update', 'user', [id], rest);
  return { id, message: '修改成功' };
}

/** Resets the password to 123456 (refused when the sign-in also belongs to another company). */
export async function resetPassword({ tx, session, ip }: RequestCtx, id: number) {
  await resetToDefault(tx, session, id);
  await logWrite(tx, session, ip, 'resetPwd', 'user', [id]);
  return { message: '密码已重置为123456' };
}
