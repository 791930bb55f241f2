-- 价格调整 (price adjustment) lines: the new barcode prices a line sets when its document is audited
-- (null: that price is left alone) and the prices it replaced, put back on un-audit.
create table price_adjust_line (
  tenant_id bigint not null,
  item_id bigint not null,
  material_extend_id bigint not null,
  purchase_decimal numeric(24,6),
  commodity_decimal numeric(24,6),
  wholesale_decimal numeric(24,6),
  low_decimal numeric(24,6),
  old_purchase_decimal numeric(24,6),
  old_commodity_decimal numeric(24,6),
  old_wholesale_decimal numeric(24,6),
  old_low_decimal numeric(24,6),
  applied boolean not null default false,
  primary key (tenant_id, item_id),
  foreign key (tenant_id, item_id) references depot_item(tenant_id, id),
  foreign key (tenant_id, material_extend_id) references material_extend(tenant_id, id)
);
comment on table price_adjust_line is 'new and replaced barcode prices of a price-adjustment line';
select erp_tenant_table('price_adjust_line');
