import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { listPlugins, setPluginStatus } from './plugin.service.ts';

const tags = ['plugin'];
const menu = '/system/plugin';

export const pluginRoutes = [
  defineRoute({
    method: 'GET',
    url: '/plugin/list',
    summary: 'The registered plugins (modules) and whether this company has them switched on',
    tags,
    access: { menu },
    handler: ({ tx, session }) => listPlugins(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/plugin/setStatus',
    summary: 'Switches a plugin on or off for the company: off hides its menus and its routes answer 403',
    tags,
    access: { menu, btn: '1' },
    body: z.strictObject({
      code: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_]{0,39}$/, '插件编码格式不正确'),
      enabled: z.boolean(),
    }),
    handler: ({ tx, session, body, req }) => setPluginStatus({ tx, session, ip: req.ip }, body),
  }),
];
