-- Stock reports (apps/server/src/modules/inventory/reports) date ledger rows by their document's date,
-- so period reports start from the documents of the period: without this, every period report scans
-- every company's documents (depot_head_list leads with doc_key and cannot serve "all types since X").
create index depot_head_oper_time on depot_head(tenant_id, oper_time);
