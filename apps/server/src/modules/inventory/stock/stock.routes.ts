import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { batchesInStock, serialsInStock, stockOfBarCode, suggestedPrice } from './stock.queries.ts';

const id = z.coerce.number().int().positive();

/** Stock look-ups the bill forms use while lines are typed or scanned. */
export const stockRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depotItem/findStockByDepotAndBarCode',
    summary: 'Stock of the barcode’s material in a warehouse (in the barcode’s unit and the base unit)',
    tags: ['depotItem'],
    access: 'user',
    query: z.strictObject({ depotId: id, barCode: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, query }) => stockOfBarCode(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotItem/getBatchNumberList',
    summary: 'Batches of a material in a warehouse that still have stock',
    tags: ['depotItem'],
    access: 'user',
    query: z.strictObject({ materialId: id, depotId: id }),
    handler: ({ tx, session, query }) => batchesInStock(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/serialNumber/getEnableSerialNumberList',
    summary: 'Serial numbers of a material in stock (not sold), optionally in one warehouse',
    tags: ['serialNumber'],
    access: 'user',
    query: z.strictObject({ materialId: id, depotId: id.optional(), q: z.string().trim().max(50).optional() }),
    handler: ({ tx, session, query }) => serialsInStock(tx, session.tenantId, query),
  }),
];

/** The price last used with this partner for this barcode, else the barcode's own price (SPEC §7.6 buyOrSalePrice). */
export const priceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depotItem/buyOrSalePrice',
    summary: 'Suggested unit price for a line: last price with this partner, else the barcode price',
    tags: ['depotItem'],
    access: 'user',
    query: z.strictObject({ materialExtendId: id, organId: id.optional(), type: z.enum(['buy', 'sale', 'retail']) }),
    handler: ({ tx, session, query }) => suggestedPrice(tx, session, query),
  }),
];
