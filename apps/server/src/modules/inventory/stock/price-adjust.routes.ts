import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { priceAdjustLines } from './price-adjust.ts';

export const priceAdjustRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depotItem/priceAdjustLines',
    summary: 'The new (and, once audited, the replaced) barcode prices of a price adjustment, by line',
    tags: ['depotItem'],
    access: 'user',
    query: z.strictObject({ headerId: z.coerce.number().int().positive() }),
    handler: ({ tx, session, query }) => priceAdjustLines(tx, session, query.headerId),
  }),
];
