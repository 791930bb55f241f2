import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import { gantt, rescheduleWorkOrder, scheduleWorkOrders, toDate } from './schedule.service.ts';
import { makeOrderFromSale, releaseMakeOrder } from '../orders/make-order.service.ts';

const tags = ['manufacturing'];
const GANTT = ['/productionManagement/scheduleProduction', '/productionManagement/workOrder', '/manufacture/day_schedule'];
const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const moment = (field: string) => z.string().regex(DATETIME_RE, `${field} 格式应为 YYYY-MM-DD HH:mm:ss`);

/** A back-dated release (补录): a real moment, not in the future. */
function pastRelease(s: string): string {
  if (when(s, 'releasedAt').getTime() > Date.now() + 60_000) throw new BusinessError('下达时间不能晚于当前时间');
  return s;
}

/** A moment from the client, refused when it is not a real date or outside 2000–2100. */
function when(s: string | undefined, field: string): Date {
  if (!s) return new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  const d = toDate(s);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 19).replace('T', ' ') !== s || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100)
    throw badRequest(`参数错误 ${field}: 日期超出范围`);
  return d;
}

export const scheduleRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/makeOrder/fromSaleOrder',
    summary: 'Creates a draft make order from the open lines of an audited sales order (products with a BOM)',
    tags,
    access: { menu: '/manufacture/make_order', btn: '1' },
    body: z.strictObject({ number: z.string().trim().min(1, '请选择销售订单').max(50) }),
    handler: ({ tx, session, body, req }) => makeOrderFromSale({ tx, session, ip: req.ip }, body.number),
  }),
  defineRoute({
    method: 'POST',
    url: '/makeOrder/release',
    summary: 'Releases a draft make order into work orders (one per route operation, with materials) and schedules them forward',
    tags,
    access: { menu: '/manufacture/make_order', btn: '1' },
    body: z.strictObject({
      id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      from: moment('from').optional(),
      releasedAt: moment('releasedAt').optional(),
    }),
    handler: ({ tx, session, body, req }) =>
      releaseMakeOrder({ tx, session, ip: req.ip }, body.id, when(body.from, 'from'), body.releasedAt && pastRelease(body.releasedAt)),
  }),
  defineRoute({
    method: 'POST',
    url: '/schedule/run',
    summary: 'Finite-capacity scheduling of the work orders not started: forward from a moment or backward from their due dates',
    tags,
    access: { menu: GANTT, btn: '1' },
    body: z.strictObject({
      direction: z.enum(['forward', 'backward']),
      from: moment('from').optional(),
      makeOrderIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(1000).optional(),
    }),
    handler: ({ tx, session, body, req }) =>
      scheduleWorkOrders({ tx, session, ip: req.ip }, { direction: body.direction, from: when(body.from, 'from'), makeOrderIds: body.makeOrderIds }),
  }),
  defineRoute({
    method: 'POST',
    url: '/workOrder/reschedule',
    summary: 'Moves a work order to a new start (and optionally another work centre); returns the conflicts',
    tags,
    access: { menu: GANTT, btn: '1' },
    body: z.strictObject({
      id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      plannedStart: moment('plannedStart'),
      workCentreId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    handler: ({ tx, session, body, req }) =>
      rescheduleWorkOrder({ tx, session, ip: req.ip }, body.id, when(body.plannedStart, 'plannedStart'), body.workCentreId),
  }),
  defineRoute({
    method: 'GET',
    url: '/schedule/gantt',
    summary: 'Work centres and the open work orders between two moments, with the conflicts',
    tags,
    access: { menu: GANTT },
    query: z.strictObject({ from: moment('from'), to: moment('to') }),
    handler: ({ tx, session, query }) => {
      when(query.from, 'from');
      when(query.to, 'to');
      return gantt(tx, session.tenantId, query.from, query.to);
    },
  }),
];
