import { z } from 'zod';
import { defineReport, paged, type Row } from './report.ts';
import { date, fromDate, id, inCategory, inScope, MATERIAL_COLS, MATERIAL_COLUMNS, materialJoin, materialMatch, ownDocs, Q, text, upToEnd } from './sql.ts';

/** The document that buys or sells and the one that returns it, per kind. */
const KINDS = {
  buy: { out: 'purchaseIn', back: 'purchaseBack' },
  sale: { out: 'saleOut', back: 'saleBack' },
  retail: { out: 'retailOut', back: 'retailBack' },
} as const;

/**
 * 采购统计 / 销售统计 / 零售统计 (jshERP's buyIn / saleOut / retailOut): per material, the quantity (basic units) and amount (the lines'
 * amounts before tax) bought or sold in a period, what was returned, and the net amount. Documents that
 * moved stock (posted, not deleted), by document date; within the user's warehouses and own-data scope.
 */
export const buySaleSummaryReport = defineReport({
  url: '/report/buySaleSummary',
  menu: ['/report/in_out_summary', '/report/in_out_detail'],
  title: '采购销售统计',
  summary: 'Per material: quantity and amount purchased (or sold) in a period, returned, and the net amount',
  filters: {
    kind: z.enum(['buy', 'sale', 'retail']),
    beginTime: date.optional(),
    endTime: date.optional(),
    organId: id.optional(),
    depotId: id.optional(),
    categoryId: id.optional(),
    materialParam: text(100).optional(),
  },
  columns: [
    ...MATERIAL_COLUMNS,
    { key: 'qty', header: '数量' },
    { key: 'amount', header: '金额', price: true },
    { key: 'backQty', header: '退货数量' },
    { key: 'backAmount', header: '退货金额', price: true },
    { key: 'netAmount', header: '实际金额', price: true },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const k = KINDS[f.kind];
    const w = ['h.tenant_id = $1', `h.doc_key in (${q.v(k.out)}, ${q.v(k.back)})`, 'h.posted', 'not h.delete_flag', inScope(q, 'i.depot_id', scope)];
    if (f.beginTime) w.push(fromDate(q, 'h.oper_time', f.beginTime));
    if (f.endTime) w.push(upToEnd(q, 'h.oper_time', f.endTime));
    if (f.organId) w.push(`h.organ_id = ${q.v(f.organId)}`);
    if (f.depotId) w.push(`i.depot_id = ${q.v(f.depotId)}`);
    const own = ownDocs(q, session);
    if (own) w.push(own);
    const outer = ['true'];
    if (f.materialParam) outer.push(materialMatch(q, f.materialParam));
    if (f.categoryId) outer.push(inCategory(q, f.categoryId));
    const back = `h.doc_key = '${k.back}'`;
    return paged(tx, q.params, {
      with: `g as (select h.tenant_id, i.material_id,
            coalesce(sum(i.basic_number) filter (where not ${back}), 0) as qty, coalesce(sum(i.all_price) filter (where not ${back}), 0) as amount,
            coalesce(sum(i.basic_number) filter (where ${back}), 0) as back_qty, coalesce(sum(i.all_price) filter (where ${back}), 0) as back_amount
          from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id
         where ${w.join(' and ')} group by h.tenant_id, i.material_id)`,
      select: `${MATERIAL_COLS}, g.qty::float8 as qty, g.amount::float8 as amount, g.back_qty::float8 as "backQty",
        g.back_amount::float8 as "backAmount", (g.amount - g.back_amount)::float8 as "netAmount"`,
      body: `from g ${materialJoin('g')} where ${outer.join(' and ')}`,
      order: 'm.name, m.id',
      sums: { qty: 'g.qty', amount: 'g.amount', backQty: 'g.back_qty', backAmount: 'g.back_amount', netAmount: 'g.amount - g.back_amount' },
      page,
    });
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
