import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { logWrite } from '../../platform/audit.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';

const tags = ['materialProperty'];
const MENU = '/material/material_property';
const COLUMNS = `id, native_name as "nativeName", another_name as "anotherName", enabled, sort`;

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
    handler: async ({ tx, session, query }) => {
      const like = query.search?.anotherName ? `%${query.search.anotherName.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
      const where = 'where tenant_id = $1 and ($2::text is null or another_name ilike $2)';
      const total = await tx.one<{ n: number }>(`select count(*)::int as n from material_property ${where}`, [session.tenantId, like]);
      const rows = await tx.query(`select ${COLUMNS} from material_property ${where} order by sort, id limit $3 offset $4`, [
        session.tenantId,
        like,
        query.pageSize,
        (query.currentPage - 1) * query.pageSize,
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  }),
  ...(['POST', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      url: '/materialProperty/update',
      summary: 'Rename, enable/disable or reorder one material field alias',
      tags,
      access: { menu: MENU, btn: '1' },
      body: updateBody,
      handler: async ({ tx, session, req, body }) => {
        // two fields under one label could not be told apart on the material form
        const clash = await tx.one(
          'select 1 from material_property where tenant_id = $1 and id <> $2 and another_name = $3',
          [session.tenantId, body.id, body.anotherName],
        );
        if (clash) throw new BusinessError(`别名已存在: ${body.anotherName}`);
        const row = await tx.one(
          `update material_property set another_name = $3, enabled = coalesce($4, enabled), sort = coalesce($5, sort)
            where tenant_id = $1 and id = $2 returning ${COLUMNS}`,
          [session.tenantId, body.id, body.anotherName, body.enabled ?? null, body.sort ?? null],
        );
        if (!row) throw notFound();
        await logWrite(tx, session, req.ip, 'update', 'materialProperty', [body.id], body);
        return { ...row, message: '修改成功' };
      },
    }),
  ),
];
