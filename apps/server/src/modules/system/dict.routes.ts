import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { allMaterialProperties, dictItems, dictItemsSince } from './dict.service.ts';

const tags = ['dictionary'];
export const dictRoutes = [
  defineRoute({
    method: 'GET',
    url: '/dictData/getByTime/:time',
    summary: 'Dictionary items changed since a time, for client caches',
    tags,
    access: 'user',
    params: z.strictObject({ time: z.string().max(30) }),
    handler: ({ tx, session, params }) => dictItemsSince(tx, session.tenantId, params.time),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/dict/data/type/:dictType',
    summary: 'The enabled items of one dictionary',
    tags,
    access: 'user',
    params: z.strictObject({
      dictType: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9_]+$/, '字典类型格式不正确'),
    }),
    handler: ({ tx, session, params }) => dictItems(tx, session.tenantId, params.dictType),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialProperty/getAllList',
    summary: 'Material field aliases, cached by the client after sign-in',
    tags,
    access: 'user',
    handler: ({ tx, session }) => allMaterialProperties(tx, session.tenantId),
  }),
];
