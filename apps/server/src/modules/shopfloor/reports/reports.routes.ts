import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { productionPanel, reportStats } from './report-stats.queries.ts';
import { cmtReport } from './cmt-report.queries.ts';
import { orderBoard } from './order-board.queries.ts';

const tags = ['shopfloor'];
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

const realDay = day.refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, '日期无效');

export const reportRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/shopfloor/reportStats',
    summary: '报工统计: good, scrap, hours and reports by person, team, work centre or day',
    tags,
    access: { menu: ['/productionManagement/reporting', '/manufacture/panel'] },
    query: z.strictObject({ by: z.enum(['person', 'team', 'workCentre', 'day']).default('day'), from: day.optional(), to: day.optional() }),
    handler: ({ tx, session, query }) => reportStats(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/panel',
    summary: '生产看板: today’s output, the last 14 days, work orders by status, output per work centre, latest reports',
    tags,
    access: { menu: '/manufacture/panel' },
    handler: ({ tx, session }) => productionPanel(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/orderBoard',
    summary: '生产订单看板: open make orders (and those finished in 30 days) with made quantity, progress, operations done, promised date, late',
    tags,
    access: { menu: ['/manufacture/order_board', '/manufacture/panel'] },
    handler: ({ tx, session }) => orderBoard(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/cmtReport',
    summary: '来料加工报表: per outsourcing supplier and material, sent, returned, consumed, balance held at the supplier, fee owed and paid',
    tags,
    access: { menu: '/manufacture/cmt_report' },
    query: z.strictObject({ from: realDay, to: realDay, supplierId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
    handler: ({ tx, session, query }) => {
      if (query.from > query.to) throw new BusinessError('开始日期不能晚于结束日期');
      return cmtReport(tx, session.tenantId, query);
    },
  }),
];
