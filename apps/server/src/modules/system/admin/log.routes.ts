import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { paging } from './schemas.ts';
import { filters, listSysLog, logPageView } from './log.service.ts';

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

  defineRoute({
    method: 'POST',
    url: '/sysLog/pageView',
    summary: "Page-view tracking on route change (SPEC §7.6): one line in the company's own log, no third party",
    tags,
    access: 'user',
    invalidates: false,
    body: z.strictObject({
      path: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/^\/[A-Za-z0-9_\-/.]*$/, '页面路径格式不正确'),
      title: z.string().trim().max(100).optional(),
    }),
    handler: ({ tx, session, body, req }) => logPageView({ tx, session, ip: req.ip }, body),
  }),
];
