import { ownDataOnly } from '../../../platform/auth/own-data.ts';
import { defineReport, paged, type Row } from './report.ts';
import { date, docKeyList, id, inCategory, inScope, MATERIAL_COLS, materialJoin, materialMatch, depotJoin, Q, text, ITEM_COLUMNS, ownMovement } from './sql.ts';
import { periodMoves } from './summary-sql.ts';
import { inOutByPairs } from './in-out-pairs.ts';

export const common = {
  beginTime: date.optional(),
  endTime: date.optional(),
  depotId: id.optional(),
  materialId: id.optional(),
  materialParam: text(100).optional(),
  /** comma-separated document type keys (saleOut, purchaseIn, transfer…; opening for opening stock) */
  docType: docKeyList.optional(),
};

/** The warehouse scope and the depot / material filters on a ledger or summary alias. */
export function ledgerFilter(q: Q, scope: number[] | null, f: { depotId?: number; materialId?: number }, alias = 'l'): string[] {
  const where = [inScope(q, `${alias}.depot_id`, scope)];
  if (f.depotId) where.push(`${alias}.depot_id = ${q.v(f.depotId)}`);
  if (f.materialId) where.push(`${alias}.material_id = ${q.v(f.materialId)}`);
  return where;
}

export const QTY_VALUE_SUMS = { inQty: 'g.in_qty', inValue: 'g.in_value', outQty: 'g.out_qty', outValue: 'g.out_value' };

/**
 * Per material and warehouse (出入库汇总): opening, in, out and closing for the period. The closing
 * balance is worked back from the current one (stock_cost) minus what was posted after the period,
 * so only movements dated from beginTime on are read, from the summaries (summary-sql.ts). A docType filter narrows the in/out columns
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
    // a type filter (and an own-data role) counts only those documents in and out; opening and closing stay the whole stock
    const own = ownDataOnly(session) ? (alias: string) => ownMovement(q, session, alias)! : undefined;
    const mv = periodMoves(q, { begin: f.beginTime, end: f.endTime, tail: true, where: (a) => ledgerFilter(q, scope, f, a), own, byType: !!f.docType });
    const counted = ['mv.own', ...(f.docType ? [`mv.doc_key = any(${q.v(f.docType.split(','))}::text[])`] : [])].join(' and ');
    // since the begin date = in − out of the period + after the end + what the period does not count (only with a type
    // filter or an own-data role): two aggregates fewer per row in the common case
    const rest =
      own || f.docType
        ? `coalesce(sum(mv.in_qty - mv.out_qty) filter (where not mv.after and not mv.period), 0) as rest_q,
            coalesce(sum(mv.in_value - mv.out_value) filter (where not mv.after and not mv.period), 0) as rest_v`
        : '0 as rest_q, 0 as rest_v';
    const w = ['c.tenant_id = $1', inScope(q, 'c.depot_id', scope)];
    if (f.depotId) w.push(`c.depot_id = ${q.v(f.depotId)}`);
    if (f.materialId) w.push(`c.material_id = ${q.v(f.materialId)}`);
    const byMaterial = !!(f.materialParam || f.categoryId);
    if (!own && !f.docType && !byMaterial) return inOutByPairs(tx, q, mv, w, page);
    const outer = [
      '(g.open_q <> 0 or g.open_v <> 0 or g.in_qty <> 0 or g.in_value <> 0 or g.out_qty <> 0 or g.out_value <> 0 or g.close_q <> 0 or g.close_v <> 0)',
    ];
    if (f.materialParam) outer.push(materialMatch(q, f.materialParam));
    if (f.categoryId) outer.push(inCategory(q, f.categoryId));
    const r = await paged(tx, q.params, {
      with: `a as (select a.*, a.in_qty - a.out_qty + a.after_q + a.rest_q as since_q, a.in_value - a.out_value + a.after_v + a.rest_v as since_v
          from (select mv.material_id, mv.depot_id,
            coalesce(sum(mv.in_qty - mv.out_qty) filter (where mv.after), 0) as after_q, coalesce(sum(mv.in_value - mv.out_value) filter (where mv.after), 0) as after_v,
            coalesce(sum(mv.in_qty) filter (where mv.period), 0) as in_qty, coalesce(sum(mv.in_value) filter (where mv.period), 0) as in_value,
            coalesce(sum(mv.out_qty) filter (where mv.period), 0) as out_qty, coalesce(sum(mv.out_value) filter (where mv.period), 0) as out_value,
            ${rest}
          from (select mv.*, not mv.after and ${counted} as period from (${mv}) mv) mv
          group by mv.material_id, mv.depot_id) a),
        g as (select c.tenant_id, c.material_id, c.depot_id,
            c.qty - coalesce(a.since_q, 0) as open_q, c.value - coalesce(a.since_v, 0) as open_v,
            coalesce(a.in_qty, 0) as in_qty, coalesce(a.in_value, 0) as in_value, coalesce(a.out_qty, 0) as out_qty, coalesce(a.out_value, 0) as out_value,
            c.qty - coalesce(a.after_q, 0) as close_q, c.value - coalesce(a.after_v, 0) as close_v
          from stock_cost c left join a on a.material_id = c.material_id and a.depot_id = c.depot_id where ${w.join(' and ')})`,
      select: `${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName",
        g.open_q::float8 as "openingQty", g.open_v::float8 as "openingValue", g.in_qty::float8 as "inQty", g.in_value::float8 as "inValue",
        g.out_qty::float8 as "outQty", g.out_value::float8 as "outValue", g.close_q::float8 as "closingQty", g.close_v::float8 as "closingValue"`,
      // a material filter needs the material's columns for every row; otherwise only the page's rows are joined
      ...(byMaterial
        ? { body: `from g ${materialJoin('g')} ${depotJoin('g')} where ${outer.join(' and ')}` }
        : {
            body: `from g where ${outer.join(' and ')}`,
            late: { alias: 'g', order: 'g.material_id, g.depot_id', joins: `${materialJoin('g')} ${depotJoin('g')}` },
          }),
      order: 'm.id, d.id',
      sums: { openingQty: 'g.open_q', openingValue: 'g.open_v', ...QTY_VALUE_SUMS, closingQty: 'g.close_q', closingValue: 'g.close_v' },
      page,
    });
    return r;
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
