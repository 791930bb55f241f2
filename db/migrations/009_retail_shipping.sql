-- Retail paid from a member's advance, and the public link of a shipping plan.
alter table depot_head add column pay_type text not null default '现付' check (pay_type in ('现付', '预付款'));
alter table depot_head add column advance_used numeric(24,6) not null default 0;
comment on column depot_head.advance_used is 'taken from the member''s advance when the retail bill was saved; given back when it is changed or deleted';
