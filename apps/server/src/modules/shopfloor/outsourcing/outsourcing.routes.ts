import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { receiveFromSupplier, sendToSupplier } from './outsourcing.service.ts';
import { outsourcingOfWorkOrder } from './outsource-work-order.ts';

const tags = ['shopfloor'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = z
  .union([z.number(), z.string().trim()])
  .transform(String)
  .pipe(z.string().regex(QTY_RE, '数量须为不小于0的数字'))
  .refine((v) => Number(v) > 0, '数量须大于0');
const lines = z
  .array(z.strictObject({ materialId: id, qty }))
  .min(1, '请至少录入一行明细')
  .max(500);

export const outsourcingRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/shopfloor/outsource/send',
    invalidates: false,
    summary: '委外发料: materials to the outsourcing supplier’s warehouse (a transfer document of type 委外发料)',
    tags,
    access: { menu: '/bill/outsourcing', btn: '1' },
    body: z.strictObject({ supplierId: id, fromDepotId: id, supplierDepotId: id, lines, workOrderId: id.optional() }),
    handler: ({ tx, session, body, req }) => sendToSupplier({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/outsource/receive',
    invalidates: false,
    summary: '委外入库: finished goods back, components out of the supplier’s warehouse, the outsourcing fee payable to the supplier',
    tags,
    access: { menu: '/bill/outsourcing_in', btn: '1' },
    body: z.strictObject({ supplierId: id, supplierDepotId: id, toDepotId: id, productId: id, qty, components: lines, workOrderId: id.optional() }),
    handler: ({ tx, session, body, req }) => receiveFromSupplier({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/outsource/ofWorkOrder',
    summary: 'The outsourcing documents (委外发料, 委外入库) made for a work order',
    tags,
    access: { menu: ['/productionManagement/workOrder', '/bill/outsourcing', '/bill/outsourcing_in'] },
    query: z.strictObject({ workOrderId: id }),
    handler: ({ tx, session, query }) => outsourcingOfWorkOrder(tx, session.tenantId, query.workOrderId),
  }),
];
