-- In-process inspection wired to operation reports, and the postings of rework and scrap (issue 18, docs/quality.md,
-- docs/decisions.md "In-process inspection holds the next operation's quantity").

-- A route operation (and the work order made from it) says whether its reported good units are inspected.
alter table mfg_route_operation add column inspect boolean not null default false;
alter table mfg_work_order add column inspect boolean not null default false;
-- good units of the operation still waiting for their in-process inspection: the next operation cannot report them
alter table mfg_work_order add column held_qty numeric(24,6) not null default 0 check (held_qty >= 0);
comment on column mfg_work_order.held_qty is 'good units reported by this operation that wait for their in-process inspection (the next operation may not report them)';

-- the document a disposition posted: the 其它出库 that scrapped a lot held in quarantine
alter table quality_nonconformance add column scrap_header_id bigint;
