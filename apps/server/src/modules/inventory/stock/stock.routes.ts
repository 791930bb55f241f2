import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { depotsWithOpeningStock, materialStockUnits } from './material-units.ts';
import { batchesInStock, materialDepotStock, serialsInStock, stockOfBarCode, stockOfMaterials, suggestedPrice } from './stock.queries.ts';

const id = z.coerce.number().int().positive();
/** Ids as jshERP's client joins them: '3,5,8' (at most 1000). */
const idList = z
  .string()
  .trim()
  .regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids: 以逗号分隔的编号')
  .transform((v) => [...new Set(v.split(',').map(Number))]);

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
  defineRoute({
    method: 'GET',
    url: '/material/currentStock',
    summary: 'Current stock of the materials named (up to 1000), summed over the warehouses the user may see',
    tags: ['material'],
    access: { menu: '/material/material' },
    query: z.strictObject({ ids: idList }),
    handler: ({ tx, session, query }) => stockOfMaterials(tx, session, query.ids),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/getMaterialDepotStock',
    summary: 'One material’s stock per warehouse (库存分布): quantity, average cost and value; optionally only the warehouses named',
    tags: ['material'],
    access: { menu: '/report/material_stock' },
    query: z.strictObject({
      materialId: id,
      depotIds: idList.optional(),
      currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(10),
    }),
    handler: ({ tx, session, query }) => materialDepotStock(tx, session, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/depot/getAllListWithStock',
    summary: 'The warehouses a material’s opening stock may be set in, with its opening quantity, safety stocks and current stock there (mId 0: none set)',
    tags: ['depot'],
    access: { menu: '/material/material' },
    query: z.strictObject({ mId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
    handler: ({ tx, session, query }) => depotsWithOpeningStock(tx, session, query.mId),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/stockUnits',
    summary: 'For the materials named (up to 1000): the multi-unit’s big unit and ratio, and the opening stock per warehouse the user may see',
    tags: ['material'],
    access: 'user',
    query: z.strictObject({ ids: idList }),
    handler: ({ tx, session, query }) => materialStockUnits(tx, session, query.ids),
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
