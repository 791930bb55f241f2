import { defineReport, paged, type Row } from './report.ts';
import { depotJoin, flag, id, inCategory, inScope, MATERIAL_COLS, materialJoin, materialMatch, Q, text, ITEM_COLUMNS } from './sql.ts';

/**
 * Current stock per material and warehouse with its moving-average value (商品库存). Read from
 * stock_cost, the balance kept with every posting, so its cost does not grow with the ledger.
 */
export const materialStockReport = defineReport({
  url: '/report/materialStock',
  menu: '/report/material_stock',
  title: '商品库存',
  summary: 'Stock per material and warehouse with average cost and value; totals over the whole filter',
  filters: {
    depotId: id.optional(),
    categoryId: id.optional(),
    materialParam: text(100).optional(),
    /** 1: also rows at zero, and warehouses set up for the material (opening/safety stock) that never had stock */
    zeroStock: flag.default('0'),
  },
  columns: [
    ...ITEM_COLUMNS,
    { key: 'qty', header: '库存数量' },
    { key: 'avgCost', header: '平均成本', price: true },
    { key: 'value', header: '库存金额', price: true },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const zero = f.zeroStock === '1';
    const w = ['s.tenant_id = $1', inScope(q, 's.depot_id', scope)];
    if (f.depotId) w.push(`s.depot_id = ${q.v(f.depotId)}`);
    if (f.categoryId) w.push(inCategory(q, f.categoryId));
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    // a row at zero of a deleted material or warehouse is history, not stock
    w.push(zero ? '(s.qty <> 0 or (not m.delete_flag and not d.delete_flag))' : 's.qty <> 0');
    const pairs = `s as (select tenant_id, material_id, depot_id, qty, value from stock_cost where tenant_id = $1
      ${
        zero
          ? `union all select i.tenant_id, i.material_id, i.depot_id, 0, 0 from material_initial_stock i where i.tenant_id = $1
        and not exists (select 1 from stock_cost c where c.tenant_id = i.tenant_id and c.material_id = i.material_id and c.depot_id = i.depot_id)`
          : ''
      })`;
    return paged(tx, q.params, {
      with: pairs,
      select: `${MATERIAL_COLS}, d.id as "depotId", d.name as "depotName", s.qty::float8 as qty,
        -- what the next issue would be charged at (posting takes 0 when nothing is on hand)
        (case when s.qty > 0 then round(s.value / s.qty, 6) else 0 end)::float8 as "avgCost", s.value::float8 as value,
        -- the stock's weight from the material's base weight (jshERP's 重量; not a column of ours)
        round(coalesce(m.weight, 0) * s.qty, 6)::float8 as weight`,
      body: `from s ${materialJoin('s')} ${depotJoin('s')} where ${w.join(' and ')}`,
      order: 'm.id, d.id',
      sums: { qty: 's.qty', value: 's.value', weight: 'round(coalesce(m.weight, 0) * s.qty, 6)' },
      page,
    });
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
