// The report as it read the ledger before issue 12: the figures the summary-based report must equal.
import type { z } from 'zod';
import { paged, type ReportDef, type Row } from '../../report.ts';
import {
  afterEnd,
  contains,
  date,
  datedLedger,
  depotJoin,
  docKeyList,
  docLabel,
  id,
  inCategory,
  inScope,
  MATERIAL_COLS,
  materialJoin,
  materialMatch,
  Q,
  text,
  ITEM_COLUMNS,
  ownMovement,
} from '../../sql.ts';

const common = {
  beginTime: date.optional(),
  endTime: date.optional(),
  depotId: id.optional(),
  materialId: id.optional(),
  materialParam: text(100).optional(),
  /** comma-separated document type keys (saleOut, purchaseIn, transfer…; opening for opening stock) */
  docType: docKeyList.optional(),
};

function ledgerFilter(q: Q, scope: number[] | null, f: { depotId?: number; materialId?: number }): string[] {
  const where = [inScope(q, 'l.depot_id', scope)];
  if (f.depotId) where.push(`l.depot_id = ${q.v(f.depotId)}`);
  if (f.materialId) where.push(`l.material_id = ${q.v(f.materialId)}`);
  return where;
}

const QTY_VALUE_SUMS = { inQty: 'g.in_qty', inValue: 'g.in_value', outQty: 'g.out_qty', outValue: 'g.out_value' };

/**
 * Posted document lines in the period (出入库明细), one row per line, warehouse and batch, with
 * the quantity and cost they moved: taken from the ledger, so a count shows its difference, a
 * transfer its two sides, and a line posted, reversed and posted again shows once.
 */
const defineReport = <S extends z.ZodRawShape>(d: ReportDef<S>) => d;

export const inOutDetailReport = defineReport({
  url: '/report/inOutDetail',
  menu: '/report/in_out_detail',
  title: '出入库明细',
  summary: 'Posted document lines in a period with the quantity and cost each moved in or out',
  filters: { ...common, number: text(50).optional() },
  columns: [
    { key: 'operTime', header: '单据日期', width: 20 },
    { key: 'number', header: '单据编号', width: 20 },
    { key: 'docType', header: '单据类型' },
    { key: 'organName', header: '往来单位' },
    ...ITEM_COLUMNS,
    { key: 'batchNumber', header: '批号' },
    { key: 'inQty', header: '入库数量' },
    { key: 'inValue', header: '入库成本', price: true },
    { key: 'outQty', header: '出库数量' },
    { key: 'outValue', header: '出库成本', price: true },
    { key: 'allPrice', header: '单据金额', price: true },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const docKeys = f.docType ? f.docType.split(',') : undefined;
    const mv = datedLedger(q, { where: ledgerFilter(q, scope, f), begin: f.beginTime, end: f.endTime, docKeys });
    const w = ['true'];
    const own = ownMovement(q, session, 'g');
    if (own) w.push(own);
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    if (f.number) w.push(contains(q, 'g.number', f.number));
    const r = await paged(tx, q.params, {
      with: `g as (select mv.tenant_id, mv.header_id, mv.item_id, mv.material_id, mv.depot_id, mv.batch_number, mv.d, mv.doc_key, mv.number, mv.organ_id,
          min(mv.id) as first_id,
          coalesce(sum(mv.qty_change) filter (where mv.inward), 0) as in_qty, coalesce(sum(mv.value_change) filter (where mv.inward), 0) as in_value,
          coalesce(-sum(mv.qty_change) filter (where not mv.inward), 0) as out_qty, coalesce(-sum(mv.value_change) filter (where not mv.inward), 0) as out_value
        from (${mv}) mv
        group by mv.tenant_id, mv.header_id, mv.item_id, mv.material_id, mv.depot_id, mv.batch_number, mv.d, mv.doc_key, mv.number, mv.organ_id
        having sum(mv.qty_change) <> 0 or sum(mv.value_change) <> 0)`,
      select: `to_char(g.d, 'YYYY-MM-DD HH24:MI:SS') as "operTime", g.header_id as "headerId", g.number, g.doc_key as "docKey", p.name as "organName",
        ${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName", nullif(g.batch_number, '') as "batchNumber",
        g.in_qty::float8 as "inQty", g.in_value::float8 as "inValue", g.out_qty::float8 as "outQty", g.out_value::float8 as "outValue",
        i.all_price::float8 as "allPrice"`,
      body: `from g ${materialJoin('g')} ${depotJoin('g')}
        left join partner p on p.tenant_id = g.tenant_id and p.id = g.organ_id
        left join depot_item i on i.tenant_id = g.tenant_id and i.id = g.item_id
        where ${w.join(' and ')}`,
      order: 'g.d, g.first_id',
      sums: QTY_VALUE_SUMS,
      page,
    });
    return { ...r, rows: r.rows.map((row: Row) => ({ ...row, docType: docLabel(row.docKey as string) })) };
  },
  sheet: (r) => ({ after: [{ operTime: '合计', ...(r.sums as Row) }] }),
});

/**
 * Per material and warehouse (出入库汇总): opening, in, out and closing for the period. The closing
 * balance is worked back from the current one (stock_cost) minus what was posted after the period,
 * so only ledger rows dated from beginTime on are read. A docType filter narrows the in/out columns
 * only; opening and closing stay the whole stock, so then opening + in − out ≠ closing.
 */
export const inOutSummaryReport = defineReport({
  url: '/report/inOutSummary',
  menu: '/report/in_out_summary',
  title: '出入库汇总',
  summary: 'Opening, in, out and closing quantity and value per material and warehouse for a period',
  filters: { ...common, categoryId: id.optional() },
  columns: [
    ...ITEM_COLUMNS,
    { key: 'openingQty', header: '期初数量' },
    { key: 'openingValue', header: '期初金额', price: true },
    { key: 'inQty', header: '入库数量' },
    { key: 'inValue', header: '入库金额', price: true },
    { key: 'outQty', header: '出库数量' },
    { key: 'outValue', header: '出库金额', price: true },
    { key: 'closingQty', header: '期末数量' },
    { key: 'closingValue', header: '期末金额', price: true },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const mv = datedLedger(q, { where: ledgerFilter(q, scope, f), begin: f.beginTime });
    const after = f.endTime ? afterEnd(q, 'mv.d', f.endTime) : 'false';
    // a type filter (and an own-data role) counts only those documents in and out; opening and closing stay the whole stock
    const own = ownMovement(q, session, 'mv');
    const counted = [f.docType ? `mv.doc_key = any(${q.v(f.docType.split(','))}::text[])` : 'true', ...(own ? [own] : [])].join(' and ');
    const w = ['c.tenant_id = $1', inScope(q, 'c.depot_id', scope)];
    if (f.depotId) w.push(`c.depot_id = ${q.v(f.depotId)}`);
    if (f.materialId) w.push(`c.material_id = ${q.v(f.materialId)}`);
    const outer = [
      '(g.open_q <> 0 or g.open_v <> 0 or g.in_qty <> 0 or g.in_value <> 0 or g.out_qty <> 0 or g.out_value <> 0 or g.close_q <> 0 or g.close_v <> 0)',
    ];
    if (f.materialParam) outer.push(materialMatch(q, f.materialParam));
    if (f.categoryId) outer.push(inCategory(q, f.categoryId));
    const r = await paged(tx, q.params, {
      with: `a as (select mv.material_id, mv.depot_id, sum(mv.qty_change) as since_q, sum(mv.value_change) as since_v,
            coalesce(sum(mv.qty_change) filter (where mv.after_p), 0) as after_q, coalesce(sum(mv.value_change) filter (where mv.after_p), 0) as after_v,
            coalesce(sum(mv.qty_change) filter (where mv.period and mv.inward), 0) as in_qty,
            coalesce(sum(mv.value_change) filter (where mv.period and mv.inward), 0) as in_value,
            coalesce(-sum(mv.qty_change) filter (where mv.period and not mv.inward), 0) as out_qty,
            coalesce(-sum(mv.value_change) filter (where mv.period and not mv.inward), 0) as out_value
          from (select mv.*, ${after} as after_p, not ${after} and ${counted} as period from (${mv}) mv) mv
          group by mv.material_id, mv.depot_id),
        g as (select c.tenant_id, c.material_id, c.depot_id,
            c.qty - coalesce(a.since_q, 0) as open_q, c.value - coalesce(a.since_v, 0) as open_v,
            coalesce(a.in_qty, 0) as in_qty, coalesce(a.in_value, 0) as in_value, coalesce(a.out_qty, 0) as out_qty, coalesce(a.out_value, 0) as out_value,
            c.qty - coalesce(a.after_q, 0) as close_q, c.value - coalesce(a.after_v, 0) as close_v
          from stock_cost c left join a on a.material_id = c.material_id and a.depot_id = c.depot_id where ${w.join(' and ')})`,
      select: `${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName",
        g.open_q::float8 as "openingQty", g.open_v::float8 as "openingValue", g.in_qty::float8 as "inQty", g.in_value::float8 as "inValue",
        g.out_qty::float8 as "outQty", g.out_value::float8 as "outValue", g.close_q::float8 as "closingQty", g.close_v::float8 as "closingValue"`,
      body: `from g ${materialJoin('g')} ${depotJoin('g')} where ${outer.join(' and ')}`,
      order: 'm.id, d.id',
      sums: { openingQty: 'g.open_q', openingValue: 'g.open_v', ...QTY_VALUE_SUMS, closingQty: 'g.close_q', closingValue: 'g.close_v' },
      page,
    });
    return r;
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
