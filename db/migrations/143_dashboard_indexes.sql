-- The dashboards' figures at any length of history (issue 24 item 3, issue 14's financial workbench): each reads what is open
-- or awaiting, never the settled or audited rows of the company's history.
-- What is owed, in total and overdue, per side (sign): read from the open items alone, index only —
-- a settled item leaves this index, so its size follows what is open, not how long the company has traded.
create index fin_open_item_open on fin_open_item(tenant_id, sign, doc_date) include (balance) where balance <> 0;
-- A month's income statement and cash movement read that month's balance rows, not every month's of each account
-- (the primary key leads with the account and the partner).
create index fin_balance_period on fin_balance(tenant_id, period);
-- The documents awaiting audit, counted by the workbench: they leave this index when audited.
create index depot_head_unaudited on depot_head(tenant_id, doc_key) where status = '0' and not delete_flag;
