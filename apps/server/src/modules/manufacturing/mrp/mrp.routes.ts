import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { enqueue } from '../../../platform/jobs/queue.ts';
import { runInline } from '../../../platform/jobs/runner.ts';
import { badRequest } from '../../../platform/errors.ts';
import { MRP_JOB, today } from './mrp-job.ts';
import { latestRun, listProposals, pegging, substituteUses } from './mrp.queries.ts';
import { confirmProposals } from './mrp-confirm.ts';

const tags = ['manufacturing'];
const MENU = '/manufacture/production_needs';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function planDate(s: string | undefined): string {
  if (!s) return today();
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100)
    throw badRequest('参数错误 planDate: 日期超出范围');
  return s;
}

export const mrpRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/mrp/run',
    invalidates: false,
    summary:
      'Starts an MRP run as a background job (one per company at a time) and returns its job id; wait: true runs it now and returns the run; bucket: demand netted per week (default) or per day',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({
      planDate: z.string().regex(DATE_RE, 'planDate 格式应为 YYYY-MM-DD').optional(),
      bucket: z.enum(['day', 'week']).optional(),
      wait: z.boolean().optional(),
    }),
    handler: async ({ tx, db, req, session, body }) => {
      const payload = { planDate: planDate(body.planDate), bucket: body.bucket ?? 'week', creator: session.userId };
      // "run now": recorded in the job list like a queued run, its result returned
      if (body.wait) return { ...((await runInline(db, req.log, MRP_JOB, payload, session.tenantId)) as object), message: 'MRP运算完成' };
      const jobId = await enqueue(tx, MRP_JOB, payload, { tenantId: session.tenantId });
      return { jobId, message: 'MRP运算已开始' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/mrp/latest',
    summary: 'The latest MRP run with its job progress',
    tags,
    access: { menu: MENU },
    handler: ({ tx, session }) => latestRun(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/mrp/proposals',
    summary: 'Planned make orders and purchases of the latest run, by level and material',
    tags,
    access: { menu: MENU },
    query: z.strictObject({
      kind: z.enum(['make', 'buy']).optional(),
      status: z.enum(['proposed', 'confirmed']).optional(),
      currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    }),
    handler: ({ tx, session, query }) => listProposals(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/mrp/pegging',
    summary: 'The demand one proposal serves (pegging)',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => pegging(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/mrp/substitutions',
    summary: "The substitutes' free stock the latest run drew on instead of proposing their components",
    tags,
    access: { menu: MENU },
    handler: ({ tx, session }) => substituteUses(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/mrp/confirm',
    summary: 'Confirms proposals in bulk: make orders (draft) and one purchase request',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1, '请选择MRP建议').max(2000) }),
    handler: ({ tx, session, body, req }) => confirmProposals({ tx, session, ip: req.ip }, [...new Set(body.ids)]),
  }),
];
