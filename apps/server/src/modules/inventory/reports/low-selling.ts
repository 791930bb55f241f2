import { z } from 'zod';
import { defineReport, paged } from './report.ts';
import { days, daysAgo, id, inCategory, inScope, MATERIAL_COLS, MATERIAL_COLUMNS, materialJoin, materialMatch, Q, text } from './sql.ts';

// deleted documents are left out only so the partial index on (doc_key, oper_time) applies: their rows net to zero
const SALE_ROWS = ['l.tenant_id = $1', `h.doc_key in ('saleOut', 'retailOut')`, 'not h.delete_flag'];

/**
 * Materials in stock that sold least in the last N days (滞销商品), those that did not sell at all
 * first. Sold = sales and retail outbound quantity net of reversals (returns are not subtracted:
 * they say nothing about demand); in the warehouses asked about, within the data scope.
 */
export const lowSellingReport = defineReport({
  url: '/report/lowSelling',
  menu: '/report/low_selling',
  title: '滞销商品',
  summary: 'Materials with stock ranked by their sales outbound quantity over the last N days, lowest first, with the last sale date',
  filters: {
    days: days.default(90),
    /** only the N lowest sellers */
    limit: z.coerce.number().int().min(1).max(10000).optional(),
    depotId: id.optional(),
    categoryId: id.optional(),
    materialParam: text(100).optional(),
  },
  columns: [...MATERIAL_COLUMNS, { key: 'qty', header: '库存数量' }, { key: 'soldQty', header: '销售数量' }, { key: 'lastSaleDate', header: '最近销售日期' }],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const stockW = ['c.tenant_id = $1', inScope(q, 'c.depot_id', scope)];
    const saleW = [...SALE_ROWS, inScope(q, 'l.depot_id', scope)];
    if (f.depotId) {
      const p = q.v(f.depotId);
      stockW.push(`c.depot_id = ${p}`);
      saleW.push(`l.depot_id = ${p}`);
    }
    if (f.categoryId) stockW.push(inCategory(q, f.categoryId));
    if (f.materialParam) stockW.push(materialMatch(q, f.materialParam));
    const rank = (g: string) => `${g}sold_qty, ${g}qty desc, ${g}material_id`;
    const r = await paged(tx, q.params, {
      with: `st as (select c.tenant_id, c.material_id, sum(c.qty) as qty from stock_cost c join material m on m.tenant_id = c.tenant_id and m.id = c.material_id
                     where ${stockW.join(' and ')} group by c.tenant_id, c.material_id having sum(c.qty) > 0),
        sold as (select l.material_id, -sum(l.qty_change) as q from stock_ledger l join depot_head h on h.tenant_id = l.tenant_id and h.id = l.header_id
                  where ${saleW.join(' and ')} and h.oper_time >= ${daysAgo(q.v(f.days))} group by l.material_id),
        g as (select st.tenant_id, st.material_id, st.qty, coalesce(sold.q, 0) as sold_qty from st left join sold on sold.material_id = st.material_id
               order by ${rank('')} ${f.limit ? `limit ${f.limit}` : ''})`,
      select: `${MATERIAL_COLS}, g.qty::float8 as qty, g.sold_qty::float8 as "soldQty"`,
      body: `from g ${materialJoin('g')}`,
      order: rank('g.'),
      page,
    });
    if (!r.rows.length) return r;
    // the last sale ever, for the listed materials only (it reads their whole sales history)
    const lq = new Q(session.tenantId);
    const lw = [...SALE_ROWS, inScope(lq, 'l.depot_id', scope), 'h.posted', `l.material_id = any(${lq.v(r.rows.map((x) => x.materialId))}::bigint[])`];
    if (f.depotId) lw.push(`l.depot_id = ${lq.v(f.depotId)}`);
    const last = await tx.query<{ m: number; last: string }>(
      `select l.material_id as m, to_char(max(h.oper_time), 'YYYY-MM-DD') as last
         from stock_ledger l join depot_head h on h.tenant_id = l.tenant_id and h.id = l.header_id where ${lw.join(' and ')} group by l.material_id`,
      lq.params,
    );
    const byId = new Map(last.map((x) => [x.m, x.last]));
    return { ...r, rows: r.rows.map((x) => ({ ...x, lastSaleDate: byId.get(x.materialId as number) ?? null })) };
  },
});
