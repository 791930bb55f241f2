-- 生产数据面板 (issue 16): the panel reads make orders by order date and work orders by planned start, within bounded windows
create index mfg_make_order_order_date on mfg_make_order(tenant_id, order_date);
create index mfg_work_order_planned_start on mfg_work_order(tenant_id, planned_start);
