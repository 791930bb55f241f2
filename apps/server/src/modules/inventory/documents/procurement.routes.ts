import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { procurementNeeds } from './procurement.service.ts';

/** Procurement needs (procurement.service.ts). */
export const procurementRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depotHead/procurementNeeds',
    summary: 'Suggested purchase quantities from open sales orders and safety stock',
    tags: ['depotHead'],
    access: { menu: '/bill/procurement_needs' },
    query: z.strictObject({ depotId: z.coerce.number().int().positive().optional(), onlyNeeded: z.enum(['0', '1']).default('1') }),
    handler: ({ tx, session, query }) => procurementNeeds(tx, session.tenantId, query),
  }),
];
