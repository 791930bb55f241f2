import { DOC_TRANSITIONS, sqlStatuses } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * Procurement needs: what to buy so open sales orders can ship and stock stays above its minimum.
 * need = open sales orders + minimum safety stock − stock on hand − open purchase orders (never below 0),
 * per material over all warehouses (or one warehouse).
 */
export async function procurementNeeds(tx: Tx, tenantId: number, query: { depotId?: number; onlyNeeded: '0' | '1' }) {
  const rows = await tx.query<Record<string, number | string | null>>(
    `with open_lines as (
       select h.doc_key, i.material_id, sum(i.basic_number - i.finished_number) as q
         from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
        where i.tenant_id = $1 and not i.delete_flag and not h.delete_flag and h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)}
          and h.doc_key in ('saleOrder', 'purchaseOrder') and ($2::bigint is null or i.depot_id = $2)
        group by 1, 2),
     stock as (select material_id, sum(qty) as q from stock_balance where tenant_id = $1 and ($2::bigint is null or depot_id = $2) group by 1),
     safety as (select material_id, sum(low_safe_stock) as q from material_initial_stock where tenant_id = $1 and ($2::bigint is null or depot_id = $2) group by 1),
     figures as (
       select m.id as material_id, m.name, m.standard, m.model, coalesce(m.unit, u.basic_unit) as unit,
              coalesce(st.q, 0) as stock, coalesce(sa.q, 0) as "minSafeStock",
              coalesce((select q from open_lines o where o.material_id = m.id and o.doc_key = 'saleOrder'), 0) as "openSales",
              coalesce((select q from open_lines o where o.material_id = m.id and o.doc_key = 'purchaseOrder'), 0) as "openPurchase"
         from material m left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
         left join stock st on st.material_id = m.id left join safety sa on sa.material_id = m.id
        where m.tenant_id = $1 and not m.delete_flag and m.enabled)
     select f.*, e.bar_code as "barCode",
            greatest(f."openSales" + f."minSafeStock" - f.stock - f."openPurchase", 0)::float8 as "needNumber"
       from figures f left join material_extend e on e.tenant_id = $1 and e.material_id = f.material_id and e.default_flag and not e.delete_flag
      where $3 = '0' or f."openSales" + f."minSafeStock" - f.stock - f."openPurchase" > 0
      order by "needNumber" desc, f.name limit 1000`,
    [tenantId, query.depotId ?? null, query.onlyNeeded],
  );
  return rows.map(({ material_id, ...r }) => ({
    materialId: material_id,
    ...r,
    stock: Number(r.stock),
    minSafeStock: Number(r.minSafeStock),
    openSales: Number(r.openSales),
    openPurchase: Number(r.openPurchase),
  }));
}
