import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { listMaterialProperties, updateMaterialProperty } from './material-property.service.ts';

const tags = ['materialProperty'];
const MENU = '/material/material_property';

const intText = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** The generic list's search JSON; only the alias text is searchable here. */
const searchJson = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'search 须为 JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.object({ anotherName: z.string().trim().max(50).optional() }));

const listQuery = z.strictObject({
  search: searchJson.optional(),
  currentPage: intText(1, 1_000_000).default(1),
  pageSize: intText(1, 1000).default(100),
});

const updateBody = z.strictObject({
  id: z.coerce.number().int().positive(),
  anotherName: z.string('请输入别名').trim().min(1, '别名不能为空').max(50, '别名不能超过50个字符'),
  enabled: z.boolean().optional(),
  sort: z.string().trim().max(10, '排序不能超过10个字符').optional(),
});

/**
 * Material field aliases (SPEC §3 mini-program items: nativeName, enabled; §7.6 /materialProperty/update).
 * The rows are made with the company; they are renamed, switched and reordered, never added or deleted.
 */
export const materialPropertyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/materialProperty/list',
    summary: 'Material field aliases as a paged list',
    tags,
    access: { menu: MENU },
    query: listQuery,
    handler: ({ tx, session, query }) => listMaterialProperties(tx, session.tenantId, query),
  }),
  ...(['POST', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      url: '/materialProperty/update',
      summary: 'Rename, enable/disable or reorder one material field alias',
      tags,
      access: { menu: MENU, btn: '1' },
      body: updateBody,
      handler: ({ tx, session, req, body }) => updateMaterialProperty({ tx, session, ip: req.ip }, body),
    }),
  ),
];
