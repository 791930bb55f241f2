import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { productionPanel, reportStats } from './report-stats.queries.ts';

const tags = ['shopfloor'];
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

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
];
