import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { financeWorkbench, WORKBENCH_MENU } from './workbench.queries.ts';

export const workbenchRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/finance/workbench',
    summary: '财务工作台: documents awaiting audit, overdue receivables and payables, months to close, cash and this month’s figures from the journal',
    tags: ['finance'],
    access: { menu: WORKBENCH_MENU },
    query: z.strictObject({}),
    handler: ({ tx, session }) => financeWorkbench(tx, session),
  }),
];
