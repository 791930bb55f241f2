import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { paging } from './schemas.ts';
import { filters, listSysLog } from './log.service.ts';

/**
 * 操作日志: the company's sys_log, read-only (every write of the kit and the modules lands there).
 * Not a kit entity: the kit would offer writes, and sys_log has no updater columns.
 */
const tags = ['sysLog'];
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
    handler: ({ tx, session, query }) => listSysLog(tx, session.tenantId, query),
  }),
];
