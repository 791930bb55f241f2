import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';

const tags = ['material'];
const read = { menu: '/material/material' } as const;
const BARCODE = z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9_-]+$/, '条码只能包含字母、数字、_和-');

const EXTEND_COLUMNS = `e.id as "meId", e.bar_code as "barCode", e.commodity_unit as "commodityUnit", e.sku,
  case when $3 then null else e.purchase_decimal::float8 end as "purchaseDecimal", e.commodity_decimal::float8 as "commodityDecimal",
  e.wholesale_decimal::float8 as "wholesaleDecimal", e.low_decimal::float8 as "lowDecimal", e.default_flag as "defaultFlag"`;

// what batchUpdate may set on many materials at once
const batchFields = {
  categoryId: ['category_id', z.number().int().positive().nullable()],
  brand: ['brand', z.string().trim().max(50).nullable()],
  manufacturer: ['manufacturer', z.string().trim().max(100).nullable()],
  position: ['position', z.string().trim().max(100).nullable()],
  enabled: ['enabled', z.boolean()],
  enableSerialNumber: ['enable_serial_number', z.boolean()],
  enableBatchNumber: ['enable_batch_number', z.boolean()],
  remark: ['remark', z.string().trim().max(500).nullable()],
} as const;
type BatchKey = keyof typeof batchFields;

export const materialRoutes = [
  defineRoute({
    method: 'GET',
    url: '/material/getMaxBarCode',
    summary: 'The largest numeric barcode of the company (the next one is this plus one)',
    tags,
    access: read,
    handler: async ({ tx, session }) => {
      const r = await tx.one<{ max: string | null }>(
        `select bar_code as max from material_extend where tenant_id = $1 and bar_code ~ '^[0-9]{1,18}$'
          order by length(bar_code) desc, bar_code desc limit 1`,
        [session.tenantId],
      );
      return r?.max ?? '1000';
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/material/getMaterialByBarCode',
    summary: 'The material, unit and prices of one barcode (scanning)',
    tags,
    access: 'user',
    query: z.strictObject({ barCode: BARCODE }),
    handler: async ({ tx, session, query }) => {
      const r = await tx.one(
        `select m.id, m.name, m.standard, m.model, m.color, m.brand, m.unit, m.unit_id as "unitId", u.name as "unitName",
                u.basic_unit as "basicUnit", u.other_unit as "otherUnit", u.ratio::float8 as ratio, u.other_unit_two as "otherUnitTwo",
                u.ratio_two::float8 as "ratioTwo", u.other_unit_three as "otherUnitThree", u.ratio_three::float8 as "ratioThree",
                m.enable_serial_number as "enableSerialNumber", m.enable_batch_number as "enableBatchNumber", ${EXTEND_COLUMNS}
           from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id and not m.delete_flag
           left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
          where e.tenant_id = $1 and e.bar_code = $2 and not e.delete_flag`,
        [session.tenantId, query.barCode, session.priceMasked],
      );
      if (!r) throw notFound(`条码不存在: ${query.barCode}`);
      return r;
    },
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
    handler: async ({ tx, session, query: q }) => {
      const v = (s?: string) => (s ? s : null);
      const r = await tx.one(
        `select 1 from material where tenant_id = $1 and not delete_flag and id <> $2 and name = $3 and model is not distinct from $4
            and standard is not distinct from $5 and color is not distinct from $6 and unit is not distinct from $7 and unit_id is not distinct from $8`,
        [session.tenantId, q.id, q.name, v(q.model), v(q.standard), v(q.color), v(q.unit), q.unitId ?? null],
      );
      return { status: !!r };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/materialsExtend/checkIsBarCodeExist',
    summary: 'Is the barcode taken by another barcode line?',
    tags,
    access: read,
    query: z.strictObject({ barCode: BARCODE, id: z.coerce.number().int().min(0).default(0) }),
    handler: async ({ tx, session, query }) => ({
      status: !!(await tx.one('select 1 from material_extend where tenant_id = $1 and bar_code = $2 and id <> $3 and not delete_flag', [
        session.tenantId,
        query.barCode,
        query.id,
      ])),
    }),
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
        ...Object.fromEntries(Object.entries(batchFields).map(([k, [, s]]) => [k, s.optional()])),
      })
      .refine((b) => Object.keys(b).some((k) => k !== 'ids'), '没有要修改的字段') as unknown as z.ZodType<{ ids: string } & { [K in BatchKey]?: unknown }>,
    handler: async ({ tx, session, body, req }) => {
      const ids = [...new Set(body.ids.split(',').map(Number))];
      const keys = (Object.keys(batchFields) as BatchKey[]).filter((k) => body[k] !== undefined);
      if (body.categoryId) {
        const ok = await tx.one('select 1 from material_category where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, body.categoryId]);
        if (!ok) throw new BusinessError('商品类别不存在');
      }
      const done = await tx.query(
        `update material set ${keys.map((k, i) => `${batchFields[k][0]} = $${i + 4}`).join(', ')}, updater = $3, updated_at = now()
          where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag returning id`,
        [session.tenantId, ids, session.userId, ...keys.map((k) => body[k])],
      );
      if (done.length !== ids.length) throw notFound('部分商品不存在或已删除，未修改任何商品');
      await logWrite(tx, session, req.ip, 'batchUpdate', 'material', ids, Object.fromEntries(keys.map((k) => [k, body[k]])));
      return { message: '修改成功' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/material/findBySelect',
    summary: 'Material picker: barcodes with unit, prices and current stock, searched by name, barcode or model',
    tags,
    access: 'user',
    query: z.strictObject({
      q: z.string().trim().max(100).optional(),
      depotId: z.coerce.number().int().positive().optional(),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    }),
    handler: async ({ tx, session, query }) => {
      const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = `e.tenant_id = $1 and not e.delete_flag and m.enabled and not m.delete_flag
        and ($2::text is null or m.name ilike $2 or e.bar_code ilike $2 or m.model ilike $2 or m.mnemonic ilike $2)`;
      const rows = await tx.query(
        `select m.id, m.name, m.standard, m.model, m.color, coalesce(m.unit, e.commodity_unit) as unit, ${EXTEND_COLUMNS},
                -- the balance after every committed posting (opening stock is posted too), not the opening figure
                coalesce((select sum(c.qty) from stock_cost c where c.tenant_id = m.tenant_id and c.material_id = m.id
                            and ($4::bigint is null or c.depot_id = $4)), 0)::float8 as stock
           from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id
          where ${where} order by m.name, e.default_flag desc, e.id limit ${query.pageSize} offset ${(query.currentPage - 1) * query.pageSize}`,
        [session.tenantId, like, session.priceMasked, query.depotId ?? null],
      );
      const total = await tx.one<{ n: number }>(
        `select count(*)::int as n from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id where ${where}`,
        [session.tenantId, like],
      );
      return { rows, total: total!.n };
    },
  }),
];
