-- Indexes for the generic lists at 1,000,000 rows per company (bench/lists.ts, decisions.md
-- "Lists at a million rows"). Idempotent: the benchmark drops these and runs this file again
-- after its bulk load.

-- the default sort (createTime desc, id desc) of live rows: first and deep pages walk this
-- index only, the page's other columns are fetched for its 100 ids
create index if not exists material_list_created on material(tenant_id, created_at desc, id desc) where not delete_flag;
create index if not exists partner_list_created on partner(tenant_id, created_at desc, id desc) where not delete_flag;
-- sorted by name, and filtered by category (the status rides along for index-only counts)
create index if not exists material_list_name on material(tenant_id, name, id) where not delete_flag;
create index if not exists material_list_category on material(tenant_id, category_id, name, id) include (enabled) where not delete_flag;
-- partners are always listed by type (供应商 / 客户 / 会员)
create index if not exists partner_list_type on partner(tenant_id, type, created_at desc, id desc) where not delete_flag;

-- Fuzzy (ilike '%…%') search by name and barcode: trigram indexes where pg_trgm exists. PGlite
-- as we open it has no pg_trgm, so there the same queries run without them.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm unavailable (%): fuzzy list search runs without trigram indexes', sqlerrm;
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index if not exists material_name_trgm on material using gin (name gin_trgm_ops) where not delete_flag';
    execute 'create index if not exists material_extend_bar_code_trgm on material_extend using gin (bar_code gin_trgm_ops) where not delete_flag';
    execute 'create index if not exists partner_name_trgm on partner using gin (name gin_trgm_ops) where not delete_flag';
  end if;
end $$;

-- Under row-level security the planner never uses a non-leakproof operator (ilike is one) as an
-- index condition, so the trigram indexes above would sit unused by the app role. This function
-- finds the ids matching a fuzzy pattern as the table owner, for the company in app.tenant_id
-- only (the very setting the tenant_isolation policies read); the list query that uses the ids
-- still runs under RLS. Only the named columns can be searched.
create or replace function erp_fuzzy_ids(target text, pattern text) returns setof bigint
  language plpgsql stable security definer set search_path = public rows 100 as $$
declare
  tid bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
begin
  if tid is null then
    return;
  end if;
  -- execute: planned for this pattern, so a selective one takes the trigram index
  case target
    when 'material.name' then
      return query execute 'select id from material where tenant_id = $1 and not delete_flag and name ilike $2' using tid, pattern;
    when 'partner.name' then
      return query execute 'select id from partner where tenant_id = $1 and not delete_flag and name ilike $2' using tid, pattern;
    when 'material_extend.bar_code' then
      return query execute 'select distinct material_id from material_extend where tenant_id = $1 and not delete_flag and bar_code ilike $2' using tid, pattern;
    else
      raise exception 'erp_fuzzy_ids: unknown target %', target;
  end case;
end $$;
revoke all on function erp_fuzzy_ids(text, text) from public;
grant execute on function erp_fuzzy_ids(text, text) to erp_app;
