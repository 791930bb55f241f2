import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { badRequest } from '../../../platform/errors.ts';
import { loadWorkCalendar } from './calendar-store.ts';

const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const toDate = (s: string) => {
  const d = new Date(`${s.replace(' ', 'T')}${s.length === 16 ? ':00' : ''}Z`);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) throw badRequest('参数错误 from: 日期超出范围');
  return d;
};
export const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const calendarRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/workCalendar/addWorkingMinutes',
    summary: 'The next working time after a moment, and the moment a number of working minutes later, on a work centre calendar',
    tags: ['manufacturing'],
    access: { menu: ['/process/calendar', '/process/work_centre', '/productionManagement/workOrder'] },
    query: z.strictObject({
      workCentreId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      from: z.string().regex(DATETIME_RE, 'from 格式应为 YYYY-MM-DD HH:mm[:ss]'),
      minutes: z.coerce.number().int().min(-1_000_000).max(1_000_000),
    }),
    handler: async ({ tx, session, query }) => {
      const cal = await loadWorkCalendar(tx, session.tenantId, query.workCentreId);
      const from = toDate(query.from);
      return { nextWorkingTime: fmt(cal.nextWorkingTime(from)), result: fmt(cal.addWorkingMinutes(from, query.minutes)) };
    },
  }),
];
