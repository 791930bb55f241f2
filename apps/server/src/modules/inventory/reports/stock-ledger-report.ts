import { defineReport, paged, type Row } from './report.ts';
import { afterEnd, date, datedLedger, depotJoin, docLabel, fromDate, id, inScope, Q } from './sql.ts';

/**
 * The stock ledger of one material (库存台账): opening balance, every ledger row of the period
 * with the running balance, closing balance. Rows run in document-date order, so the running
 * balance is computed here rather than taken from qty_after (which is in posting order, and per
 * warehouse while this may cover several).
 */
export const stockLedgerReport = defineReport({
  url: '/report/stockLedger',
  menu: '/report/stock_ledger',
  title: '库存台账',
  summary: 'Ledger rows of one material (optionally one warehouse) with opening, running and closing balance',
  filters: { materialId: id, depotId: id.optional(), beginTime: date.optional(), endTime: date.optional() },
  columns: [
    { key: 'operTime', header: '日期', width: 20 },
    { key: 'number', header: '单据编号', width: 20 },
    { key: 'docType', header: '单据类型' },
    { key: 'depotName', header: '仓库' },
    { key: 'batchNumber', header: '批号' },
    { key: 'inQty', header: '入库数量' },
    { key: 'outQty', header: '出库数量' },
    { key: 'unitCost', header: '单位成本', price: true },
    { key: 'valueChange', header: '金额变动', price: true },
    { key: 'balanceQty', header: '结存数量' },
    { key: 'balanceValue', header: '结存金额', price: true },
    { key: 'reversal', header: '冲销' },
  ],
  alsoMask: ['value'],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const where = [`l.material_id = ${q.v(f.materialId)}`, inScope(q, 'l.depot_id', scope)];
    if (f.depotId) where.push(`l.depot_id = ${q.v(f.depotId)}`);
    const before = f.beginTime ? `not ${fromDate(q, 'mv.d', f.beginTime)}` : 'false';
    const after = f.endTime ? afterEnd(q, 'mv.d', f.endTime) : 'false';
    const cte = `mv as (${datedLedger(q, { where })}),
      x as (select mv.*, sum(mv.qty_change) over w as bal_qty, sum(mv.value_change) over w as bal_value,
                   ${before} as before_p, ${after} as after_p
              from mv window w as (order by mv.d, mv.id))`;
    const bal = (await tx.one<{ oq: number; ov: number; cq: number; cv: number }>(
      `with ${cte} select coalesce(sum(qty_change) filter (where before_p), 0)::float8 as oq, coalesce(sum(value_change) filter (where before_p), 0)::float8 as ov,
              coalesce(sum(qty_change) filter (where not after_p), 0)::float8 as cq, coalesce(sum(value_change) filter (where not after_p), 0)::float8 as cv from x`,
      q.params,
    ))!;
    const r = await paged(tx, q.params, {
      with: cte,
      select: `to_char(x.d, 'YYYY-MM-DD HH24:MI:SS') as "operTime", x.number, x.doc_key as "docKey", x.depot_id as "depotId", d.name as "depotName",
        nullif(x.batch_number, '') as "batchNumber",
        (case when x.inward then x.qty_change else 0 end)::float8 as "inQty", (case when x.inward then 0 else -x.qty_change end)::float8 as "outQty",
        x.unit_cost::float8 as "unitCost", x.value_change::float8 as "valueChange", x.bal_qty::float8 as "balanceQty",
        x.bal_value::float8 as "balanceValue", x.reversal`,
      body: `from x ${depotJoin('x', 'depot_id')} where not x.before_p and not x.after_p`,
      order: 'x.d, x.id',
      page,
    });
    return {
      rows: r.rows.map((row: Row) => ({ ...row, docType: docLabel(row.docKey as string) })),
      total: r.total,
      opening: { qty: bal.oq, value: bal.ov },
      closing: { qty: bal.cq, value: bal.cv },
    };
  },
  sheet: (r) => {
    const o = r.opening as { qty: number; value: number | null };
    const c = r.closing as { qty: number; value: number | null };
    return {
      before: [{ operTime: '期初结存', balanceQty: o.qty, balanceValue: o.value }],
      after: [{ operTime: '期末结存', balanceQty: c.qty, balanceValue: c.value }],
    };
  },
});
