import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { logWrite } from '../../../platform/audit.ts';
import { DEFAULT_PASSWORD, md5 } from '../../../platform/auth/password.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { provisionTenant } from '../tenant-provisioning.ts';
import { filterText, likePattern, parseSearch, ts } from './schemas.ts';

const PLATFORM_LOCKED = '平台租户不能禁用';

/** The fields of a company the platform administrator sets. */
export interface TenantFields {
  name: string;
  type: '0' | '1';
  userLimit: number;
  expireTime: string;
  annualRent?: string | null;
  registrationNumber?: string | null;
  shortName?: string | null;
  phoneAreaCode?: string | null;
  remark?: string | null;
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  type: 'type',
  userLimit: 'user_limit',
  expireTime: 'expire_time',
  annualRent: 'annual_rent',
  registrationNumber: 'registration_number',
  shortName: 'short_name',
  phoneAreaCode: 'phone_area_code',
  remark: 'remark',
  enabled: 'enabled',
};
const CASTS: Record<string, string> = { expireTime: '::timestamp', annualRent: '::numeric' };

/** Writes the given fields of one tenant; the row must exist. */
async function setFields(tx: Tx, id: number, values: Record<string, unknown>) {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined && COLUMNS[k]) sets.push(`${COLUMNS[k]} = $${params.push(v)}${CASTS[k] ?? ''}`);
  }
  const r = await tx.one(`update tenant set ${[...sets, 'id = id'].join(', ')} where id = $1 and not delete_flag returning id`, params);
  if (!r) throw notFound('租户不存在');
}

/** Companies, paged, with their user counts; search by name / loginName. */
export async function listTenants(tx: Tx, query: { currentPage: number; pageSize: number; search?: string; name?: string; loginName?: string }) {
  const s = parseSearch(query.search, { name: filterText, loginName: filterText });
  const where = ['not t.delete_flag'];
  const params: unknown[] = [];
  const name = query.name ?? s.name;
  const login = query.loginName ?? s.loginName;
  if (name) where.push(`t.name ilike $${params.push(likePattern(name))}`);
  if (login) where.push(`t.login_name ilike $${params.push(likePattern(login))}`);
  const cond = where.join(' and ');
  const rows = await tx.query<Record<string, unknown>>(
    `select t.id, t.name, t.short_name as "shortName", t.login_name as "loginName", t.type, t.enabled, t.is_platform as "isPlatform",
            t.user_limit as "userLimit",
            (select count(*)::int from sys_user u where u.tenant_id = t.id and not u.delete_flag) as "userCount",
            ${ts('t.expire_time')} as "expireTime", t.annual_rent as "annualRent", t.registration_number as "registrationNumber",
            t.phone_area_code as "phoneAreaCode", t.remark, ${ts('t.created_at')} as "createTime"
       from tenant t where ${cond}
      order by t.id desc limit ${query.pageSize} offset ${(query.currentPage - 1) * query.pageSize}`,
    params,
  );
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from tenant t where ${cond}`, params);
  for (const r of rows) if (typeof r.annualRent === 'string') r.annualRent = Number(r.annualRent);
  return { rows, total: total!.n };
}

/** A new company with its administrator (password 123456), dictionaries and defaults. */
export async function addTenant({ tx, session, ip }: RequestCtx, body: TenantFields & { loginName: string }) {
  const r = await provisionTenant(tx, {
    name: body.name,
    type: body.type,
    // replaced just below by the exact text given, read in the database's time zone
    expireTime: new Date(),
    userLimit: body.userLimit,
    admin: { loginName: body.loginName, passwordMd5: md5(DEFAULT_PASSWORD), username: body.loginName },
  });
  const { loginName: _l, name: _n, type: _t, userLimit: _u, ...rest } = body;
  await setFields(tx, r.tenantId, rest);
  await logWrite(tx, session, ip, 'add', 'tenant', [r.tenantId], body);
  return { id: r.tenantId, message: '新增成功' };
}

/** Changes a company (its administrator's login name and the platform flag never change). */
export async function updateTenant({ tx, session, ip }: RequestCtx, body: Partial<TenantFields> & { id: number; enabled?: boolean }) {
  const t = await tx.one<{ is_platform: boolean }>('select is_platform from tenant where id = $1 and not delete_flag for update', [body.id]);
  if (!t) throw notFound('租户不存在');
  if (t.is_platform && body.enabled === false) throw new BusinessError(PLATFORM_LOCKED);
  const { id, ...rest } = body;
  await setFields(tx, id, rest);
  await logWrite(tx, session, ip, 'update', 'tenant', [id], rest);
  return { id, message: '修改成功' };
}

export async function tenantLoginTaken(tx: Tx, query: { name: string; id: number }) {
  // id: the company being edited, whose own administrator does not count
  const taken = await tx.one(
    `select 1 from account a where a.login_name = $1
        and a.login_name is distinct from (select login_name from tenant where id = $2)`,
    [query.name, query.id],
  );
  return { status: !!taken };
}

/** Enables or disables companies (all or nothing); the platform company cannot be disabled. */
export async function setTenantsEnabled({ tx, session, ip }: RequestCtx, body: { status: boolean; ids: number[] }) {
  const rows = await tx.query<{ id: number; is_platform: boolean }>(
    'select id, is_platform from tenant where id = any($1::bigint[]) and not delete_flag for update',
    [body.ids],
  );
  if (rows.length !== body.ids.length) throw notFound('部分租户不存在，未修改任何记录');
  if (!body.status && rows.some((r) => r.is_platform)) throw new BusinessError(PLATFORM_LOCKED);
  await tx.query('update tenant set enabled = $2 where id = any($1::bigint[])', [body.ids, body.status]);
  await logWrite(tx, session, ip, body.status ? 'enable' : 'disable', 'tenant', body.ids);
  return { message: '操作成功' };
}
