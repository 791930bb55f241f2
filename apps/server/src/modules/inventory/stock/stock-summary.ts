import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';

/** A ledger row as the posting wrote it. */
export interface PostedRow {
  itemId: number | null;
  materialId: number;
  depotId: number;
  batch: string;
  qty: Decimal;
  value: Decimal;
}

type Sums = { m: number; d: number; inQ: Decimal; inV: Decimal; outQ: Decimal; outV: Decimal; lines: number };

/** The month or year rows' upsert: the day rows' sums without the document type, keyed by the period's first day. */
const periodUpsert = (cte: string, unit: 'month' | 'year') =>
  `${cte} as (insert into stock_${unit}_summary as s (tenant_id, material_id, depot_id, ${unit}, in_qty, in_value, out_qty, out_value, lines)
       select $1, x.m, x.d, date_trunc('${unit}', x.day)::date, x.iq, x.iv, x.oq, x.ov, x.n from sx x order by x.o
       on conflict (tenant_id, material_id, depot_id, ${unit}) do update
          set in_qty = s.in_qty + excluded.in_qty, in_value = s.in_value + excluded.in_value,
              out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines)`;

/**
 * The part of the posting statement (stock-ledger.ts writePost) that adds a post's ledger rows to
 * stock_day_summary (db/migrations/040), stock_month_summary (041) and stock_year_summary (211): sibling CTEs, each
 * table upserted in (material, warehouse) order — the post already holds those stock_cost rows, so concurrent posts
 * cannot deadlock here. The day and type are the document's (opening stock: today).
 * `lines` counts detail rows: +1 per line, warehouse and batch a post leaves non-zero, −1 per reversal row.
 */
export function stockSummaryCtes(rows: PostedRow[], reversal: boolean, first: number): { sql: string; params: unknown[] } {
  const sums = new Map<string, Sums>();
  const net = new Map<string, { s: Sums; q: Decimal; v: Decimal }>();
  for (const r of rows) {
    const k = `${r.materialId}:${r.depotId}`;
    let s = sums.get(k);
    if (!s)
      sums.set(k, (s = { m: r.materialId, d: r.depotId, inQ: new Decimal(0), inV: new Decimal(0), outQ: new Decimal(0), outV: new Decimal(0), lines: 0 }));
    // the ledger's direction rule (reports/sql.ts INWARD): a reversal keeps the direction of what it undoes
    const inward = (r.qty.gt(0) || (r.qty.isZero() && r.value.gt(0))) !== reversal;
    if (inward) [s.inQ, s.inV] = [s.inQ.plus(r.qty), s.inV.plus(r.value)];
    else [s.outQ, s.outV] = [s.outQ.minus(r.qty), s.outV.minus(r.value)];
    if (reversal) s.lines--;
    else {
      const g = `${k}:${r.itemId}:${r.batch}`;
      const n = net.get(g) ?? { s, q: new Decimal(0), v: new Decimal(0) };
      net.set(g, { s, q: n.q.plus(r.qty), v: n.v.plus(r.value) });
    }
  }
  for (const n of net.values()) if (!n.q.isZero() || !n.v.isZero()) n.s.lines++;
  const keyed = [...sums.values()].sort((a, b) => a.m - b.m || a.d - b.d);
  // $1 is the company and $2 the header, as in the statement these join; the arrays from $first on
  const p = (n: number) => `$${first + n}`;
  return {
    sql: `sx as (select x.*, coalesce(h.day, current_date) as day, coalesce(h.doc_key, 'opening') as doc_key
                from unnest(${p(0)}::bigint[], ${p(1)}::bigint[], ${p(2)}::numeric[], ${p(3)}::numeric[], ${p(4)}::numeric[], ${p(5)}::numeric[], ${p(6)}::int[])
                     with ordinality as x(m, d, iq, iv, oq, ov, n, o)
                left join (select oper_time::date as day, doc_key from depot_head where tenant_id = $1 and id = $2) h on true),
     sday as (insert into stock_day_summary as s (tenant_id, material_id, depot_id, day, doc_key, in_qty, in_value, out_qty, out_value, lines)
              select $1, x.m, x.d, x.day, x.doc_key, x.iq, x.iv, x.oq, x.ov, x.n from sx x order by x.o
              on conflict (tenant_id, material_id, depot_id, day, doc_key) do update
                 set in_qty = s.in_qty + excluded.in_qty, in_value = s.in_value + excluded.in_value,
                     out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines),
     ${periodUpsert('smonth', 'month')},
     ${periodUpsert('syear', 'year')}`,
    params: [
      keyed.map((s) => s.m),
      keyed.map((s) => s.d),
      keyed.map((s) => s.inQ.toFixed()),
      keyed.map((s) => s.inV.toFixed()),
      keyed.map((s) => s.outQ.toFixed()),
      keyed.map((s) => s.outV.toFixed()),
      keyed.map((s) => s.lines),
    ],
  };
}

/** Recomputes a company's summary rows from the ledger and the documents (`npm run rebuild-summaries`). */
export async function rebuildSummaries(tx: Tx, tenantId: number): Promise<void> {
  await tx.query('select erp_rebuild_summaries($1::bigint)', [tenantId]);
  // from the month rows just rebuilt: a statement of its own, so it reads them as rebuilt
  await tx.query('select erp_rebuild_year_summaries($1::bigint)', [tenantId]);
  await rebuildAreaBalances(tx, tenantId);
}

/**
 * stock_area_balance from the append-only stock_area_move (issue 24): the sum per key, and first_in the date of the
 * document (or area transfer, header_id < 0) of the first move after the balance was last empty, moves in id order as
 * the posts wrote them. A post whose document's date was edited afterwards gives the new date (the post kept the old).
 */
async function rebuildAreaBalances(tx: Tx, tenantId: number): Promise<void> {
  await tx.query('delete from stock_area_balance where tenant_id = $1', [tenantId]);
  await tx.query(
    `with mv as (
       select m.id, m.material_id, m.depot_id, m.area_id, m.batch_number, m.qty_change,
              coalesce(h.oper_time::date, t.oper_time::date, m.created_at::date) as day,
              sum(m.qty_change) over (partition by m.material_id, m.depot_id, m.area_id, m.batch_number order by m.id) as running
         from stock_area_move m
         left join depot_head h on h.tenant_id = m.tenant_id and h.id = m.header_id
         left join stock_area_transfer t on t.tenant_id = m.tenant_id and t.id = -m.header_id
        where m.tenant_id = $1
     ), k as (
       select material_id, depot_id, area_id, batch_number, sum(qty_change) as qty, coalesce(max(id) filter (where running <= 0), 0) as last_empty
         from mv group by 1, 2, 3, 4
     )
     insert into stock_area_balance(tenant_id, material_id, depot_id, area_id, batch_number, qty, first_in)
     select $1, k.material_id, k.depot_id, k.area_id, k.batch_number, k.qty,
            case when k.qty > 0 then (select mv.day from mv where mv.material_id = k.material_id and mv.depot_id = k.depot_id and mv.area_id = k.area_id
                                        and mv.batch_number = k.batch_number and mv.id > k.last_empty order by mv.id limit 1) end
       from k order by 2, 3, 4, 5`,
    [tenantId],
  );
}
