// The report as it read the ledger before issue 12: the figures the summary-based report must equal.
import { z } from 'zod';
import { paged, type ReportDef } from '../../report.ts';
import { id, inCategory, inScope, MATERIAL_COLS, materialMatch, Q, text } from '../../sql.ts';

/**
 * Safety-stock limits (material_initial_stock) against the stock on hand. Stock per material and
 * warehouse is read from stock_cost, which equals the sum of its batch balances (a ledger
 * invariant the inventory tests assert) and is one row instead of a sum.
 */
const defineReport = <S extends z.ZodRawShape>(d: ReportDef<S>) => d;

export const LIMITS = `s as (select i.tenant_id, i.material_id, i.depot_id, i.low_safe_stock as low, i.high_safe_stock as high, coalesce(c.qty, 0) as cur
    from material_initial_stock i left join stock_cost c on c.tenant_id = i.tenant_id and c.material_id = i.material_id and c.depot_id = i.depot_id
   where i.tenant_id = $1 and (i.low_safe_stock is not null or i.high_safe_stock is not null))`;
// warnings are for what is still traded: live, enabled materials in live warehouses
export const LIVE = 'not m.delete_flag and m.enabled and not d.delete_flag';
export const BELOW = 's.cur < s.low';

const materialFilters = { depotId: id.optional(), categoryId: id.optional(), materialParam: text(100).optional() };
function filterMaterials(q: Q, w: string[], depotCol: string, f: { depotId?: number; categoryId?: number; materialParam?: string }) {
  if (f.depotId) w.push(`${depotCol} = ${q.v(f.depotId)}`);
  if (f.categoryId) w.push(inCategory(q, f.categoryId));
  if (f.materialParam) w.push(materialMatch(q, f.materialParam));
}

const materialColumns = [
  { key: 'barCode', header: '条码' },
  { key: 'materialName', header: '名称', width: 20 },
  { key: 'standard', header: '规格' },
  { key: 'model', header: '型号' },
  { key: 'unit', header: '单位' },
  { key: 'depotName', header: '仓库' },
];

/** Every material in every warehouse with its limits and stock: the safety-stock screen (安全库存). */
export const safetyStockReport = defineReport({
  url: '/material/safetyStockList',
  menu: '/material/safety_stock',
  title: '安全库存',
  summary: 'Every material × warehouse with its min/max safety stock and current stock',
  filters: materialFilters,
  columns: [
    ...materialColumns,
    { key: 'lowSafeStock', header: '最低安全库存' },
    { key: 'highSafeStock', header: '最高安全库存' },
    { key: 'currentStock', header: '当前库存' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = ['m.tenant_id = $1', 'not m.delete_flag', 'not d.delete_flag', inScope(q, 'd.id', scope)];
    filterMaterials(q, w, 'd.id', f);
    return paged(tx, q.params, {
      select: `${MATERIAL_COLS}, d.id as "depotId", d.name as "depotName", i.id as "initialStockId",
        i.low_safe_stock::float8 as "lowSafeStock", i.high_safe_stock::float8 as "highSafeStock", coalesce(c.qty, 0)::float8 as "currentStock"`,
      body: `from material m join depot d on d.tenant_id = m.tenant_id
        left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
        left join material_initial_stock i on i.tenant_id = m.tenant_id and i.material_id = m.id and i.depot_id = d.id
        left join stock_cost c on c.tenant_id = m.tenant_id and c.material_id = m.id and c.depot_id = d.id
        where ${w.join(' and ')}`,
      order: 'm.id, d.id',
      page,
    });
  },
});
