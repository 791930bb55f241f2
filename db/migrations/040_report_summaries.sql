-- Summary rows kept by the posting transaction (issue 12; docs/report-recipe.md), so dashboards and
-- stock reports read one row per key and day instead of every ledger row or document of a period.
-- The writer adds signed deltas (reversals subtract), upserting in key order; rows that net to zero
-- stay. erp_rebuild_summaries(tenant) recomputes all three from the ledger and the documents
-- (`npm run rebuild-summaries`); a test proves it equals what the writers kept.

-- per item, warehouse, day and document type: what moved in and out (the ledger's direction rule:
-- a reversal of a receipt is a negative receipt), and `lines`, the live detail rows (出入库明细)
create table stock_day_summary (
  tenant_id bigint not null,
  material_id bigint not null,
  depot_id bigint not null,
  day date not null,
  doc_key text not null,
  in_qty numeric(24,6) not null default 0,
  in_value numeric(24,6) not null default 0,
  out_qty numeric(24,6) not null default 0,
  out_value numeric(24,6) not null default 0,
  lines integer not null default 0,
  primary key (tenant_id, material_id, depot_id, day, doc_key)
);
comment on table stock_day_summary is 'ledger rows summed per material, warehouse, day (the document''s date; opening stock: the day entered) and document type';
create index stock_day_summary_day on stock_day_summary(tenant_id, day);
select erp_tenant_table('stock_day_summary');

-- per document type and day: live (not deleted) documents, their amount after discount and their debt
create table doc_day_summary (
  tenant_id bigint not null,
  doc_key text not null,
  day date not null,
  docs integer not null default 0,
  amount numeric(24,6) not null default 0,
  debt numeric(24,6) not null default 0,
  primary key (tenant_id, doc_key, day)
);
comment on table doc_day_summary is 'live documents summed per type and day (oper_time): count, discount_last_money, debt';
select erp_tenant_table('doc_day_summary');

-- the same per partner
create table partner_day_summary (
  tenant_id bigint not null,
  organ_id bigint not null,
  doc_key text not null,
  day date not null,
  docs integer not null default 0,
  amount numeric(24,6) not null default 0,
  debt numeric(24,6) not null default 0,
  primary key (tenant_id, organ_id, doc_key, day)
);
comment on table partner_day_summary is 'live documents summed per partner, type and day: count, discount_last_money, debt';
create index partner_day_summary_day on partner_day_summary(tenant_id, day);
select erp_tenant_table('partner_day_summary');

-- Recomputes one company's summaries. Every ledger row counts at its document's current date: rows
-- posted under an earlier date were reversed before the date changed, so they net to zero there.
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
   group by g.material_id, g.depot_id, g.day, g.doc_key;
  insert into doc_day_summary(tenant_id, doc_key, day, docs, amount, debt)
  select tid, doc_key, oper_time::date, count(*), sum(discount_last_money), sum(debt)
    from depot_head where tenant_id = tid and not delete_flag group by doc_key, oper_time::date;
  insert into partner_day_summary(tenant_id, organ_id, doc_key, day, docs, amount, debt)
  select tid, organ_id, doc_key, oper_time::date, count(*), sum(discount_last_money), sum(debt)
    from depot_head where tenant_id = tid and not delete_flag and organ_id is not null group by organ_id, doc_key, oper_time::date;
$$;
grant execute on function erp_rebuild_summaries(bigint) to erp_app;

select erp_rebuild_summaries(id) from tenant;

-- the home page's open work reads the open and unaudited orders, not every order ever made
create index depot_head_status on depot_head(tenant_id, doc_key, status) where not delete_flag;
-- the safety-stock screen lists the limits set, not materials × warehouses
create index material_initial_stock_limits on material_initial_stock(tenant_id, material_id, depot_id)
  where low_safe_stock is not null or high_safe_stock is not null;
