import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { sharedShippingPlan } from './shipping-plan.service.ts';

/** The public shipping-plan page's call (shipping-plan.service.ts). */
export const shippingPlanRoutes = [
  defineRoute({
    method: 'GET',
    url: '/extra/shippingPlan/:id',
    summary: 'A shipping plan by its unguessable link (no sign-in)',
    tags: ['depotHead'],
    access: 'public',
    params: z.strictObject({ id: z.string().regex(/^\d{1,15}-[0-9a-f-]{36}$/, '链接无效') }),
    handler: ({ db, params }) => sharedShippingPlan(db, params.id),
  }),
];
