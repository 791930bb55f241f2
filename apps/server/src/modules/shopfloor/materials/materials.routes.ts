import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { pickMaterials, receiveFinished, returnMaterials } from './materials.service.ts';
import { costReport } from './job-cost.ts';

const tags = ['shopfloor'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = z.union([z.number(), z.string().trim()]).transform(String).pipe(z.string().regex(QTY_RE, '数量须为不小于0的数字'));
const lines = z
  .array(z.strictObject({ materialId: id, qty }))
  .max(500)
  .optional();
const move = z.strictObject({ workOrderId: id, depotId: id, lines });

export const materialRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/shopfloor/pick',
    invalidates: false,
    summary: '领料: a production picking document for the open requirements of a work order (or the lines given), posted on the stock ledger',
    tags,
    access: { menu: '/bill/picking', btn: '1' },
    body: move,
    handler: ({ tx, session, body, req }) => pickMaterials({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/return',
    invalidates: false,
    summary: '退料: unused material back into stock at the cost it was issued at',
    tags,
    access: { menu: '/bill/production_return', btn: '1' },
    body: move,
    handler: ({ tx, session, body, req }) => returnMaterials({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/finishedReceipt',
    invalidates: false,
    summary: '完工入库: the last operation’s good units into stock at the job’s actual cost',
    tags,
    access: { menu: '/bill/finished_in', btn: '1' },
    body: z.strictObject({ workOrderId: id, depotId: id, qty: qty.optional() }),
    handler: ({ tx, session, body, req }) => receiveFinished({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/cost',
    summary: 'Actual cost of a work order’s job (materials at ledger cost + hours × rates) against the standard cost roll-up',
    tags,
    access: { menu: ['/productionManagement/workOrder', '/productionManagement/reporting'] },
    query: z.strictObject({ workOrderId: id }),
    handler: ({ tx, session, query }) => costReport(tx, session.tenantId, query.workOrderId),
  }),
];
