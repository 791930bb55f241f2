-- MRP (issue 16, speed): pegging is computed when a proposal's demand is asked for (mrp.queries.ts),
-- from the stored independent demand and the parent proposals × BOM edges, so a run no longer writes
-- a pegging row and an exploded demand row per component of every planned make order.
drop table mfg_mrp_peg;
