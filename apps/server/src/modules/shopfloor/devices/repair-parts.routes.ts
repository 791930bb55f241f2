import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { issueRepairParts, repairParts } from './repair-parts.ts';

const tags = ['shopfloor'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = z.union([z.number(), z.string().trim()]).transform(String).pipe(z.string().regex(QTY_RE, '数量须为不小于0的数字'));

export const repairPartRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/device/repair/issueParts',
    invalidates: false,
    summary: '维修领料: spare parts out of stock for a repair order (an approved other-outbound document on the ledger); returns the repair cost',
    tags,
    access: { menu: '/device/repair', btn: '1' },
    body: z.strictObject({
      repairOrderId: id,
      depotId: id,
      lines: z
        .array(z.strictObject({ materialId: id, qty }))
        .min(1)
        .max(200),
    }),
    handler: ({ tx, session, body, req }) => issueRepairParts({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/device/repair/parts',
    summary: 'The spare parts a repair order took from stock (net of reversals) at ledger cost, and the repair cost',
    tags,
    access: { menu: '/device/repair' },
    query: z.strictObject({ repairOrderId: id }),
    handler: ({ tx, session, query }) => repairParts(tx, session.tenantId, query.repairOrderId),
  }),
];
