-- Supplier portal, issue 22 continued: the buyer edits a shipping plan until the supplier acknowledged it, or cancels
-- it with a reason. A cancelled plan stays visible to its supplier (with the reason) and can no longer be acknowledged.
-- The supplier boundary of 202 is unchanged (the restrictive policy keys on supplier_id, which an edit never moves).

alter table portal_shipping_plan drop constraint portal_shipping_plan_status_check;
alter table portal_shipping_plan add constraint portal_shipping_plan_status_check check (status in ('published', 'acknowledged', 'cancelled'));
alter table portal_shipping_plan add column cancel_reason text;
alter table portal_shipping_plan add column cancelled_by bigint;
alter table portal_shipping_plan add column cancelled_at timestamptz;
alter table portal_shipping_plan add column updated_at timestamptz;
alter table portal_shipping_plan add constraint portal_shipping_plan_cancel_reason check (status <> 'cancelled' or cancel_reason is not null);
