-- MRP (issue 16, speed): a run nets each item's demand per day or per ISO week (the default: a
-- proposal then covers the week's net requirement and is needed on the week's first need date);
-- runs before this one netted per day.
alter table mfg_mrp_run add column bucket text not null default 'day' check (bucket in ('day', 'week'));
