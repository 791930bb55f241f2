import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { barCodeTaken, batchUpdateMaterials, findMaterials, materialByBarCode, materialExists, maxBarCode, type BatchKey } from './material.service.ts';

const tags = ['material'];
const read = { menu: '/material/material' } as const;
const BARCODE = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, '条码只能包含字母、数字、_和-');

// what batchUpdate may set on many materials at once (columns: material.service.ts)
const batchFields: Record<BatchKey, z.ZodType> = {
  categoryId: z.number().int().positive().nullable(),
  brand: z.string().trim().max(50).nullable(),
  manufacturer: z.string().trim().max(100).nullable(),
  position: z.string().trim().max(100).nullable(),
  enabled: z.boolean(),
  enableSerialNumber: z.boolean(),
  enableBatchNumber: z.boolean(),
  remark: z.string().trim().max(500).nullable(),
};

export const materialRoutes = [
  defineRoute({
    method: 'GET',
    url: '/material/getMaxBarCode',
    summary: 'The largest numeric barcode of the company (the next one is this plus one)',
    tags,
    access: read,
    handler: ({ tx, session }) => maxBarCode(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/getMaterialByBarCode',
    summary: 'The material, unit and prices of one barcode (scanning)',
    tags,
    access: 'user',
    query: z.strictObject({ barCode: BARCODE }),
    handler: ({ tx, session, query }) => materialByBarCode(tx, session, query.barCode),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/checkIsExist',
    summary: 'Is there a live material with this name, model, specification, colour and unit?',
    tags,
    access: read,
    query: z.strictObject({
      id: z.coerce.number().int().min(0).default(0),
      name: z.string().trim().min(1).max(100),
      model: z.string().trim().max(100).optional(),
      standard: z.string().trim().max(100).optional(),
      color: z.string().trim().max(50).optional(),
      unit: z.string().trim().max(20).optional(),
      unitId: z.coerce.number().int().positive().optional(),
    }),
    handler: ({ tx, session, query }) => materialExists(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/materialsExtend/checkIsBarCodeExist',
    summary: 'Is the barcode taken by another barcode line?',
    tags,
    access: read,
    query: z.strictObject({ barCode: BARCODE, id: z.coerce.number().int().min(0).default(0) }),
    handler: ({ tx, session, query }) => barCodeTaken(tx, session.tenantId, query.barCode, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/material/batchUpdate',
    summary: 'Set category, brand, flags … on several materials at once',
    tags,
    access: { menu: '/material/material', btn: '1' },
    body: z
      .strictObject({
        ids: z.string().regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids 须为逗号分隔的编号'),
        ...Object.fromEntries(Object.entries(batchFields).map(([k, s]) => [k, s.optional()])),
      })
      .refine((b) => Object.keys(b).some((k) => k !== 'ids'), '没有要修改的字段') as unknown as z.ZodType<{ ids: string } & { [K in BatchKey]?: unknown }>,
    handler: ({ tx, session, body, req }) => batchUpdateMaterials({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/findBySelect',
    summary:
      'Material picker: barcodes with unit, prices and current stock, searched by name, barcode or model; optionally only those with (1) or without (0) serial numbers',
    tags,
    access: 'user',
    query: z.strictObject({
      q: z.string().trim().max(100).optional(),
      depotId: z.coerce.number().int().positive().optional(),
      enableSerialNumber: z.enum(['0', '1']).optional(),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    }),
    handler: ({ tx, session, query }) => findMaterials(tx, session, query),
  }),
];
