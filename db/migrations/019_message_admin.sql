-- Messages written on the administration page (/system/msg): a draft until sent, addressed to
-- chosen users, roles or everyone of the company. Recipient rows are written when it is sent.
alter table msg add column draft boolean not null default false;
alter table msg add column audience text check (audience in ('users', 'roles', 'all'));
alter table msg add column audience_ids bigint[] not null default '{}';
comment on column msg.audience is 'null: sent directly (workflow, message centre); otherwise made on the administration page';
comment on column msg.audience_ids is 'user ids (users) or role ids (roles) the administrator addressed; empty for all';
-- the administration list: the company's page-made messages, newest first
create index msg_admin_list on msg(tenant_id, id desc) where audience is not null and not delete_flag;
