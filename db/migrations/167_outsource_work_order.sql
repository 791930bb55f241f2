-- Outsourcing documents (委外发料, 委外入库) made for a work order (issue 17): the work order shows them.
create table sf_outsource_wo (
  tenant_id bigint not null references tenant(id),
  header_id bigint not null,
  work_order_id bigint not null,
  primary key (tenant_id, header_id),
  foreign key (tenant_id, header_id) references depot_head(tenant_id, id),
  foreign key (tenant_id, work_order_id) references mfg_work_order(tenant_id, id)
);
create index sf_outsource_wo_work_order on sf_outsource_wo(tenant_id, work_order_id);
select erp_tenant_table('sf_outsource_wo');
