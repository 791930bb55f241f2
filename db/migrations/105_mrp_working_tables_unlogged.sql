-- MRP (issue 16, speed): the working tables a run rebuilds each time (its days, BOM edges, items and
-- independent demand) are written without WAL. After a crash PostgreSQL empties them: the latest run's
-- proposals stay (mfg_mrp_proposal is logged), their pegging shows nothing until the next run.
alter table mfg_mrp_workday set unlogged;
alter table mfg_mrp_edge set unlogged;
alter table mfg_mrp_item set unlogged;
alter table mfg_mrp_demand set unlogged;
