import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';

const EXTEND_COLUMNS = `e.id as "meId", e.bar_code as "barCode", e.commodity_unit as "commodityUnit", e.sku,
  case when $3 then null else e.purchase_decimal::float8 end as "purchaseDecimal", e.commodity_decimal::float8 as "commodityDecimal",
  e.wholesale_decimal::float8 as "wholesaleDecimal", e.low_decimal::float8 as "lowDecimal", e.default_flag as "defaultFlag"`;

/** What batchUpdate may set on many materials at once: API name → column (the route holds each one's schema). */
export const BATCH_COLUMNS = {
  categoryId: 'category_id',
  brand: 'brand',
  manufacturer: 'manufacturer',
  position: 'position',
  enabled: 'enabled',
  enableSerialNumber: 'enable_serial_number',
  enableBatchNumber: 'enable_batch_number',
  remark: 'remark',
} as const;
export type BatchKey = keyof typeof BATCH_COLUMNS;

/** The largest numeric barcode of the company (the next one is this plus one). */
export async function maxBarCode(tx: Tx, tenantId: number) {
  const r = await tx.one<{ max: string | null }>(
    `select bar_code as max from material_extend where tenant_id = $1 and bar_code ~ '^[0-9]{1,18}$'
      order by length(bar_code) desc, bar_code desc limit 1`,
    [tenantId],
  );
  return r?.max ?? '1000';
}

/** The material, unit and prices of one barcode (scanning). */
export async function materialByBarCode(tx: Tx, s: Session, barCode: string) {
  const r = await tx.one(
    `select m.id, m.name, m.standard, m.model, m.color, m.brand, m.unit, m.unit_id as "unitId", u.name as "unitName",
            u.basic_unit as "basicUnit", u.other_unit as "otherUnit", u.ratio::float8 as ratio, u.other_unit_two as "otherUnitTwo",
            u.ratio_two::float8 as "ratioTwo", u.other_unit_three as "otherUnitThree", u.ratio_three::float8 as "ratioThree",
            m.enable_serial_number as "enableSerialNumber", m.enable_batch_number as "enableBatchNumber", ${EXTEND_COLUMNS}
       from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id and not m.delete_flag
       left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
      where e.tenant_id = $1 and e.bar_code = $2 and not e.delete_flag`,
    [s.tenantId, barCode, s.priceMasked],
  );
  if (!r) throw notFound(`条码不存在: ${barCode}`);
  return r;
}

/** Is there another live material with this name, model, specification, colour and unit? */
export async function materialExists(
  tx: Tx,
  tenantId: number,
  q: { id: number; name: string; model?: string; standard?: string; color?: string; unit?: string; unitId?: number },
) {
  const v = (s?: string) => (s ? s : null);
  const r = await tx.one(
    `select 1 from material where tenant_id = $1 and not delete_flag and id <> $2 and name = $3 and model is not distinct from $4
        and standard is not distinct from $5 and color is not distinct from $6 and unit is not distinct from $7 and unit_id is not distinct from $8`,
    [tenantId, q.id, q.name, v(q.model), v(q.standard), v(q.color), v(q.unit), q.unitId ?? null],
  );
  return { status: !!r };
}

export const barCodeTaken = async (tx: Tx, tenantId: number, barCode: string, exceptId: number) => ({
  status: !!(await tx.one('select 1 from material_extend where tenant_id = $1 and bar_code = $2 and id <> $3 and not delete_flag', [
    tenantId,
    barCode,
    exceptId,
  ])),
});

/** Sets the given fields on every named material, or on none when one is missing. */
export async function batchUpdateMaterials({ tx, session, ip }: RequestCtx, body: { ids: string } & { [K in BatchKey]?: unknown }) {
  const ids = [...new Set(body.ids.split(',').map(Number))];
  const keys = (Object.keys(BATCH_COLUMNS) as BatchKey[]).filter((k) => body[k] !== undefined);
  if (body.categoryId) {
    const ok = await tx.one('select 1 from material_category where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, body.categoryId]);
    if (!ok) throw new BusinessError('商品类别不存在');
  }
  const done = await tx.query(
    `update material set ${keys.map((k, i) => `${BATCH_COLUMNS[k]} = $${i + 4}`).join(', ')}, updater = $3, updated_at = now()
      where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag returning id`,
    [session.tenantId, ids, session.userId, ...keys.map((k) => body[k])],
  );
  if (done.length !== ids.length) throw notFound('部分商品不存在或已删除，未修改任何商品');
  await logWrite(tx, session, ip, 'batchUpdate', 'material', ids, Object.fromEntries(keys.map((k) => [k, body[k]])));
  return { message: '修改成功' };
}

/** Material picker: barcodes with unit, prices and current stock, searched by name, barcode, model or mnemonic. */
export async function findMaterials(
  tx: Tx,
  s: Session,
  q: { q?: string; depotId?: number; enableSerialNumber?: '0' | '1'; currentPage: number; pageSize: number },
) {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // only the materials with (without) serial numbers: jshERP's getMaterialEnableSerialNumberList
  const serial = q.enableSerialNumber ? ` and m.enable_serial_number = ${q.enableSerialNumber === '1'}` : '';
  const where = `e.tenant_id = $1 and not e.delete_flag and m.enabled and not m.delete_flag${serial}
    and ($2::text is null or m.name ilike $2 or e.bar_code ilike $2 or m.model ilike $2 or m.mnemonic ilike $2)`;
  const rows = await tx.query(
    `select m.id, m.name, m.standard, m.model, m.color, coalesce(m.unit, e.commodity_unit) as unit, ${EXTEND_COLUMNS},
            -- the balance after every committed posting (opening stock is posted too), not the opening figure
            coalesce((select sum(c.qty) from stock_cost c where c.tenant_id = m.tenant_id and c.material_id = m.id
                        and ($4::bigint is null or c.depot_id = $4)), 0)::float8 as stock
       from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id
      where ${where} order by m.name, e.default_flag desc, e.id limit ${q.pageSize} offset ${(q.currentPage - 1) * q.pageSize}`,
    [s.tenantId, like, s.priceMasked, q.depotId ?? null],
  );
  const total = await tx.one<{ n: number }>(
    `select count(*)::int as n from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id where ${where}`,
    [s.tenantId, like],
  );
  return { rows, total: total!.n };
}
