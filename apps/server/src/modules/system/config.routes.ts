import { z } from 'zod';
import { defineRoute, Raw } from '../../platform/http/route.ts';
import { MAX_FILE_MB } from '../common/index.ts';
import {
  addConfig,
  addPlatformConfig,
  configValue,
  currentConfig,
  keys,
  PLATFORM_SETTINGS,
  platformConfigByKey,
  platformConfigList,
  platformKeys,
  platformInfoByKey,
  PUBLIC_PLATFORM,
  publicPlatformValue,
  saveAllPlatformConfig,
  setPlatformConfig,
  SYSTEM_CONFIG,
  updateConfig,
  type Key,
  type PlatformKey,
} from './config.service.ts';

const tags = ['configuration'];

const updateBody = z
  .strictObject(Object.fromEntries(keys.map((k) => [k, SYSTEM_CONFIG[k][1].optional()])))
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的配置项') as unknown as z.ZodType<{
  [K in Key]?: string | boolean | null;
}>;

const platformKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, '参数键格式不正确');
/** A known key's value must pass its rule; other keys are free text. */
const platformBody = z.strictObject({ platformKey, platformValue: z.string().max(2000) }).superRefine((b, ctx) => {
  const rule = PLATFORM_SETTINGS[b.platformKey as PlatformKey]?.[0];
  const r = rule?.safeParse(b.platformValue);
  if (r && !r.success) ctx.addIssue({ code: 'custom', path: ['platformValue'], message: r.error.issues[0]!.message });
});
const platformAddBody = z
  .strictObject({ platformKey, platformValue: z.string().max(2000), remark: z.string().trim().max(200).nullable().optional() })
  .superRefine((b, ctx) => {
    const r = PLATFORM_SETTINGS[b.platformKey as PlatformKey]?.[0].safeParse(b.platformValue);
    if (r && !r.success) ctx.addIssue({ code: 'custom', path: ['platformValue'], message: r.error.issues[0]!.message });
  });
const platformAllBody = z
  .strictObject(Object.fromEntries(platformKeys.map((k) => [k, PLATFORM_SETTINGS[k][0].optional()])))
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的配置项') as unknown as z.ZodType<{ [K in PlatformKey]?: string }>;

export const configRoutes = [
  defineRoute({
    method: 'GET',
    url: '/systemConfig/getCurrentInfo',
    summary: "The company's configuration and switches",
    tags,
    access: 'user',
    handler: ({ tx, session }) => currentConfig(tx, session.tenantId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/systemConfig/update',
    summary: "Change the company's configuration",
    tags,
    access: { menu: '/system/system_config', btn: '1' },
    body: updateBody,
    handler: ({ tx, session, body }) => updateConfig(tx, session.tenantId, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/systemConfig/add',
    summary: "The company's configuration when none is stored yet; otherwise changes the given settings",
    tags,
    access: { menu: '/system/system_config', btn: '1' },
    body: updateBody,
    handler: ({ tx, session, body }) => addConfig(tx, session.tenantId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/systemConfig/fileSizeLimit',
    summary: 'The largest upload, in MB (SPEC §9: 5)',
    tags,
    access: 'user',
    handler: async () => MAX_FILE_MB,
  }),
  defineRoute({
    method: 'POST',
    url: '/platformConfig/add',
    summary: 'A new platform setting (platform administrator only); a stored key is refused',
    tags,
    access: 'platform',
    scope: 'system',
    body: platformAddBody,
    handler: ({ tx, body }) => addPlatformConfig(tx, body.platformKey, body.platformValue, body.remark),
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/getPlatform/:key',
    summary: "One public platform value as bare text (jshERP's sign-in page: registerFlag, checkcodeFlag '0'/'1'; name)",
    tags,
    access: 'public',
    params: z.strictObject({ key: z.enum(Object.keys(PUBLIC_PLATFORM) as [keyof typeof PUBLIC_PLATFORM], '未知的平台参数') }),
    handler: async ({ db, params }) => new Raw(await db.system((tx) => publicPlatformValue(tx, params.key))),
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/getInfoByKey',
    summary: 'A platform setting by key as {platformKey, platformValue}; a key never stored reads as its default or empty',
    tags,
    access: 'user',
    query: z.strictObject({ platformKey: z.string().trim().min(1).max(64) }),
    handler: ({ tx, query }) => platformInfoByKey(tx, query.platformKey),
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/getPlatformConfigByKey',
    summary: 'A platform setting by key (pay_fee_url: the payment page)',
    tags,
    access: 'user',
    query: z.strictObject({ platformKey: z.string().trim().min(1).max(64) }),
    handler: ({ tx, query }) => platformConfigByKey(tx, query.platformKey),
  }),
  defineRoute({
    method: 'PUT',
    url: '/platformConfig/update',
    summary: 'Set a platform setting (platform administrator only)',
    tags,
    access: 'platform',
    scope: 'system',
    body: platformBody,
    handler: ({ tx, body }) => setPlatformConfig(tx, body.platformKey, body.platformValue),
  }),
  defineRoute({
    method: 'GET',
    url: '/platformConfig/list',
    summary: 'Every platform setting: the known ones (with defaults) and any other stored key',
    tags,
    access: 'platform',
    scope: 'system',
    handler: ({ tx }) => platformConfigList(tx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/platformConfig/saveAll',
    summary: 'Set several known platform settings at once (platform administrator only)',
    tags,
    access: 'platform',
    scope: 'system',
    body: platformAllBody,
    handler: ({ tx, body }) => saveAllPlatformConfig(tx, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/config/configKey/:key',
    summary: 'One configuration value by key: a company setting, else a platform setting',
    tags,
    access: 'user',
    params: z.strictObject({
      key: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_.]+$/, '配置键格式不正确'),
    }),
    handler: ({ tx, session, params }) => configValue(tx, session.tenantId, params.key),
  }),
];
