import type { Session } from '../../../platform/auth/session.ts';
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
