import type { Tx } from '../../../platform/db/database.ts';
import type { Row } from './report.ts';
import { depotJoin, MATERIAL_COLS, materialJoin, type Q } from './sql.ts';

/** A period's sums of periodMoves rows `p` (tail included): after the end, and in / out within the period. */
const SUMS = `coalesce(sum(p.in_qty - p.out_qty) filter (where p.after), 0) as after_q, coalesce(sum(p.in_value - p.out_value) filter (where p.after), 0) as after_v,
  coalesce(sum(p.in_qty) filter (where not p.after), 0) as in_qty, coalesce(sum(p.in_value) filter (where not p.after), 0) as in_value,
  coalesce(sum(p.out_qty) filter (where not p.after), 0) as out_qty, coalesce(sum(p.out_value) filter (where not p.after), 0) as out_value`;
const KEY = 'material_id, depot_id';
const SUM_KEYS = ['openingQty', 'openingValue', 'inQty', 'inValue', 'outQty', 'outValue', 'closingQty', 'closingValue'] as const;

/**
 * 出入库汇总 without a type filter, an own-data role or a material filter: every movement in the period
 * counts, so closing = current stock − what came after the period, opening = closing − in + out. Then a
 * row is all zero (and left out) only if the pair has no stock now or moved after the period (the few
 * pairs `k`), and no other pair needs its movements summed per pair: the count is the pairs less the
 * all-zero ones of `k`, the sums are sums over all rows (an all-zero row adds nothing), and only the
 * page's pairs are summed one by one. bench:reports at 10,000,000 ledger rows: 31 ms a page instead of
 * 77 ms for the grouping of every pair (the general path in in-out.ts, which a test compares this with).
 */
export async function inOutByPairs(tx: Tx, q: Q, mv: string, stock: string[], page: { limit: number; offset: number }) {
  const rows = await tx.query<Row>(
    `with p as materialized (select p.material_id, p.depot_id, p.after, p.in_qty, p.in_value, p.out_qty, p.out_value from (${mv}) p),
      c as (select c.tenant_id, c.material_id, c.depot_id, c.qty, c.value from stock_cost c where ${stock.join(' and ')}),
      k as (select ${KEY} from c where qty = 0 and value = 0 union select ${KEY} from p where after),
      zero as (select c.material_id, c.depot_id from c join k using (${KEY})
          left join (select p.material_id, p.depot_id, ${SUMS} from p where (${KEY}) in (select ${KEY} from k) group by 1, 2) a using (${KEY})
         where c.qty = coalesce(a.after_q, 0) and c.value = coalesce(a.after_v, 0)
           and coalesce(a.in_qty, 0) = 0 and coalesce(a.in_value, 0) = 0 and coalesce(a.out_qty, 0) = 0 and coalesce(a.out_value, 0) = 0),
      pg as (select c.* from c where not exists (select from zero z where z.material_id = c.material_id and z.depot_id = c.depot_id)
              order by ${KEY} limit ${q.v(page.limit)} offset ${q.v(page.offset)}),
      a as (select p.material_id, p.depot_id, ${SUMS} from p where (${KEY}) in (select ${KEY} from pg) group by 1, 2),
      t as (select count(*) as n, coalesce(sum(c.qty), 0) as q, coalesce(sum(c.value), 0) as v from c),
      s as (select ${SUMS} from p)
    select (t.n - (select count(*) from zero))::int as "__total",
      (t.q - s.in_qty + s.out_qty - s.after_q)::float8 as "__openingQty", (t.v - s.in_value + s.out_value - s.after_v)::float8 as "__openingValue",
      s.in_qty::float8 as "__inQty", s.in_value::float8 as "__inValue", s.out_qty::float8 as "__outQty", s.out_value::float8 as "__outValue",
      (t.q - s.after_q)::float8 as "__closingQty", (t.v - s.after_v)::float8 as "__closingValue", r.*
    from t cross join s left join lateral (
      select ${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName",
        (g.qty - coalesce(a.in_qty - a.out_qty + a.after_q, 0))::float8 as "openingQty", (g.value - coalesce(a.in_value - a.out_value + a.after_v, 0))::float8 as "openingValue",
        coalesce(a.in_qty, 0)::float8 as "inQty", coalesce(a.in_value, 0)::float8 as "inValue", coalesce(a.out_qty, 0)::float8 as "outQty", coalesce(a.out_value, 0)::float8 as "outValue",
        (g.qty - coalesce(a.after_q, 0))::float8 as "closingQty", (g.value - coalesce(a.after_v, 0))::float8 as "closingValue"
      from pg g left join a using (${KEY}) ${materialJoin('g')} ${depotJoin('g')}) r on true
    order by r."materialId", r."depotId"`,
    q.params,
  );
  const first = rows[0]!; // one row even past the last page: the totals, with the page's columns null
  const sums = Object.fromEntries(SUM_KEYS.map((k) => [k, first[`__${k}`]]));
  const total = first.__total as number;
  for (const r of rows) for (const k of ['__total', ...SUM_KEYS.map((x) => `__${x}`)]) delete r[k];
  return { rows: rows.filter((r) => r.materialId !== null), total, sums };
}
