import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { filterText, likePattern, paging, parseSearch, ts } from './schemas.ts';

/**
 * 操作日志: the company's sys_log, read-only (every write of the kit and the modules lands there).
 * Not a kit entity: the kit would offer writes, and sys_log has no updater columns.
 */
const tags = ['sysLog'];
const TIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const time = z
  .union([z.literal(''), z.null(), z.string().trim().regex(TIME_RE, '时间格式应为 YYYY-MM-DD[ HH:mm:ss]')])
  .transform((v) => v || undefined)
  .optional();
const filters = { loginName: filterText, operation: filterText, entity: filterText, beginTime: time, endTime: time };

export const logRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sysLog/list',
    summary: 'Operation log of the company, newest first',
    tags,
    access: { menu: '/system/log' },
    query: z.strictObject({
      ...paging,
      search: z.string().max(4000).optional(),
      column: z.literal('createTime').optional(),
      order: z.enum(['ascend', 'descend', 'asc', 'desc']).optional(),
      ...filters,
    }),
    handler: async ({ tx, session, query }) => {
      const s = parseSearch(query.search, filters);
      const f = {
        loginName: query.loginName ?? s.loginName,
        operation: query.operation ?? s.operation,
        entity: query.entity ?? s.entity,
        beginTime: query.beginTime ?? s.beginTime,
        endTime: query.endTime ?? s.endTime,
      };
      const params: unknown[] = [session.tenantId];
      const where = ['l.tenant_id = $1'];
      if (f.loginName) where.push(`l.login_name ilike $${params.push(likePattern(f.loginName))}`);
      if (f.operation) where.push(`l.operation = $${params.push(f.operation)}`);
      if (f.entity) where.push(`l.entity = $${params.push(f.entity)}`);
      if (f.beginTime) where.push(`l.created_at >= $${params.push(f.beginTime)}::timestamp`);
      // an end date without a time means the whole day
      if (f.endTime) where.push(f.endTime.length === 10 ? `l.created_at < ($${params.push(f.endTime)}::date + 1)` : `l.created_at <= $${params.push(f.endTime)}::timestamp`);
      const cond = where.join(' and ');
      const dir = query.order === 'ascend' || query.order === 'asc' ? 'asc' : 'desc';
      const rows = await tx.query<Record<string, unknown>>(
        `select l.id, l.user_id as "userId", l.login_name as "loginName", l.ip, l.operation, l.entity, l.record_ids as "recordIds",
                l.content::text as content, ${ts('l.created_at')} as "createTime"
           from sys_log l where ${cond}
          order by l.created_at ${dir}, l.id ${dir} limit ${query.pageSize} offset ${(query.currentPage - 1) * query.pageSize}`,
        params,
      );
      const total = await tx.one<{ n: number }>(`select count(*)::int as n from sys_log l where ${cond}`, params);
      return { rows, total: total!.n };
    },
  }),
];
