-- Cached sessions (platform/auth/session-cache.ts) must not outlive a change to what they are made
-- of. These triggers announce, at commit, which company's sessions to drop, on every server
-- instance, whatever code path (or hand-written SQL) made the change.
create or replace function erp_notify_sessions() returns trigger language plpgsql as $$
declare
  t text;
begin
  if tg_table_name = 'tenant' then
    t := coalesce(new.id, old.id)::text;
  else
    t := coalesce(new.tenant_id, old.tenant_id)::text;
  end if;
  perform pg_notify('erp_sessions', t);
  return null;
end $$;

create trigger sys_user_sessions after update or delete on sys_user for each row execute function erp_notify_sessions();
create trigger user_role_sessions after insert or update or delete on user_role for each row execute function erp_notify_sessions();
create trigger role_sessions after update or delete on role for each row execute function erp_notify_sessions();
create trigger role_function_sessions after insert or update or delete on role_function for each row execute function erp_notify_sessions();
create trigger role_data_scope_sessions after insert or update or delete on role_data_scope for each row execute function erp_notify_sessions();
create trigger user_session_sessions after delete on user_session for each row execute function erp_notify_sessions();
create trigger tenant_sessions after update or delete on tenant for each row execute function erp_notify_sessions();
