import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import { loginName } from '../auth.routes.ts';
import { filterText, idsText, idValue, optText, paging } from './schemas.ts';
import { addTenant, listTenants, setTenantsEnabled, tenantLoginTaken, updateTenant } from './tenant.service.ts';

/**
 * Tenant administration: platform administrator only, in the system scope (the tenant table is
 * global; the app role reads only its own row). Disabling or expiring a company takes effect at
 * its users' next request, because every session load checks the tenant.
 */
const tags = ['tenant'];

export const tenantFields = {
  name: z.string().trim().min(1, '租户名称不能为空').max(60, '租户名称不能超过60个字符'),
  type: z.enum(['0', '1']),
  userLimit: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, '须为整数')
        .transform(Number),
    ])
    .pipe(z.number().int('须为整数').min(1, '用户数量上限至少为1').max(100_000)),
  // interpreted in the database's time zone, the one replies are formatted in
  expireTime: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '到期时间格式应为 YYYY-MM-DD HH:mm:ss'),
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
    handler: ({ tx, query }) => listTenants(tx, query),
  }),

  defineRoute({
    method: 'POST',
    url: '/tenant/add',
    summary: 'A new company with its administrator (password 123456), dictionaries and defaults',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({ ...tenantFields, loginName }),
    handler: ({ tx, session, body, req }) => addTenant({ tx, session, ip: req.ip }, body),
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
      name: tenantFields.name.optional(),
      type: tenantFields.type.optional(),
      userLimit: tenantFields.userLimit.optional(),
      expireTime: tenantFields.expireTime.optional(),
      annualRent: tenantFields.annualRent,
      registrationNumber: tenantFields.registrationNumber,
      shortName: tenantFields.shortName,
      phoneAreaCode: tenantFields.phoneAreaCode,
      remark: tenantFields.remark,
      enabled: z.boolean().optional(),
    }),
    handler: ({ tx, session, body, req }) => updateTenant({ tx, session, ip: req.ip }, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/tenant/checkIsNameExist',
    summary: "Is this login name (the new company administrator's) taken by any sign-in?",
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ name: z.string().trim().max(64), id: z.coerce.number().int().min(0).default(0) }),
    handler: ({ tx, query }) => tenantLoginTaken(tx, query),
  }),

  defineRoute({
    method: 'POST',
    url: '/tenant/batchSetStatus',
    summary: 'Enables or disables companies (all or nothing); the platform company cannot be disabled',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({ status: enabledValue, ids: idsText }),
    handler: ({ tx, session, body, req }) => setTenantsEnabled({ tx, session, ip: req.ip }, body),
  }),
];
