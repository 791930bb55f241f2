-- Rework of a bought lot as a rework make order (issue 18, docs/quality.md "Rework of a bought lot"): a failed
-- incoming lot disposed 返工 stays in quarantine while a rework make order (one work order) is done, then its good
-- units are inspected again; the units lost in rework leave stock on an audited 其它出库 (scrap_header_id).

-- the rework make order a non-conformance opened
alter table quality_nonconformance add column rework_make_order_id bigint;
alter table quality_nonconformance add foreign key (tenant_id, rework_make_order_id) references mfg_make_order(tenant_id, id);
create index quality_nonconformance_rework on quality_nonconformance(tenant_id, rework_make_order_id) where rework_make_order_id is not null;

-- a re-inspection after rework: the failed inspection whose reworked units it inspects
alter table quality_inspection add column rework_of bigint;
alter table quality_inspection add foreign key (tenant_id, rework_of) references quality_inspection(tenant_id, id);
