import type pg from 'pg';
import { seedTenant } from './seed-lists.ts';

/**
 * One company's history for the report benchmark, set-based (INSERT … SELECT generate_series): the
 * materials and partners of the list benchmark, 4 warehouses, `docs` documents of 10 lines spread
 * evenly over the `days` days up to now (purchases 30 %, sales 50 %, sales returns 10 %, other
 * outbound 10 %), one ledger row per line valued at the material's purchase price, balances summed
 * from the ledger, limits on every 20th material in the first warehouse, and the summary rows made
 * by the rebuild the product ships (erp_rebuild_summaries, timed). Every value is a pure function of
 * the row number. Foreign keys are not checked during the load (session_replication_role), they hold
 * by construction.
 */
export async function seedReports(c: pg.Client, tenantId: number, o: { materials: number; docs: number; days: number }) {
  const t = { load: 0, summaries: 0 };
  const t0 = performance.now();
  await c.query("set session_replication_role = replica; set maintenance_work_mem = '512MB'; set synchronous_commit = off");
  await seedTenant(c, tenantId, o.materials);
  await c.query(`insert into depot (tenant_id, name, sort) select $1, '仓库' || g, g::text from generate_series(1, 4) g`, [tenantId]);
  const ids = async (sql: string) => (await c.query<{ ids: number[] }>(sql, [tenantId])).rows[0].ids.map(Number);
  const depots = await ids('select array_agg(id order by id) as ids from depot where tenant_id = $1');
  const partners = await ids(`select array_agg(id order by id) as ids from partner where tenant_id = $1 and type <> '会员'`);
  const mats = await c.query<{ m: number[]; e: number[] }>(
    `select array_agg(m.id order by m.id) as m, array_agg(e.id order by m.id) as e from material m
       join material_extend e on e.tenant_id = m.tenant_id and e.material_id = m.id and e.default_flag where m.tenant_id = $1`,
    [tenantId],
  );
  const kind = `(array['purchaseIn','purchaseIn','purchaseIn','saleOut','saleOut','saleOut','saleOut','saleOut','saleBack','otherOut'])[1 + g % 10]`;
  await c.query(
    `insert into depot_head (tenant_id, doc_key, type, sub_type, number, oper_time, organ_id, total_price, discount_last_money, debt, status, posted)
     select $1, k, case when k in ('purchaseIn', 'saleBack') then '入库' else '出库' end,
            case k when 'purchaseIn' then '采购' when 'saleOut' then '销售' when 'saleBack' then '销售退货' else '其它' end,
            'B' || lpad(g::text, 10, '0'), now() - (($2 - g)::float8 / $2) * $3 * interval '1 day',
            ($4::bigint[])[1 + g % cardinality($4::bigint[])], (g * 7919) % 100000 / 100.0, (g * 7919) % 100000 / 100.0,
            case when g % 4 = 0 then (g * 7919) % 100000 / 200.0 else 0 end, '1', true
       from generate_series(1, $2::bigint) g, lateral (select ${kind} as k) x`,
    [tenantId, o.docs, o.days, partners],
  );
  await c.query(
    `insert into depot_item (tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number, unit_price, all_price, depot_id)
     select h.tenant_id, h.id, n, ($2::bigint[])[p], ($3::bigint[])[p], '个', q, q, price, q * price, ($4::bigint[])[1 + (h.id + n) % 4]
       from depot_head h cross join generate_series(1, 10) n,
            lateral (select 1 + mod(hashint8(h.id * 10 + n)::bigint + 2147483648, cardinality($2::bigint[]))::int as p,
                            case when h.doc_key = 'purchaseIn' then 1 + (h.id + n) % 20 else 1 + (h.id + n) % 5 end as q) x,
            lateral (select (($2::bigint[])[p] * 7) % 10000 / 100.0 + 1 as price) y
      where h.tenant_id = $1`,
    [tenantId, mats.rows[0].m, mats.rows[0].e, depots],
  );
  await c.query(
    `insert into stock_ledger (tenant_id, header_id, item_id, material_id, depot_id, qty_change, unit_cost, value_change, qty_after, value_after, reason, created_at)
     select i.tenant_id, i.header_id, i.id, i.material_id, i.depot_id, s * i.basic_number, i.unit_price, s * i.basic_number * i.unit_price, 0, 0, h.doc_key, h.oper_time
       from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id,
            lateral (select case when h.doc_key in ('purchaseIn', 'saleBack') then 1 else -1 end as s) x
      where i.tenant_id = $1`,
    [tenantId],
  );
  await c.query(
    `with c as (insert into stock_cost (tenant_id, material_id, depot_id, qty, value)
                select tenant_id, material_id, depot_id, sum(qty_change), sum(value_change) from stock_ledger where tenant_id = $1 group by 1, 2, 3)
     insert into stock_balance (tenant_id, material_id, depot_id, batch_number, qty)
     select tenant_id, material_id, depot_id, '', sum(qty_change) from stock_ledger where tenant_id = $1 group by 1, 2, 3`,
    [tenantId],
  );
  await c.query(
    `insert into material_initial_stock (tenant_id, material_id, depot_id, low_safe_stock, high_safe_stock)
     select $1, m, $3, 10, 500 from unnest($2::bigint[]) with ordinality as x(m, o) where o % 20 = 0`,
    [tenantId, mats.rows[0].m, depots[0]],
  );
  await c.query('set session_replication_role = origin');
  t.load = performance.now() - t0;
  const t1 = performance.now();
  await c.query('select erp_rebuild_summaries($1)', [tenantId]);
  await c.query('select erp_rebuild_year_summaries($1)', [tenantId]);
  t.summaries = performance.now() - t1;
  return t;
}
