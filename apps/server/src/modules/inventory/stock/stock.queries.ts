import type { Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/errors.ts';

/** Stock of the barcode's material in a warehouse (in the barcode's unit and the base unit). */
export async function stockOfBarCode(tx: Tx, tenantId: number, q: { depotId: number; barCode: string }) {
  const r = await tx.one<{ materialId: number; stock: number; ratio: number }>(
    `select e.material_id as "materialId", coalesce((select sum(s.qty) from stock_balance s
               where s.tenant_id = e.tenant_id and s.material_id = e.material_id and s.depot_id = $3), 0)::float8 as stock,
            (case when u.id is null or e.commodity_unit = u.basic_unit then 1 when e.commodity_unit = u.other_unit then u.ratio
                  when e.commodity_unit = u.other_unit_two then u.ratio_two else u.ratio_three end)::float8 as ratio
       from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id
       left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
      where e.tenant_id = $1 and e.bar_code = $2 and not e.delete_flag`,
    [tenantId, q.barCode, q.depotId],
  );
  if (!r) throw notFound(`条码不存在: ${q.barCode}`);
  return { materialId: r.materialId, stock: r.stock, unitStock: r.ratio ? r.stock / r.ratio : r.stock };
}

/** Batches of a material in a warehouse that still have stock. */
export async function batchesInStock(tx: Tx, tenantId: number, q: { materialId: number; depotId: number }) {
  return tx.query(
    `select batch_number as "batchNumber", qty::float8 as "totalNum", to_char(expiration_date, 'YYYY-MM-DD') as "expirationDate"
       from stock_balance where tenant_id = $1 and material_id = $2 and depot_id = $3 and batch_number <> '' and qty > 0
      order by expiration_date nulls last, batch_number`,
    [tenantId, q.materialId, q.depotId],
  );
}

/** Serial numbers of a material in stock (not sold), optionally in one warehouse. */
export async function serialsInStock(tx: Tx, tenantId: number, q: { materialId: number; depotId?: number; q?: string }) {
  return tx.query(
    `select id, serial_number as "serialNumber", depot_id as "depotId" from serial_number
      where tenant_id = $1 and material_id = $2 and not is_sell and ($3::bigint is null or depot_id = $3)
        and ($4::text is null or serial_number ilike '%' || $4 || '%') order by serial_number limit 500`,
    [tenantId, q.materialId, q.depotId ?? null, q.q ?? null],
  );
}

/** The price last used with this partner for this barcode, else the barcode's own price (SPEC §7.6 buyOrSalePrice). */
export async function suggestedPrice(tx: Tx, session: Session, q: { materialExtendId: number; organId?: number; type: 'buy' | 'sale' | 'retail' }) {
  const docKeys = { buy: ['purchaseOrder', 'purchaseIn'], sale: ['saleOrder', 'saleOut'], retail: ['retailOut'] }[q.type];
  const last = q.organId
    ? await tx.one<{ price: number }>(
        `select i.unit_price::float8 as price from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
          where i.tenant_id = $1 and i.material_extend_id = $2 and h.organ_id = $3 and h.doc_key = any($4::text[])
            and not h.delete_flag and not i.delete_flag order by h.oper_time desc, i.id desc limit 1`,
        [session.tenantId, q.materialExtendId, q.organId, docKeys],
      )
    : undefined;
  const own = await tx.one<{ buy: number | null; sale: number | null; retail: number | null }>(
    `select purchase_decimal::float8 as buy, wholesale_decimal::float8 as sale, commodity_decimal::float8 as retail
       from material_extend where tenant_id = $1 and id = $2 and not delete_flag`,
    [session.tenantId, q.materialExtendId],
  );
  if (!own) throw notFound('条码不存在');
  const price = last?.price ?? own[q.type] ?? 0;
  // a sales role with price masking does not learn purchase prices this way either
  return { price: q.type === 'buy' && session.priceMasked ? null : price, source: last ? 'last' : 'material' };
}

/**
 * Current stock of a page of materials (jshERP's material list shows it per row), summed over the warehouses
 * the user may see: one read of stock_balance by its key. Materials without stock answer 0.
 */
export async function stockOfMaterials(tx: Tx, s: Session, ids: number[]) {
  const scope = await allowedIds(tx, s, 'depot');
  const rows = await tx.query<{ materialId: number; stock: number }>(
    `select b.material_id as "materialId", sum(b.qty)::float8 as stock from stock_balance b
      where b.tenant_id = $1 and b.material_id = any($2::bigint[]) ${scope ? 'and b.depot_id = any($3::bigint[])' : ''}
      group by b.material_id`,
    scope ? [s.tenantId, ids, scope] : [s.tenantId, ids],
  );
  const found = new Map(rows.map((r) => [Number(r.materialId), r.stock]));
  return ids.map((materialId) => ({ materialId, stock: found.get(materialId) ?? 0 }));
}

/**
 * GET /material/getMaterialDepotStock (jshERP's 库存分布): one material's stock per warehouse the user may
 * see (optionally only the warehouses named), with the moving-average cost and the value, as the stock
 * report reads them (stock_cost); warehouses at zero left out. Cost and value are hidden by price masking.
 */
export async function materialDepotStock(tx: Tx, s: Session, q: { materialId: number; depotIds?: number[]; currentPage: number; pageSize: number }) {
  const scope = await allowedIds(tx, s, 'depot');
  const params: unknown[] = [s.tenantId, q.materialId];
  const w = ['c.tenant_id = $1', 'c.material_id = $2', 'c.qty <> 0'];
  for (const ids of [scope, q.depotIds?.length ? q.depotIds : null]) if (ids) w.push(`c.depot_id = any($${params.push(ids)}::bigint[])`);
  const rows = await tx.query<Record<string, unknown> & { total?: number }>(
    `select c.depot_id as id, c.material_id as "materialId", c.depot_id as "depotId", d.name as "depotName", c.qty::float8 as "currentNumber",
            (case when c.qty > 0 then round(c.value / c.qty, 6) else 0 end)::float8 as "unitPrice", c.value::float8 as "allPrice",
            count(*) over ()::int as total
       from stock_cost c join depot d on d.tenant_id = c.tenant_id and d.id = c.depot_id
      where ${w.join(' and ')} order by d.id limit ${q.pageSize} offset ${(q.currentPage - 1) * q.pageSize}`,
    params,
  );
  // past the last page the count still describes the material
  const total =
    rows[0]?.total ??
    (q.currentPage > 1 ? ((await tx.one<{ n: number }>(`select count(*)::int as n from stock_cost c where ${w.join(' and ')}`, params))?.n ?? 0) : 0);
  return {
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      // jshERP's row carries the moving-average cost under both names
      currentUnitPrice: s.priceMasked ? null : r.unitPrice,
      ...(s.priceMasked ? { unitPrice: null, allPrice: null } : {}),
    })),
    total,
  };
}
