import type { Tx } from '../../../platform/db/database.ts';
import { defineReport, paged, type Row } from './report.ts';
import { cover, piecesSql } from './summary-sql.ts';
import { days, depotJoin, id, inCategory, inScope, MATERIAL_COLS, materialJoin, materialMatch, Q, text, ITEM_COLUMNS } from './sql.ts';

/**
 * Stock older than N days (库龄分析, SPEC §2.2: 90 by default), FIFO: what is on hand is taken to
 * be what came in last, so the quantity on hand is attributed to the most recent receipts (net of
 * their reversals; a transfer-in is a receipt of the target warehouse). Receipts of the last N
 * days are the most recent ones, so old = on hand − those receipts (never below 0): only the last
 * N days of stock_day_summary are read for the whole report. Whatever no receipt explains (only possible
 * after negative stock) counts as old. The value is the old quantity at the moving-average cost,
 * the valuation the books use.
 */
export const inventoryAgeReport = defineReport({
  url: '/report/inventoryAge',
  menu: '/report/inventory_age',
  title: '库龄分析',
  summary: 'Stock older than N days per material and warehouse (FIFO over receipts) with its value and oldest receipt date',
  filters: { days: days.default(90), depotId: id.optional(), categoryId: id.optional(), materialParam: text(100).optional() },
  columns: [
    ...ITEM_COLUMNS,
    { key: 'qty', header: '库存数量' },
    { key: 'oldQty', header: '超期数量' },
    { key: 'oldValue', header: '超期金额', price: true },
    { key: 'oldestDate', header: '最早入库日期' },
    { key: 'ageDays', header: '最长库龄(天)' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = ['c.tenant_id = $1', 'c.qty > 0', inScope(q, 'c.depot_id', scope)];
    if (f.depotId) w.push(`c.depot_id = ${q.v(f.depotId)}`);
    if (f.categoryId) w.push(inCategory(q, f.categoryId));
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    // the material's columns only for its filters; the page's rows are joined to them late
    const material = f.categoryId || f.materialParam ? 'join material m on m.tenant_id = c.tenant_id and m.id = c.material_id' : '';
    // received on or after the start of this day is at most N days old
    const since = (await tx.one<{ d: string }>(`select to_char(current_date - $1::int, 'YYYY-MM-DD') as d`, [f.days]))!.d;
    const r = await paged(tx, q.params, {
      // recent's rows sorted before they are summed: PostgreSQL 15 hashes numeric sums per pair ~2× slower than it
      // sorts and streams them (bench:reports, 27,000 summary rows into 8,000 pairs), and the sorted sums merge with oh
      with: `oh as (select c.tenant_id, c.material_id, c.depot_id, c.qty, c.value from stock_cost c ${material} where ${w.join(' and ')}),
        recent as (select s.material_id, s.depot_id, sum(s.in_qty) as q from (${piecesSql(q, cover(since, undefined, false), () => [], ['in_qty'])} order by 1, 2) s
                    group by s.material_id, s.depot_id),
        g as (select oh.*, greatest(oh.qty - coalesce(recent.q, 0), 0) as old_qty, round(greatest(oh.qty - coalesce(recent.q, 0), 0) * oh.value / oh.qty, 6) as old_value
                from oh left join recent on recent.material_id = oh.material_id and recent.depot_id = oh.depot_id)`,
      select: `${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName", g.qty::float8 as qty, g.old_qty::float8 as "oldQty", g.old_value::float8 as "oldValue"`,
      body: `from g where g.old_qty > 0`,
      late: { alias: 'g', order: 'g.material_id, g.depot_id', joins: `${materialJoin('g')} ${depotJoin('g')}` },
      order: 'm.id, d.id',
      sums: { qty: 'g.qty', oldQty: 'g.old_qty', oldValue: 'g.old_value' },
      page,
    });
    const oldest = await oldestReceipts(tx, session.tenantId, r.rows);
    return { ...r, rows: r.rows.map((row) => ({ ...row, ...(oldest.get(`${row.materialId}:${row.depotId}`) ?? { oldestDate: null, ageDays: null }) })) };
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});

/**
 * The date of the oldest receipt still (partly) on hand, for the listed rows only: the receipts
 * newest first until they cover the pair's stock. The walk goes by year rows first
 * (stock_year_summary, migration 211: a year's receipts, net of their reversals, in one row), then by the month rows of
 * the year it stops in, then by the day rows of that month, so it reads a few rows per year of stock on hand — not one
 * per month (at 10,000,000 ledger rows with ten years on hand: ~120 rows per row listed, 13 ms a page; now 4 ms).
 * `later` carries what the newer pieces hold into the next level's running sum. Stock no receipt explains dates from
 * the oldest receipt. `offset 0` keeps the lateral walk from being inlined into each place its day is used.
 */
async function oldestReceipts(tx: Tx, tenantId: number, rows: Row[]): Promise<Map<string, { oldestDate: string | null; ageDays: number | null }>> {
  if (!rows.length) return new Map();
  const pair = 's.tenant_id = $1 and s.material_id = k.m and s.depot_id = k.d and s.in_qty > 0';
  /**
   * The newest piece of `table` (date column `col`, `span` conditions) at which the receipts reach k.qty: its date,
   * the next piece's (`next`, a column: as a plain date comparison it stays an index condition under the tenant
   * policy, where `day < at + interval` became a filter over every later row) and what the newer pieces hold.
   */
  const stop = (table: string, col: string, step: string, span: string, later: string) =>
    `select p.at, (p.at + interval '${step}')::date as next, p.cum - p.q as later
       from (select s.${col} as at, s.in_qty as q, ${later} + sum(s.in_qty) over (order by s.${col} desc rows unbounded preceding) as cum
               from ${table} s where ${pair}${span}) p
      where p.cum >= k.qty order by p.at desc limit 1`;
  const found = await tx.query<{ m: number; d: number; oldestDate: string; ageDays: number }>(
    `select k.m, k.d, to_char(x.day, 'YYYY-MM-DD') as "oldestDate", current_date - x.day as "ageDays"
       from unnest($2::bigint[], $3::bigint[], $4::numeric[]) as k(m, d, qty)
       cross join lateral (
         select coalesce(
           (select r.day
              from (${stop('stock_year_summary', 'year', '1 year', '', '0')}) y
              cross join lateral (${stop('stock_month_summary', 'month', '1 month', ' and s.month >= y.at and s.month < y.next', 'y.later')}) mo
              cross join lateral (
                select r.day from (select r.day, mo.later + sum(r.q) over (order by r.day desc rows unbounded preceding) as cum
                                     from (select s.day, sum(s.in_qty) as q from stock_day_summary s
                                            where ${pair} and s.day >= mo.at and s.day < mo.next
                                            group by s.day order by s.day desc) r) r
                 where r.cum >= k.qty limit 1) r),
           (select s.day from stock_day_summary s where ${pair} order by s.day limit 1)) as day
         offset 0) x
      where x.day is not null`,
    [tenantId, rows.map((r) => r.materialId), rows.map((r) => r.depotId), rows.map((r) => String(r.qty))],
  );
  return new Map(found.map((f) => [`${f.m}:${f.d}`, { oldestDate: f.oldestDate, ageDays: f.ageDays }]));
}
