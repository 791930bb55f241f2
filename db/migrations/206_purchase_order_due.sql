-- 供应商绩效 (issue 22): the fill rate reads the purchase orders due in the report's period; without this index it
-- read every purchase order of the company dated before the period's end (all of them, for a recent period).
create index depot_head_purchase_due on depot_head(tenant_id, delivery_date) where doc_key = 'purchaseOrder' and not delete_flag;
