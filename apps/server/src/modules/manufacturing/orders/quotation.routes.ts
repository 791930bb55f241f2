import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { quotationToSaleOrder } from './quotation.service.ts';

export const quotationRoutes: RouteSpec[] = [
  defineRoute({
    method: 'POST',
    url: '/quotation/toSaleOrder',
    summary: 'Turns a quotation into a sales order (unaudited) at the quoted prices, in one step',
    tags: ['manufacturing'],
    access: { menu: '/manufacture/quotation', btn: '1' },
    body: z.strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    handler: ({ tx, session, body, req }) => quotationToSaleOrder({ tx, session, ip: req.ip }, body.id),
  }),
];
