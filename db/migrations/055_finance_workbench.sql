-- The financial workbench (财务工作台, issue 14; docs/finance.md "Workbench") counts the finance documents
-- awaiting audit per type: a partial index over only those, so the count follows the to-do list, not the
-- company's whole history of audited documents.
create index account_head_unaudited on account_head(tenant_id, type) where status <> '1' and not delete_flag;
