import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/database.ts';
import { TRIAL_DAYS, TRIAL_USER_LIMIT } from './defaults.ts';

const tags = ['configuration'];
const text = (max: number) => z.string().trim().max(max).nullable();

/** The company's settings and switches (SPEC §3 System configuration), API name → column. */
const SYSTEM_CONFIG = {
  companyName: ['company_name', z.string().trim().min(1, '公司名称不能为空').max(60)],
  companyContacts: ['company_contacts', text(30)],
  companyAddress: ['company_address', text(120)],
  companyTel: ['company_tel', text(30)],
  companyFax: ['company_fax', text(30)],
  companyPostCode: ['company_post_code', text(12)],
  saleAgreement: ['sale_agreement', text(2000)],
  nameIcon: ['name_icon', z.enum(['0', '1'])],
  iconUrl: ['icon_url', text(500)],
  minusStockFlag: ['minus_stock_flag', z.boolean()],
  purchaseBySaleFlag: ['purchase_by_sale_flag', z.boolean()],
  amountApprovalFlag: ['amount_approval_flag', z.boolean()],
  stockApprovalFlag: ['stock_approval_flag', z.boolean()],
  multiLevelApprovalFlag: ['multi_level_approval_flag', z.boolean()],
  shipmentScanFlag: ['shipment_scan_flag', z.boolean()],
  saleOrderDepotFlag: ['sale_order_depot_flag', z.boolean()],
  depotFlag: ['depot_flag', z.boolean()],
  customerFlag: ['customer_flag', z.boolean()],
  overLinkFlag: ['over_link_flag', z.boolean()],
} as const;
type Key = keyof typeof SYSTEM_CONFIG;
const keys = Object.keys(SYSTEM_CONFIG) as Key[];
const selectList = keys.map((k) => `${SYSTEM_CONFIG[k][0]} as "${k}"`).join(', ');
const updateBody = z
  .strictObject(Object.fromEntries(keys.map((k) => [k, SYSTEM_CONFIG[k][1].optional()])))
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的配置项') as unknown as z.ZodType<{
  [K in Key]?: string | boolean | null;
}>;

/**
 * The platform settings the screen edits (key → rule, default, remark); a key not stored yet reads as
 * its default. register_flag, trial_days and trial_user_limit govern self-registration.
 */
const PLATFORM_SETTINGS = {
  register_flag: [z.enum(['0', '1'], '是否开放注册须为 0 或 1'), '0', '是否开放注册'],
  trial_days: [z.string().regex(/^\d{1,4}$/, '试用天数须为整数').refine((v) => +v >= 1 && +v <= 3650, '试用天数须在1到3650之间'), String(TRIAL_DAYS), '试用天数'],
  trial_user_limit: [z.string().regex(/^\d{1,5}$/, '用户数上限须为整数').refine((v) => +v >= 1 && +v <= 10000, '用户数上限须在1到10000之间'), String(TRIAL_USER_LIMIT), '试用用户数上限'],
  pay_fee_url: [z.string().trim().min(1, '续费页面地址不能为空').max(500).regex(/^(\/|https?:\/\/)\S*$/, '续费页面地址须以 / 或 http(s):// 开头'), '/pay', '续费页面地址'],
} as const;
type PlatformKey = keyof typeof PLATFORM_SETTINGS;
const platformKeys = Object.keys(PLATFORM_SETTINGS) as PlatformKey[];
const platformKey = z.string().trim().min(1).max(64).regex(/^[a-z0-9_]+$/, '参数键格式不正确');
/** A known key's value must pass its rule; other keys are free text. */
const platformBody = z
  .strictObject({ platformKey, platformValue: z.string().max(2000) })
  .superRefine((b, ctx) => {
    const rule = PLATFORM_SETTINGS[b.platformKey as PlatformKey]?.[0];
    const r = rule?.safeParse(b.platformValue);
    if (r && !r.success) ctx.addIssue({ code: 'custom', path: ['platformValue'], message: r.error.issues[0]!.message });
  });
const platformAllBody = z
  .strictObject(Object.fromEntries(platformKeys.map((k) => [k, PLATFORM_SETTINGS[k][0].optional()])))
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的配置项') as unknown as z.ZodType<{ [K in PlatformKey]?: string }>;

/** One platform setting, or its default (register uses these). */
export async function platformSetting(tx: Tx, key: PlatformKey): Promise<string> {
  const r = await tx.one<{ value: string }>('select value from platform_config where key = $1', [key]);
  return r?.value ?? PLATFORM_SETTINGS[key][1];
}

async function putPlatform(tx: Tx, key: string, value: string) {
  const remark = PLATFORM_SETTINGS[key as PlatformKey]?.[2] ?? null;
  await tx.query(
    `insert into platform_config(key, value, remark) values ($1, $2, $3) on conflict (key) do update set value = excluded.value`,
    [key, value, remark],
  );
}

export const configRoutes = [
  defineRoute({
    method: 'GET',
    url: '/systemConfig/getCurrentInfo',
    summary: "The company's configuration and switches",
    tags,
    access: 'user',
    handler: async ({ tx, session }) =>
      tx.one(`select ${selectList}, updated_at as "updateTime" from system_config where tenant_id = $1`, [session.tenantId]),
  }),
  defineRoute({
    method: 'PUT',
    url: '/systemConfig/update',
    summary: "Change the company's configuration",
    tags,
    access: { menu: '/system/system_config', btn: '1' },
    body: updateBody,
    handler: async ({ tx, session, body }) => {
      const set = keys.filter((k) => body[k] !== undefined);
      await tx.query(
        `update system_config set ${set.map((k, i) => `${SYSTEM_CONFIG[k][0]} = $${i + 2}`).join(', ')}, updated_at = now()
          where tenant_id = $1`,
        [session.tenantId, ...set.map((k) => body[k])],
      );
      return tx.one(`select ${selectList} from system_config where tenant_id = $1`, [session.tenantId]);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/getPlatformConfigByKey',
    summary: 'A platform setting by key (pay_fee_url: the payment page)',
    tags,
    access: 'user',
    query: z.strictObject({ platformKey: z.string().trim().min(1).max(64) }),
    handler: async ({ tx, query }) => {
      const row = await tx.one<{ platformKey: string; platformValue: string }>(
        'select key as "platformKey", value as "platformValue" from platform_config where key = $1',
        [query.platformKey],
      );
      if (!row) throw notFound(`平台参数不存在: ${query.platformKey}`);
      return row;
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/platformConfig/update',
    summary: 'Set a platform setting (platform administrator only)',
    tags,
    access: 'platform',
    scope: 'system',
    body: platformBody,
    handler: async ({ tx, body }) => {
      await putPlatform(tx, body.platformKey, body.platformValue);
      return { platformKey: body.platformKey, platformValue: body.platformValue };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/list',
    summary: 'Every platform setting: the known ones (with defaults) and any other stored key',
    tags,
    access: 'platform',
    scope: 'system',
    handler: async ({ tx }) => {
      const stored = await tx.query<{ platformKey: string; platformValue: string; remark: string | null }>(
        'select key as "platformKey", value as "platformValue", remark from platform_config order by key',
      );
      const byKey = new Map(stored.map((r) => [r.platformKey, r]));
      const known = platformKeys.map((k) => byKey.get(k) ?? { platformKey: k, platformValue: PLATFORM_SETTINGS[k][1], remark: PLATFORM_SETTINGS[k][2] });
      return { rows: [...known, ...stored.filter((r) => !(r.platformKey in PLATFORM_SETTINGS))] };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/platformConfig/saveAll',
    summary: 'Set several known platform settings at once (platform administrator only)',
    tags,
    access: 'platform',
    scope: 'system',
    body: platformAllBody,
    handler: async ({ tx, body }) => {
      for (const k of platformKeys) if (body[k] !== undefined) await putPlatform(tx, k, body[k]);
      return { message: '修改成功' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/system/config/configKey/:key',
    summary: 'One configuration value by key: a company setting, else a platform setting',
    tags,
    access: 'user',
    params: z.strictObject({ key: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.]+$/, '配置键格式不正确') }),
    handler: async ({ tx, session, params }) => {
      if (params.key in SYSTEM_CONFIG) {
        const col = SYSTEM_CONFIG[params.key as Key][0];
        const r = await tx.one<{ v: unknown }>(`select ${col} as v from system_config where tenant_id = $1`, [session.tenantId]);
        return r?.v ?? null;
      }
      const r = await tx.one<{ value: string }>('select value from platform_config where key = $1', [params.key]);
      if (!r) throw notFound(`配置项不存在: ${params.key}`);
      return r.value;
    },
  }),
];
