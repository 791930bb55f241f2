-- Year rows of the stock summary (issue 12, after 041's month rows): the same sums per item, warehouse and calendar
-- year, kept by the posting statement beside the day and month rows (stock/stock-summary.ts). 库龄分析's oldest
-- receipt still on hand walks a pair's receipts newest first until they cover its stock; with years of stock on hand
-- that walk read one month row per month (~120 per listed row at 10,000,000 ledger rows, 13 ms a page). It now
-- walks years, then the months of the year it stops in, then that month's days: ~25 rows (4 ms).
create table stock_year_summary (
  tenant_id bigint not null,
  material_id bigint not null,
  depot_id bigint not null,
  year date not null check (extract(month from year) = 1 and extract(day from year) = 1),
  in_qty numeric(24,6) not null default 0,
  in_value numeric(24,6) not null default 0,
  out_qty numeric(24,6) not null default 0,
  out_value numeric(24,6) not null default 0,
  lines integer not null default 0,
  primary key (tenant_id, material_id, depot_id, year)
);
comment on table stock_year_summary is 'stock_month_summary summed per material, warehouse and calendar year (1 January), all document types';
select erp_tenant_table('stock_year_summary');

-- the year rows of a company from its month rows; rebuildSummaries (stock/stock-summary.ts) runs it after
-- erp_rebuild_summaries, which makes the month rows
create or replace function erp_rebuild_year_summaries(tid bigint) returns void language sql as $$
  delete from stock_year_summary where tenant_id = tid;
  insert into stock_year_summary(tenant_id, material_id, depot_id, year, in_qty, in_value, out_qty, out_value, lines)
  select tid, material_id, depot_id, date_trunc('year', month)::date, sum(in_qty), sum(in_value), sum(out_qty), sum(out_value), sum(lines)
    from stock_month_summary where tenant_id = tid
   group by material_id, depot_id, date_trunc('year', month)::date
   order by 4;
$$;
grant execute on function erp_rebuild_year_summaries(bigint) to erp_app;

select erp_rebuild_year_summaries(id) from tenant;
