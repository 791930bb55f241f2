import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { buyAndSaleStatistics, trendStatistics } from './statistics.service.ts';

/** Home dashboard figures (statistics.service.ts). */

export const statisticsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depotHead/getBuyAndSaleStatistics',
    summary: 'Purchase / sale / retail totals per period, open work and arrears for the home page',
    tags: ['depotHead'],
    access: 'user',
    handler: ({ tx, session }) => buyAndSaleStatistics(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/getTrendStatistics',
    summary: 'Home page trends: purchase, sale and retail amounts of the last 5 (or `months`) months; sales ordered and shipped on the last 5 days',
    tags: ['depotHead'],
    access: 'user',
    query: z.strictObject({ months: z.coerce.number().int().min(1).max(24).default(5) }),
    handler: ({ tx, session, query }) => trendStatistics(tx, session, query.months),
  }),
];
