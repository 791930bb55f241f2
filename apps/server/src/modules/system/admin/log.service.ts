import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { logWrite } from '../../../platform/audit.ts';
import { filterText, likePattern, parseSearch, ts } from './schemas.ts';

const TIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const time = z
  .union([z.literal(''), z.null(), z.string().trim().regex(TIME_RE, '时间格式应为 YYYY-MM-DD[ HH:mm:ss]')])
  .transform((v) => v || undefined)
  .optional();
/** The filters, as query keys or in the search JSON. */
export const filters = { loginName: filterText, operation: filterText, entity: filterText, beginTime: time, endTime: time };

type Filters = { loginName?: string; operation?: string; entity?: string; beginTime?: string; endTime?: string };
type LogQuery = Filters & { currentPage: number; pageSize: number; search?: string; order?: 'ascend' | 'descend' | 'asc' | 'desc' };

/** The company's operation log, newest first (or oldest), filtered by user, operation, entity and time. */
export async function listSysLog(tx: Tx, tenantId: number, query: LogQuery) {
  const s = parseSearch(query.search, filters);
  const f = {
    loginName: query.loginName ?? s.loginName,
    operation: query.operation ?? s.operation,
    entity: query.entity ?? s.entity,
    beginTime: query.beginTime ?? s.beginTime,
    endTime: query.endTime ?? s.endTime,
  };
  const params: unknown[] = [tenantId];
  const where = ['l.tenant_id = $1'];
  if (f.loginName) where.push(`l.login_name ilike $${params.push(likePattern(f.loginName))}`);
  if (f.operation) where.push(`l.operation = $${params.push(f.operation)}`);
  if (f.entity) where.push(`l.entity = $${params.push(f.entity)}`);
  if (f.beginTime) where.push(`l.created_at >= $${params.push(f.beginTime)}::timestamp`);
  // an end date without a time means the whole day
  if (f.endTime)
    where.push(f.endTime.length === 10 ? `l.created_at < ($${params.push(f.endTime)}::date + 1)` : `l.created_at <= $${params.push(f.endTime)}::timestamp`);
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
}

/** A page view (route change in the web app), logged as operation 访问 on entity page. */
export async function logPageView(ctx: RequestCtx, view: { path: string; title?: string }) {
  await logWrite(ctx.tx, ctx.session, ctx.ip, '访问', 'page', [], view);
  return { message: 'ok' };
}
