import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { logWrite } from '../../../platform/audit.ts';
import { badRequest, BusinessError, notFound } from '../../../platform/errors.ts';

/**
 * jshERP's user_business for one user (SPEC §6 "Users can be assigned to roles, buttons, depots and customers",
 * §7.5–7.6 /userBusiness/*). UserRole is the user's roles (user_role); UserDepot and UserCustomer are the user's own
 * data scope (platform/auth/data-scope.ts: when present it replaces what the roles give); UserBtn narrows the buttons
 * the roles grant, per function. value is jshERP's "[1][2]" list of ids.
 */
export type UbType = 'UserRole' | 'UserDepot' | 'UserCustomer' | 'UserBtn';
export interface UbFields {
  type: UbType;
  keyId: number;
  value: number[];
  btnStr?: Array<{ funId: number; btnStr: string }>;
}

const TARGET: Record<UbType, { sql: string; label: string }> = {
  UserRole: { sql: 'select id from role where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', label: '角色' },
  UserDepot: { sql: 'select id from depot where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', label: '仓库' },
  UserCustomer: {
    sql: `select id from partner where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag and type = '客户'`,
    label: '客户',
  },
  UserBtn: { sql: 'select id from sys_function where $1::bigint is not null and id = any($2::bigint[])', label: '功能' },
};

export const asValue = (ids: number[]) => ids.map((i) => `[${i}]`).join('');

async function checkUser(tx: Tx, tenantId: number, userId: number) {
  const u = await tx.one('select 1 from sys_user where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, userId]);
  if (!u) throw notFound('用户不存在');
}

async function checkTargets(tx: Tx, tenantId: number, f: UbFields) {
  const ids = f.type === 'UserBtn' ? (f.btnStr ?? []).map((b) => b.funId) : f.value;
  const found = await tx.query<{ id: number }>(TARGET[f.type].sql, [tenantId, ids]);
  const missing = ids.filter((id) => !found.some((r) => Number(r.id) === id));
  if (missing.length) throw badRequest(`参数错误 value: ${TARGET[f.type].label} ${missing.join(',')} 不存在`);
  if (f.type === 'UserRole' && f.value.length === 0) throw new BusinessError('请选择角色');
}

/** The stored assignment of one kind for one user: id (the user's id for UserRole), value and btnStr; null when none. */
export async function findAssignment(tx: Tx, tenantId: number, q: { type: UbType; keyId: number }) {
  if (q.type === 'UserRole') {
    const r = await tx.one<{ ids: number[] | null }>(
      `select array_agg(ur.role_id order by ur.role_id)::bigint[] as ids from user_role ur join sys_user u on u.tenant_id = ur.tenant_id and u.id = ur.user_id
        where ur.tenant_id = $1 and ur.user_id = $2 and not u.delete_flag`,
      [tenantId, q.keyId],
    );
    const ids = (r?.ids ?? []).map(Number);
    return ids.length ? { id: q.keyId, type: q.type, keyId: q.keyId, value: asValue(ids), ids, btnStr: null } : null;
  }
  const r = await tx.one<{ id: number; value: string; btn_str: string | null }>(
    'select id, value, btn_str from user_business where tenant_id = $1 and type = $2 and key_id = $3',
    [tenantId, q.type, q.keyId],
  );
  if (!r) return null;
  const ids = [...r.value.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  return { id: Number(r.id), type: q.type, keyId: q.keyId, value: r.value, ids, btnStr: r.btn_str ? JSON.parse(r.btn_str) : null };
}

/** /userBusiness/checkIsValueExist: the id of the user's assignment of that kind, or null. */
export async function assignmentId(tx: Tx, tenantId: number, q: { type: UbType; keyId: number }) {
  return { id: (await findAssignment(tx, tenantId, q))?.id ?? null };
}

async function store(ctx: RequestCtx, f: UbFields) {
  const { tx, session } = ctx;
  if (f.type === 'UserRole') {
    await tx.query('delete from user_role where tenant_id = $1 and user_id = $2', [session.tenantId, f.keyId]);
    await tx.query('insert into user_role(tenant_id, user_id, role_id) select $1, $2, unnest($3::bigint[])', [session.tenantId, f.keyId, f.value]);
  } else {
    const value = f.type === 'UserBtn' ? asValue((f.btnStr ?? []).map((b) => b.funId)) : asValue(f.value);
    await tx.query(
      `insert into user_business(tenant_id, type, key_id, value, btn_str) values ($1, $2, $3, $4, $5)
       on conflict (tenant_id, type, key_id) do update set value = excluded.value, btn_str = excluded.btn_str, updated_at = now()`,
      [session.tenantId, f.type, f.keyId, value, f.type === 'UserBtn' ? JSON.stringify(f.btnStr ?? []) : null],
    );
  }
  await logWrite(tx, session, ctx.ip, f.type === 'UserRole' ? '分配角色' : '分配权限', 'userBusiness', [f.keyId], f);
  return findAssignment(tx, session.tenantId, f);
}

/** A new assignment; refused when the user already has one of that kind (update it instead). */
export async function addAssignment(ctx: RequestCtx, f: UbFields) {
  await checkUser(ctx.tx, ctx.session.tenantId, f.keyId);
  if (f.type !== 'UserRole' && (await findAssignment(ctx.tx, ctx.session.tenantId, f))) throw new BusinessError('该用户已有此类分配，请修改');
  await checkTargets(ctx.tx, ctx.session.tenantId, f);
  return store(ctx, f);
}

/** Replaces an existing assignment; an empty UserDepot / UserCustomer / UserBtn list removes it (the roles rule again). */
export async function updateAssignment(ctx: RequestCtx, f: UbFields & { id?: number }) {
  await checkUser(ctx.tx, ctx.session.tenantId, f.keyId);
  const cur = await findAssignment(ctx.tx, ctx.session.tenantId, f);
  if (!cur || (f.id !== undefined && f.id !== cur.id)) throw notFound('查找不到数据');
  await checkTargets(ctx.tx, ctx.session.tenantId, f);
  const empty = f.type === 'UserBtn' ? !(f.btnStr ?? []).length : !f.value.length;
  if (f.type !== 'UserRole' && empty) {
    await ctx.tx.query('delete from user_business where tenant_id = $1 and type = $2 and key_id = $3', [ctx.session.tenantId, f.type, f.keyId]);
    await logWrite(ctx.tx, ctx.session, ctx.ip, '取消分配', 'userBusiness', [f.keyId], f);
    return null;
  }
  return store(ctx, f);
}

/** The kinds one warehouse or customer is assigned by (jshERP's 仓库/客户 分配用户: the reverse of a user's assignment). */
export type OneValueType = 'UserDepot' | 'UserCustomer';

async function checkOneValue(tx: Tx, tenantId: number, type: OneValueType, value: number) {
  const found = await tx.query<{ id: number }>(TARGET[type].sql, [tenantId, [value]]);
  if (!found.length) throw notFound(`${TARGET[type].label}不存在`);
}

/** Every live user of the company, and whether its UserDepot / UserCustomer assignment holds `value`. */
export async function usersWithValue(tx: Tx, tenantId: number, q: { type: OneValueType; value: number }) {
  await checkOneValue(tx, tenantId, q.type, q.value);
  const rows = await tx.query<{ id: number; loginName: string; username: string; checked: boolean }>(
    `select u.id, u.login_name as "loginName", u.username,
            coalesce(ub.value like '%[' || $3::text || ']%', false) as checked
       from sys_user u
       left join user_business ub on ub.tenant_id = u.tenant_id and ub.type = $2 and ub.key_id = u.id
      where u.tenant_id = $1 and not u.delete_flag
      order by u.id`,
    [tenantId, q.type, q.value],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Assigns one warehouse or customer to exactly the users `keyIds` (jshERP's updateOneValueByKeyIdAndType): added to
 * their assignment (created when they had none), removed from every other user's (an assignment left empty is
 * removed: the roles rule again). Users not of the company are refused before anything is written.
 */
export async function setOneValue(ctx: RequestCtx, f: { type: OneValueType; value: number; keyIds: number[] }) {
  const { tx, session } = ctx;
  await checkOneValue(tx, session.tenantId, f.type, f.value);
  const users = await usersWithValue(tx, session.tenantId, f);
  const known = new Set(users.map((u) => u.id));
  const missing = f.keyIds.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`参数错误 keyIds: 用户 ${missing.join(',')} 不存在`);
  const wanted = new Set(f.keyIds);
  const changed = users.filter((u) => u.checked !== wanted.has(u.id));
  for (const u of changed) {
    const ids = (await findAssignment(tx, session.tenantId, { type: f.type, keyId: u.id }))?.ids ?? [];
    const next = wanted.has(u.id) ? [...ids, f.value] : ids.filter((id) => id !== f.value);
    if (next.length) {
      await tx.query(
        `insert into user_business(tenant_id, type, key_id, value, btn_str) values ($1, $2, $3, $4, null)
         on conflict (tenant_id, type, key_id) do update set value = excluded.value, updated_at = now()`,
        [session.tenantId, f.type, u.id, asValue(next)],
      );
    } else {
      await tx.query('delete from user_business where tenant_id = $1 and type = $2 and key_id = $3', [session.tenantId, f.type, u.id]);
    }
  }
  await logWrite(tx, session, ctx.ip, '分配用户', 'userBusiness', [f.value], { type: f.type, keyIds: f.keyIds });
  return { changed: changed.map((u) => u.id) };
}
