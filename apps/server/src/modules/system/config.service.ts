import { z } from 'zod';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { TRIAL_DAYS, TRIAL_USER_LIMIT } from './defaults.ts';

const text = (max: number) => z.string().trim().max(max).nullable();

/** The company's settings and switches (SPEC §3 System configuration), API name → column. */
export const SYSTEM_CONFIG = {
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
  reservoirAreaFlag: ['reservoir_area_flag', z.boolean()],
  userEnhanceJs: ['user_enhance_js', z.string().max(20000, '增强脚本不能超过20000个字符').nullable()],
} as const;
export type Key = keyof typeof SYSTEM_CONFIG;
export const keys = Object.keys(SYSTEM_CONFIG) as Key[];
const selectList = keys.map((k) => `${SYSTEM_CONFIG[k][0]} as "${k}"`).join(', ');

/**
 * The platform settings the screen edits (key → rule, default, remark); a key not stored yet reads as
 * its default. register_flag, trial_days and trial_user_limit govern self-registration.
 */
export const PLATFORM_SETTINGS = {
  register_flag: [z.enum(['0', '1'], '是否开放注册须为 0 或 1'), '0', '是否开放注册'],
  trial_days: [
    z
      .string()
      .regex(/^\d{1,4}$/, '试用天数须为整数')
      .refine((v) => +v >= 1 && +v <= 3650, '试用天数须在1到3650之间'),
    String(TRIAL_DAYS),
    '试用天数',
  ],
  trial_user_limit: [
    z
      .string()
      .regex(/^\d{1,5}$/, '用户数上限须为整数')
      .refine((v) => +v >= 1 && +v <= 10000, '用户数上限须在1到10000之间'),
    String(TRIAL_USER_LIMIT),
    '试用用户数上限',
  ],
  pay_fee_url: [
    z
      .string()
      .trim()
      .min(1, '续费页面地址不能为空')
      .max(500)
      .regex(/^(\/|https?:\/\/)\S*$/, '续费页面地址须以 / 或 http(s):// 开头'),
    '/pay',
    '续费页面地址',
  ],
  // a captcha at sign-in (/user/randomImage; jshERP's checkcode_flag)
  checkcode_flag: [z.enum(['0', '1'], '是否开启验证码须为 0 或 1'), '0', '是否开启验证码'],
  // CAS single sign-on (issue 24): the server's base address, e.g. https://sso.example.com/cas; empty: off
  cas_server_url: [
    z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/[^\s?#]+)?$/, 'CAS服务地址须以 http(s):// 开头'),
    '',
    'CAS单点登录服务地址',
  ],
} as const;
export type PlatformKey = keyof typeof PLATFORM_SETTINGS;
export const platformKeys = Object.keys(PLATFORM_SETTINGS) as PlatformKey[];
/** One platform setting, or its default (register uses these). */
export async function platformSetting(tx: Tx, key: PlatformKey): Promise<string> {
  const r = await tx.one<{ value: string }>('select value from platform_config where key = $1', [key]);
  return r?.value ?? PLATFORM_SETTINGS[key][1];
}

async function putPlatform(tx: Tx, key: string, value: string) {
  const remark = PLATFORM_SETTINGS[key as PlatformKey]?.[2] ?? null;
  await tx.query(`insert into platform_config(key, value, remark) values ($1, $2, $3) on conflict (key) do update set value = excluded.value`, [
    key,
    value,
    remark,
  ]);
}

export const currentConfig = (tx: Tx, tenantId: number) =>
  tx.one(`select ${selectList}, updated_at as "updateTime" from system_config where tenant_id = $1`, [tenantId]);

/** Changes the given settings; returns them all as they are now. */
export async function updateConfig(tx: Tx, tenantId: number, body: { [K in Key]?: string | boolean | null }) {
  const set = keys.filter((k) => body[k] !== undefined);
  await tx.query(
    `update system_config set ${set.map((k, i) => `${SYSTEM_CONFIG[k][0]} = $${i + 2}`).join(', ')}, updated_at = now()
      where tenant_id = $1`,
    [tenantId, ...set.map((k) => body[k])],
  );
  return tx.one(`select ${selectList} from system_config where tenant_id = $1`, [tenantId]);
}

export async function platformConfigByKey(tx: Tx, key: string) {
  const row = await tx.one<{ platformKey: string; platformValue: string }>(
    'select key as "platformKey", value as "platformValue" from platform_config where key = $1',
    [key],
  );
  if (!row) throw notFound(`平台参数不存在: ${key}`);
  return row;
}

/** The platform values a sign-in page may read before sign-in (jshERP's /platformConfig/getPlatform/*), with their keys and defaults. */
export const PUBLIC_PLATFORM = {
  registerFlag: ['register_flag', '0'],
  checkcodeFlag: ['checkcode_flag', '0'],
  name: ['platform_name', 'ERP系统'],
  url: ['platform_url', ''],
  appVersion: ['app_version', ''],
} as const;

export async function publicPlatformValue(tx: Tx, key: keyof typeof PUBLIC_PLATFORM): Promise<string> {
  const [stored, fallback] = PUBLIC_PLATFORM[key];
  const r = await tx.one<{ value: string }>('select value from platform_config where key = $1', [stored]);
  return r?.value ?? (stored in PLATFORM_SETTINGS ? PLATFORM_SETTINGS[stored as PlatformKey][1] : fallback);
}

/** Like platformConfigByKey, but a key never stored reads as its default (or empty) instead of 404: jshERP's client probes keys. */
export async function platformInfoByKey(tx: Tx, key: string) {
  const row = await tx.one<{ platformKey: string; platformValue: string }>(
    'select key as "platformKey", value as "platformValue" from platform_config where key = $1',
    [key],
  );
  return row ?? { platformKey: key, platformValue: key in PLATFORM_SETTINGS ? PLATFORM_SETTINGS[key as PlatformKey][1] : '' };
}

export async function setPlatformConfig(tx: Tx, key: string, value: string) {
  await putPlatform(tx, key, value);
  return { platformKey: key, platformValue: value };
}

/** Every platform setting: the known ones (with defaults) and any other stored key. */
export async function platformConfigList(tx: Tx) {
  const stored = await tx.query<{ platformKey: string; platformValue: string; remark: string | null }>(
    'select key as "platformKey", value as "platformValue", remark from platform_config order by key',
  );
  const byKey = new Map(stored.map((r) => [r.platformKey, r]));
  const known = platformKeys.map((k) => byKey.get(k) ?? { platformKey: k, platformValue: PLATFORM_SETTINGS[k][1], remark: PLATFORM_SETTINGS[k][2] });
  return { rows: [...known, ...stored.filter((r) => !(r.platformKey in PLATFORM_SETTINGS))] };
}

export async function saveAllPlatformConfig(tx: Tx, body: { [K in PlatformKey]?: string }) {
  for (const k of platformKeys) if (body[k] !== undefined) await putPlatform(tx, k, body[k]);
  return { message: '修改成功' };
}

/** One configuration value by key: a company setting, else a platform setting. */
export async function configValue(tx: Tx, tenantId: number, key: string) {
  if (key in SYSTEM_CONFIG) {
    const col = SYSTEM_CONFIG[key as Key][0];
    const r = await tx.one<{ v: unknown }>(`select ${col} as v from system_config where tenant_id = $1`, [tenantId]);
    return r?.v ?? null;
  }
  const r = await tx.one<{ value: string }>('select value from platform_config where key = $1', [key]);
  if (!r) throw notFound(`配置项不存在: ${key}`);
  return r.value;
}

/** /systemConfig/add: the company's configuration when it has none yet (otherwise the given settings change, as update). */
export async function addConfig(tx: Tx, tenantId: number, body: { [K in Key]?: string | boolean | null }) {
  await tx.query('insert into system_config(tenant_id) select $1 where not exists (select 1 from system_config where tenant_id = $1)', [tenantId]);
  return updateConfig(tx, tenantId, body);
}

/** /platformConfig/add: a new platform setting; a stored key is refused (update changes it). */
export async function addPlatformConfig(tx: Tx, key: string, value: string, remark?: string | null) {
  const cur = await tx.one('select 1 from platform_config where key = $1', [key]);
  if (cur) throw new BusinessError('参数键已存在');
  await tx.query('insert into platform_config(key, value, remark) values ($1, $2, $3)', [
    key,
    value,
    remark ?? PLATFORM_SETTINGS[key as PlatformKey]?.[2] ?? null,
  ]);
  return { platformKey: key, platformValue: value };
}
