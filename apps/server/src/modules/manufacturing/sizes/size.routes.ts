import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { makeOrderSizes, saveSizes } from './make-order-sizes.ts';
import { proposalSizes, taskSizes } from './read-sizes.ts';

const tags = ['manufacturing'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^-?\d{1,15}(\.\d{1,6})?$/;
const text = (what: string) => z.string().trim().min(1, `${what}不能为空`).max(50);
const cell = z.strictObject({
  colour: text('颜色'),
  size: text('尺码'),
  quantity: z.union([z.number(), z.string().trim()]).transform(String).pipe(z.string().regex(QTY_RE, '数量须为数字（最多6位小数）')),
});

/** 尺码横排 (issue 16): make order lines by colour × size, and the same grid on production tasks and MRP proposals. */
export const sizeRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/makeOrder/sizes',
    summary: "A make order's colour × size grids: one per style (materials of one name and model with colour and size) among its lines",
    tags,
    access: { menu: ['/manufacture/make_order', '/manufacture/workbench', '/manufacture/production_task'] },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => makeOrderSizes(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/makeOrder/saveSizes',
    summary: "Types a style's quantities by colour × size into a draft make order: each cell becomes its variant's product line",
    tags,
    access: { menu: '/manufacture/make_order', btn: '1' },
    body: z.strictObject({ id, materialId: id, cells: z.array(cell).max(500) }),
    handler: ({ tx, session, body, req }) => saveSizes({ tx, session, ip: req.ip }, body.id, body.materialId, body.cells),
  }),
  defineRoute({
    method: 'GET',
    url: '/productionTask/sizes',
    summary: "A production task's colour × size grid: the day's tasks of its make order and centre for the variants of its style",
    tags,
    access: { menu: ['/manufacture/production_task', '/manufacture/day_schedule'] },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => taskSizes(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/mrp/proposalSizes',
    summary: "A planned make order's colour × size grid: the latest run's proposals of the same need date for the variants of its style",
    tags,
    access: { menu: '/manufacture/production_needs' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => proposalSizes(tx, session.tenantId, query.id),
  }),
];
