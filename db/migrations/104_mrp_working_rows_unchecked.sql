-- MRP (issue 16, speed): a run writes its edge, demand and proposal rows itself, under the id of the run it
-- has just created, in set-based statements; the per-row foreign-key check against mfg_mrp_run cost
-- 13 µs a row (1.4 s of a 6 s level at 10,000 items), so these working tables go without it.
-- Runs are never deleted; a run's rows are cleared by run id (CLEAR_OLD in mrp-sql.ts).
alter table mfg_mrp_demand drop constraint if exists mfg_mrp_demand_tenant_id_run_id_fkey;
alter table mfg_mrp_proposal drop constraint if exists mfg_mrp_proposal_tenant_id_run_id_fkey;
alter table mfg_mrp_edge drop constraint if exists mfg_mrp_edge_tenant_id_run_id_fkey;
