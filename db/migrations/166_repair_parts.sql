-- Spare parts issued from stock on a repair order (issue 17): each 其它出库 document it made.
create table sf_repair_part (
  tenant_id bigint not null references tenant(id),
  header_id bigint not null,
  repair_order_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, header_id),
  foreign key (tenant_id, header_id) references depot_head(tenant_id, id),
  foreign key (tenant_id, repair_order_id) references sf_repair_order(tenant_id, id)
);
create index sf_repair_part_repair on sf_repair_part(tenant_id, repair_order_id);
select erp_tenant_table('sf_repair_part');
