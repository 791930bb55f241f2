import type { Tx } from '../../platform/db/database.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { BusinessError } from '../../platform/errors.ts';
import { DICT_TYPES, MATERIAL_PROPERTIES, TENANT_ADMIN_ROLE } from './defaults.ts';
import { seedChart } from '../finance/index.ts';

export interface NewTenant {
  name: string;
  type: '0' | '1';
  expireTime: Date;
  userLimit: number;
  isPlatform?: boolean;
  admin: { loginName: string; passwordMd5: string; username: string };
  adminRole?: string;
}

export const LOGIN_NAME_TAKEN = '登录名已存在';

/** Runs as the owner (system scope): creates a company with its defaults and its first user. */
export async function provisionTenant(tx: Tx, t: NewTenant): Promise<{ tenantId: number; userId: number; roleId: number }> {
  const taken = await tx.one('select 1 from account where login_name = $1', [t.admin.loginName]);
  if (taken) throw new BusinessError(LOGIN_NAME_TAKEN);
  const tenant = await tx.one<{ id: number }>(
    `insert into tenant(name, login_name, type, expire_time, user_limit, is_platform)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [t.name, t.admin.loginName, t.type, t.expireTime, t.userLimit, t.isPlatform ?? false],
  );
  const tenantId = tenant!.id;
  await tx.query('insert into system_config(tenant_id, company_name) values ($1, $2)', [tenantId, t.name]);
  for (const d of DICT_TYPES) {
    for (const [i, [label, value, listClass]] of d.items.entries()) {
      await tx.query(`insert into dict_data(tenant_id, dict_type, label, value, sort, list_class) values ($1, $2, $3, $4, $5, $6)`, [
        tenantId,
        d.type,
        label,
        value,
        i + 1,
        listClass ?? null,
      ]);
    }
  }
  for (const [name, sort] of MATERIAL_PROPERTIES) {
    await tx.query('insert into material_property(tenant_id, native_name, another_name, sort) values ($1, $2, $2, $3)', [tenantId, name, sort]);
  }
  await seedChart(tx, tenantId);
  const roleId = await createRole(tx, tenantId, t.adminRole ?? TENANT_ADMIN_ROLE, { all: true });
  const userId = await createUser(tx, tenantId, { ...t.admin, roleIds: [roleId], isManager: true });
  return { tenantId, userId, roleId };
}

/** Creates a role granted either every menu (with all its buttons) or the menus under the given numbers. */
export async function createRole(
  tx: Tx,
  tenantId: number,
  name: string,
  grant: { all: true } | { numbers: string[]; buttons?: string },
  type = '全部数据',
): Promise<number> {
  const role = await tx.one<{ id: number }>('insert into role(tenant_id, name, type) values ($1, $2, $3) returning id', [tenantId, name, type]);
  const roleId = role!.id;
  if ('all' in grant) {
    await tx.query(
      `insert into role_function(tenant_id, role_id, function_id, btn_str)
       select $1, $2, f.id, f.push_btn from sys_function f, tenant t
        where t.id = $1 and f.enabled and (t.is_platform or not f.platform_only)`,
      [tenantId, roleId],
    );
  } else {
    // a number grants that menu and everything below it
    await tx.query(
      `insert into role_function(tenant_id, role_id, function_id, btn_str)
       select $1, $2, f.id,
              -- only buttons the screen offers
              case when $4::text is null then f.push_btn
                   else coalesce((select string_agg(b, ',') from unnest(string_to_array($4, ',')) b where b = any(string_to_array(f.push_btn, ','))), '') end
         from sys_function f
        where f.enabled and not f.platform_only
          and exists (select 1 from unnest($3::text[]) n where f.number like n || '%' or n like f.number || '%')`,
      [tenantId, roleId, grant.numbers, grant.buttons ?? null],
    );
  }
  return roleId;
}

/**
 * Menu entries new to the database (a release added them) granted, with their buttons, to every company's
 * administrator role (租户管理员: made with every menu), as a company made today would have them.
 */
export async function grantNewMenus(tx: Tx, functionIds: number[]): Promise<void> {
  if (!functionIds.length) return;
  await tx.query(
    `insert into role_function(tenant_id, role_id, function_id, btn_str)
     select r.tenant_id, r.id, f.id, f.push_btn
       from role r join tenant t on t.id = r.tenant_id join sys_function f on f.id = any($1::bigint[])
      where r.name = $2 and not r.delete_flag and f.enabled and (t.is_platform or not f.platform_only)
     on conflict do nothing`,
    [functionIds, TENANT_ADMIN_ROLE],
  );
}

export async function createUser(
  tx: Tx,
  tenantId: number,
  u: { loginName: string; passwordMd5?: string; username: string; roleIds: number[]; orgIds?: number[]; isManager?: boolean },
): Promise<number> {
  let account = await tx.one<{ id: number }>('select id from account where login_name = $1', [u.loginName]);
  if (!account) {
    if (!u.passwordMd5) throw new BusinessError('新用户需要初始密码');
    account = await tx.one<{ id: number }>('insert into account(login_name, password_hash) values ($1, $2) returning id', [
      u.loginName,
      await hashPassword(u.passwordMd5),
    ]);
  }
  const user = await tx.one<{ id: number }>(
    `insert into sys_user(tenant_id, account_id, login_name, username, is_manager, current_org_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [tenantId, account!.id, u.loginName, u.username, u.isManager ?? false, u.orgIds?.[0] ?? null],
  );
  for (const roleId of u.roleIds) {
    await tx.query('insert into user_role(tenant_id, user_id, role_id) values ($1, $2, $3)', [tenantId, user!.id, roleId]);
  }
  for (const orgId of u.orgIds ?? []) {
    await tx.query('insert into user_org(tenant_id, user_id, org_id) values ($1, $2, $3)', [tenantId, user!.id, orgId]);
  }
  return user!.id;
}

export async function createOrg(tx: Tx, tenantId: number, orgNo: string, name: string, parentId?: number): Promise<number> {
  const r = await tx.one<{ id: number }>('insert into organization(tenant_id, org_no, name, parent_id) values ($1, $2, $3, $4) returning id', [
    tenantId,
    orgNo,
    name,
    parentId ?? null,
  ]);
  return r!.id;
}
