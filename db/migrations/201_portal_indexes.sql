-- A supplier's purchase orders, newest first (the portal's order list, issue 22; bench:portal).
create index depot_head_supplier_orders on depot_head(tenant_id, organ_id, oper_time desc, id desc) where doc_key = 'purchaseOrder' and not delete_flag;
