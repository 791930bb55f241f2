import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { explodeBom, whereUsed } from './bom.queries.ts';
import { costRollup } from './cost-rollup.ts';

const tags = ['manufacturing'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = z.string().regex(QTY_RE, '数量须为不小于0的数字').default('1');

export const bomRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/bom/explode',
    summary: 'Multi-level explosion of a quantity of a product through its planning BOMs (scrap included)',
    tags,
    access: { menu: ['/material/bom', '/manufacture/make_order'] },
    query: z.strictObject({ materialId: id, qty }),
    handler: ({ tx, session, query }) => explodeBom(tx, session.tenantId, query.materialId, query.qty),
  }),
  defineRoute({
    method: 'GET',
    url: '/bom/whereUsed',
    summary: 'The products that use a material (as a component or a substitute), all levels up',
    tags,
    access: { menu: '/material/bom' },
    query: z.strictObject({ materialId: id }),
    handler: ({ tx, session, query }) => whereUsed(tx, session.tenantId, query.materialId),
  }),
  defineRoute({
    method: 'GET',
    url: '/bom/costRollup',
    summary: 'Cost of a quantity of a product from its BOM (purchase prices) and route (work-centre rates)',
    tags,
    access: { menu: ['/material/bom', '/manufacture/quotation'] },
    query: z.strictObject({ materialId: id, qty }),
    handler: ({ tx, session, query }) => costRollup(tx, session.tenantId, query.materialId, query.qty),
  }),
];
