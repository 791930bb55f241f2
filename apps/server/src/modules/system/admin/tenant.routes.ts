import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import { logWrite } from '../../../platform/audit.ts';
import { DEFAULT_PASSWORD, md5 } from '../../../platform/auth/password.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { loginName } from '../auth.routes.ts';
import { provisionTenant } from '../tenant-provisioning.ts';
import { filterText, idsText, idValue, likePattern, optText, paging, parseSearch, ts } from './schemas.ts';

/**
 * Tenant administration: platform administrator only, in the system scope (the tenant table is
 * global; the app role reads only its own row). Disabling or expiring a company takes effect at
 * its users' next request, because every session load checks the tenant.
 */
const tags = ['tenant'];
const PLATFORM_LOCKED = '平台租户不能禁用';

const fields = {
  name: z.string().trim().min(1, '租户名称不能为空').max(60, '租户名称不能超过60个字符'),
  type: z.enum(['0', '1']),
  userLimit: z
    .union([z.number(), z.string().trim().regex(/^\d{1,6}$/, '须为整数').transform(Number)])
    .pipe(z.number().int('须为整数').min(1, '用户数量上限至少为1').max(100_000)),
  // interpreted in the database's time zone, the one replies are formatted in
  expireTime: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '到期时间格式应为 YYYY-MM-DD HH:mm:ss'),
  annualRent: z
    .union([z.literal(''), z.null(), z.number(), z.string().trim()])
    .transform((v) => (v === '' || v === null ? null : String(v)))
    .refine((v) => v === null || (NUMERIC_RE.test(v) && Number(v) >= 0), '年租金须为不小于0的数字，最多3位小数')
    .optional(),
  registrationNumber: optText(50),
  shortName: optText(30),
  phoneAreaCode: optText(10, { regex: /^\+?\d{1,6}$/, message: '区号只能是数字' }),
  remark: optText(500),
};
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

const enabledValue = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);

export const tenantRoutes = [
  defineRoute({
    method: 'GET',
    url: '/tenant/list',
    summary: 'Companies, paged, with their user counts; search by name / loginName',
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ ...paging, search: z.string().max(4000).optional(), name: filterText, loginName: filterText }),
    handler: async ({ tx, query }) => {
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
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/tenant/add',
    summary: 'A new company with its administrator (password 123456), dictionaries and defaults',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({ ...fields, loginName }),
    handler: async ({ tx, session, body, req }) => {
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
      await logWrite(tx, session, req.ip, 'add', 'tenant', [r.tenantId], body);
      return { id: r.tenantId, message: '新增成功' };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/tenant/update',
    summary: "Changes a company (its administrator's login name and the platform flag never change)",
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({
      id: idValue,
      name: fields.name.optional(),
      type: fields.type.optional(),
      userLimit: fields.userLimit.optional(),
      expireTime: fields.expireTime.optional(),
      annualRent: fields.annualRent,
      registrationNumber: fields.registrationNumber,
      shortName: fields.shortName,
      phoneAreaCode: fields.phoneAreaCode,
      remark: fields.remark,
      enabled: z.boolean().optional(),
    }),
    handler: async ({ tx, session, body, req }) => {
      const t = await tx.one<{ is_platform: boolean }>('select is_platform from tenant where id = $1 and not delete_flag for update', [body.id]);
      if (!t) throw notFound('租户不存在');
      if (t.is_platform && body.enabled === false) throw new BusinessError(PLATFORM_LOCKED);
      const { id, ...rest } = body;
      await setFields(tx, id, rest);
      await logWrite(tx, session, req.ip, 'update', 'tenant', [id], rest);
      return { id, message: '修改成功' };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/tenant/checkIsNameExist',
    summary: "Is this login name (the new company administrator's) taken by any sign-in?",
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ name: z.string().trim().max(64), id: z.coerce.number().int().min(0).default(0) }),
    handler: async ({ tx, query }) => {
      // id: the company being edited, whose own administrator does not count
      const taken = await tx.one(
        `select 1 from account a where a.login_name = $1
            and a.login_name is distinct from (select login_name from tenant where id = $2)`,
        [query.name, query.id],
      );
      return { status: !!taken };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/tenant/batchSetStatus',
    summary: 'Enables or disables companies (all or nothing); the platform company cannot be disabled',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({ status: enabledValue, ids: idsText }),
    handler: async ({ tx, session, body, req }) => {
      const rows = await tx.query<{ id: number; is_platform: boolean }>(
        'select id, is_platform from tenant where id = any($1::bigint[]) and not delete_flag for update',
        [body.ids],
      );
      if (rows.length !== body.ids.length) throw notFound('部分租户不存在，未修改任何记录');
      if (!body.status && rows.some((r) => r.is_platform)) throw new BusinessError(PLATFORM_LOCKED);
      await tx.query('update tenant set enabled = $2 where id = any($1::bigint[])', [body.ids, body.status]);
      await logWrite(tx, session, req.ip, body.status ? 'enable' : 'disable', 'tenant', body.ids);
      return { message: '操作成功' };
    },
  }),
];
