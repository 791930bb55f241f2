-- The to-do list's statements (task.queries.ts listTasks) for the user with the most open tasks, as the app role. psql -f
select tenant_id as t, assignee_id as u from wf_task where status = 'open' and node_id = 'mgr' group by 1, 2 order by count(*) desc limit 1 \gset
begin;
select set_config('app.tenant_id', :'t', true);
set local role erp_app;
\timing on
select count(*)::int as n from wf_task t where t.tenant_id = :t and t.assignee_id = :u and t.status = 'open';
select t.id, t.instance_id, t.node_name, i.bus_number, f.process_name,
       (select username from sys_user where tenant_id = t.tenant_id and id = i.initiator_id) as initiator,
       (select username from sys_user where tenant_id = t.tenant_id and id = t.assignee_id) as assignee,
       to_char(t.created_at, 'YYYY-MM-DD HH24:MI:SS')
  from wf_task t join wf_instance i on i.tenant_id = t.tenant_id and i.id = t.instance_id
  join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id join wf_flow f on f.tenant_id = v.tenant_id and f.id = v.flow_id
 where t.tenant_id = :t and t.assignee_id = :u and t.status = 'open' order by t.id desc limit 10 offset 0;
commit;
-- clean up: delete from wf_task where instance_id in (select id from wf_instance where bus_number like 'BENCH%'); delete from wf_instance where bus_number like 'BENCH%'; delete from wf_flow_version where flow_id in (select id from wf_flow where model_key = 'bench_flow'); delete from wf_flow where model_key = 'bench_flow';
