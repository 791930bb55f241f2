import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { menuTree } from './menu.service.ts';

export const menuRoutes = [
  defineRoute({
    method: 'POST',
    url: '/function/findMenuByPNumber',
    invalidates: false,
    summary: 'The menu tree below pNumber that this user may see (SPEC §6)',
    tags: ['permission'],
    access: 'user',
    body: z.strictObject({
      pNumber: z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, 'pNumber 只能是数字编号')
        .default('0'),
      userId: z.coerce.number().int().positive().optional(),
    }),
    handler: ({ tx, session, body }) => menuTree(tx, session, body),
  }),
];
