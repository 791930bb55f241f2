-- The rebuild writes the document summaries in day order, as saving documents leaves them (one day after another),
-- as it already did the stock rows (041). Written in hash order, a 12-month window of partner_day_summary (management
-- two, the top partners of the sales panel and the procurement board) lay on every page of the table, so its cost
-- grew with the company's history instead of following the year (issue 24 item 3). Same rows, other order.
create or replace function erp_rebuild_summaries(tid bigint) returns void language sql as $$
  delete from stock_day_summary where tenant_id = tid;
  delete from doc_day_summary where tenant_id = tid;
  delete from partner_day_summary where tenant_id = tid;
  insert into stock_day_summary(tenant_id, material_id, depot_id, day, doc_key, in_qty, in_value, out_qty, out_value, lines)
  select tid, g.material_id, g.depot_id, g.day, g.doc_key,
         coalesce(sum(g.q) filter (where g.inward), 0), coalesce(sum(g.v) filter (where g.inward), 0),
         coalesce(-sum(g.q) filter (where not g.inward), 0), coalesce(-sum(g.v) filter (where not g.inward), 0),
         count(*) filter (where g.live)
    from (select l.material_id, l.depot_id, coalesce(h.oper_time::date, l.created_at::date) as day, coalesce(h.doc_key, 'opening') as doc_key,
                 ((l.qty_change > 0 or (l.qty_change = 0 and l.value_change > 0)) <> l.reversal) as inward,
                 sum(l.qty_change) as q, sum(l.value_change) as v,
                 -- one detail row per line, warehouse and batch while its net is not zero
                 (sum(sum(l.qty_change)) over w <> 0 or sum(sum(l.value_change)) over w <> 0)
                   and row_number() over (w order by ((l.qty_change > 0 or (l.qty_change = 0 and l.value_change > 0)) <> l.reversal)) = 1 as live
            from stock_ledger l left join depot_head h on h.tenant_id = l.tenant_id and h.id = l.header_id
           where l.tenant_id = tid
           group by l.header_id, l.item_id, l.material_id, l.depot_id, l.batch_number, case when l.header_id is null then l.created_at end,
                    coalesce(h.oper_time::date, l.created_at::date), coalesce(h.doc_key, 'opening'), 5
          window w as (partition by l.header_id, l.item_id, l.material_id, l.depot_id, l.batch_number, case when l.header_id is null then l.created_at end)) g
   group by g.material_id, g.depot_id, g.day, g.doc_key
   order by g.day;
  delete from stock_month_summary where tenant_id = tid;
  insert into stock_month_summary(tenant_id, material_id, depot_id, month, in_qty, in_value, out_qty, out_value, lines)
  select tid, material_id, depot_id, date_trunc('month', day)::date, sum(in_qty), sum(in_value), sum(out_qty), sum(out_value), sum(lines)
    from stock_day_summary where tenant_id = tid
   group by material_id, depot_id, date_trunc('month', day)::date
   order by 4;
  insert into doc_day_summary(tenant_id, doc_key, day, docs, amount, debt)
  select tid, doc_key, oper_time::date, count(*), sum(discount_last_money), sum(debt)
    from depot_head where tenant_id = tid and not delete_flag group by doc_key, oper_time::date
   order by 3;
  insert into partner_day_summary(tenant_id, organ_id, doc_key, day, docs, amount, debt)
  select tid, organ_id, doc_key, oper_time::date, count(*), sum(discount_last_money), sum(debt)
    from depot_head where tenant_id = tid and not delete_flag and organ_id is not null group by organ_id, doc_key, oper_time::date
   order by 4;
$$;
grant execute on function erp_rebuild_summaries(bigint) to erp_app;
