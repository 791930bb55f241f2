-- Organizations and roles become entity-kit entities (administration screens): the kit stamps
-- creator, updater and updated_at on every write, and lists them newest first.
alter table organization
  add column creator bigint,
  add column updater bigint,
  add column updated_at timestamptz not null default now();
alter table role
  add column creator bigint,
  add column updater bigint,
  add column updated_at timestamptz not null default now();

-- the kit writes null for a cleared optional field; sort is optional on both screens
alter table organization alter column sort drop not null;
alter table role alter column sort drop not null;

create index organization_created on organization(tenant_id, created_at desc);
create index role_created on role(tenant_id, created_at desc);
-- the organization tree is read by parent
create index organization_parent on organization(tenant_id, parent_id) where not delete_flag;
