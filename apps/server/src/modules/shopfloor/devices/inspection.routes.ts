import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { runInline } from '../../../platform/jobs/runner.ts';
import { badRequest } from '../../../platform/errors.ts';
import { INSPECTION_JOB, todayKey } from './inspection-job.ts';

function asOfDate(s: string | undefined): string {
  if (!s) return todayKey();
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100)
    throw badRequest('参数错误 asOf: 日期超出范围');
  return s;
}

export const inspectionRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/device/inspection/generate',
    invalidates: false,
    summary: 'Runs the inspection job now: creates the tasks of every enabled plan due up to asOf (default today), once per due date',
    tags: ['shopfloor'],
    access: { menu: '/device/inspection_plan', btn: '1' },
    body: z.strictObject({
      asOf: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'asOf 格式应为 YYYY-MM-DD')
        .optional(),
    }),
    handler: async ({ db, req, session, body }) => {
      const result = (await runInline(db, req.log, INSPECTION_JOB, { asOf: asOfDate(body.asOf) }, session.tenantId)) as { created: number };
      return { ...result, message: `已生成点检任务 ${result.created} 条` };
    },
  }),
];
