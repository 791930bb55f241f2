import { defineReport, paged, type Row } from './report.ts';
import { contains, date, depotJoin, fromDate, id, inCategory, MATERIAL_COLS, materialJoin, materialMatch, ownDocs, Q, text, upToEnd } from './sql.ts';

/**
 * Lines of posted transfers (调拨明细) with both warehouses and the cost they carried. A user sees
 * a transfer when either warehouse is in their data scope: it moved stock into or out of theirs.
 */
export const allocationDetailReport = defineReport({
  url: '/report/allocationDetail',
  menu: '/report/allocation_detail',
  title: '调拨明细',
  summary: 'Posted transfer lines with the source and target warehouse, quantity and cost',
  filters: {
    beginTime: date.optional(),
    endTime: date.optional(),
    depotId: id.optional(),
    anotherDepotId: id.optional(),
    materialParam: text(100).optional(),
    number: text(50).optional(),
    /** the material's category or any below it */
    categoryId: id.optional(),
    /** 部门: transfers made by a member of the department (jshERP's organizationId) */
    organizationId: id.optional(),
  },
  columns: [
    { key: 'operTime', header: '单据日期', width: 20 },
    { key: 'number', header: '单据编号', width: 20 },
    { key: 'barCode', header: '条码' },
    { key: 'materialName', header: '名称', width: 20 },
    { key: 'standard', header: '规格' },
    { key: 'model', header: '型号' },
    { key: 'unit', header: '单位' },
    { key: 'depotName', header: '调出仓库' },
    { key: 'anotherDepotName', header: '调入仓库' },
    { key: 'batchNumber', header: '批号' },
    { key: 'qty', header: '数量' },
    { key: 'unitCost', header: '单位成本', price: true },
    { key: 'value', header: '成本金额', price: true },
    { key: 'remark', header: '备注' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = [`h.tenant_id = $1`, `h.doc_key = 'transfer'`, 'h.posted', 'not h.delete_flag', 'not i.delete_flag'];
    if (scope) {
      const p = q.v(scope);
      w.push(`(i.depot_id = any(${p}::bigint[]) or i.another_depot_id = any(${p}::bigint[]))`);
    }
    const own = ownDocs(q, session);
    if (own) w.push(own);
    if (f.beginTime) w.push(fromDate(q, 'h.oper_time', f.beginTime));
    if (f.endTime) w.push(upToEnd(q, 'h.oper_time', f.endTime));
    if (f.depotId) w.push(`i.depot_id = ${q.v(f.depotId)}`);
    if (f.anotherDepotId) w.push(`i.another_depot_id = ${q.v(f.anotherDepotId)}`);
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    if (f.number) w.push(contains(q, 'h.number', f.number));
    if (f.categoryId) w.push(inCategory(q, f.categoryId));
    if (f.organizationId) w.push(`h.creator in (select uo.user_id from user_org uo where uo.tenant_id = h.tenant_id and uo.org_id = ${q.v(f.organizationId)})`);
    return paged(tx, q.params, {
      select: `to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime", h.id as "headerId", h.number, ${MATERIAL_COLS},
        i.depot_id as "depotId", d.name as "depotName", i.another_depot_id as "anotherDepotId", d2.name as "anotherDepotName",
        i.batch_number as "batchNumber", i.basic_number::float8 as qty,
        (case when i.basic_number <> 0 then round(coalesce(lv.v, 0) / i.basic_number, 6) else 0 end)::float8 as "unitCost",
        coalesce(lv.v, 0)::float8 as value, i.remark`,
      // the value that left the source warehouse for this line, net of any reversal
      body: `from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
        ${materialJoin('i')} ${depotJoin('i')} ${depotJoin('i', 'another_depot_id', 'd2')}
        left join lateral (select -sum(l.value_change) as v from stock_ledger l
                            where l.tenant_id = i.tenant_id and l.header_id = i.header_id and l.item_id = i.id and l.depot_id = i.depot_id) lv on true
        where ${w.join(' and ')}`,
      order: 'h.oper_time, h.id, i.line_no',
      sums: { qty: 'i.basic_number', value: 'lv.v' },
      page,
    });
  },
  sheet: (r) => ({ after: [{ operTime: '合计', ...(r.sums as Row) }] }),
});
