import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { badRequest } from '../../../platform/errors.ts';
import { dayPlan, generateTasks } from './task.service.ts';

const tags = ['manufacturing'];
const DAY_PLAN = ['/manufacture/day_schedule', '/manufacture/production_task'];
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date from the client (YYYY-MM-DD, real, 2000–2100). */
const date = (field: string) =>
  z
    .string()
    .regex(DATE_RE, `${field} 格式应为 YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
    }, `参数错误 ${field}: 日期超出范围`);

export const taskRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/productionTask/generate',
    summary: 'Day scheduling: splits the scheduled open work orders over their working days [from, to] into production tasks per team',
    tags,
    access: { menu: DAY_PLAN, btn: '1' },
    body: z.strictObject({ from: date('from'), to: date('to') }),
    handler: ({ tx, session, body, req }) => {
      if (body.to < body.from) throw badRequest('结束日期不能早于开始日期');
      return generateTasks({ tx, session, ip: req.ip }, body.from, body.to);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/productionTask/dayPlan',
    summary: 'One day of the plan: the production tasks by work centre and team with their quantities',
    tags,
    access: { menu: DAY_PLAN },
    query: z.strictObject({ day: date('day') }),
    handler: ({ tx, session, query }) => dayPlan(tx, session.tenantId, query.day),
  }),
];
