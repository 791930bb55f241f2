import { defineReport, paged, type Row } from './report.ts';
import { depotJoin, id, inScope, MATERIAL_COLS, materialJoin, materialMatch, Q, ITEM_COLUMNS, text } from './sql.ts';

/**
 * Stock by reservoir area (库区库存, issue 24): what each area holds per material and batch, from the area balance
 * rows the posting keeps (documents/reservoir-stock.ts), and per warehouse the goods in no area (未指定库区): the
 * balance row less what the warehouse's areas hold. Areas in walking order (sort, code), 未指定库区 last.
 */
export const areaStockReport = defineReport({
  url: '/report/reservoirAreaStock',
  menu: ['/report/reservoir_area_stock', '/system/reservoir_area'],
  title: '库区库存',
  summary: 'Stock per reservoir area, material and batch; goods received without an area as 未指定库区',
  filters: {
    depotId: id.optional(),
    /** one area; without it, every area and 未指定库区 */
    areaId: id.optional(),
    materialParam: text(100).optional(),
    /** one material (a material's areas: its stock distribution links here) */
    materialId: id.optional(),
  },
  columns: [
    ...ITEM_COLUMNS,
    { key: 'areaName', header: '库区' },
    { key: 'areaCode', header: '库区编码' },
    { key: 'batchNumber', header: '批号' },
    { key: 'qty', header: '数量' },
    { key: 'firstIn', header: '最早入库' },
    { key: 'capacity', header: '库区容量' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = ['s.tenant_id = $1', 's.qty <> 0', inScope(q, 's.depot_id', scope)];
    if (f.depotId) w.push(`s.depot_id = ${q.v(f.depotId)}`);
    if (f.areaId) w.push(`s.area_id = ${q.v(f.areaId)}`);
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    if (f.materialId) w.push(`s.material_id = ${q.v(f.materialId)}`);
    // 未指定库区: the balance less the areas' rows of its material, warehouse and batch (only without an area filter)
    const loose = f.areaId
      ? ''
      : `union all select b.tenant_id, b.material_id, b.depot_id, null, b.batch_number, b.qty - coalesce(a.qty, 0), null
           from stock_balance b left join (select material_id, depot_id, batch_number, sum(qty) as qty from stock_area_balance
                                            where tenant_id = $1 group by 1, 2, 3) a using (material_id, depot_id, batch_number)
          where b.tenant_id = $1`;
    return paged(tx, q.params, {
      with: `s as (select tenant_id, material_id, depot_id, area_id, batch_number, qty, first_in from stock_area_balance where tenant_id = $1 ${loose})`,
      select: `${MATERIAL_COLS}, d.id as "depotId", d.name as "depotName", s.area_id as "areaId", coalesce(ra.name, '未指定库区') as "areaName",
        ra.code as "areaCode", s.batch_number as "batchNumber", s.qty::float8 as qty, to_char(s.first_in, 'YYYY-MM-DD') as "firstIn", ra.capacity::float8 as capacity`,
      body: `from s ${materialJoin('s')} ${depotJoin('s')} left join reservoir_area ra on ra.tenant_id = s.tenant_id and ra.id = s.area_id
        where ${w.join(' and ')}`,
      order: 'd.id, s.area_id is null, ra.sort nulls last, ra.code nulls last, s.area_id, m.id, s.batch_number',
      sums: { qty: 's.qty' },
      page,
    });
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
