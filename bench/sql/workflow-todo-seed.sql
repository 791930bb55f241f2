-- Seeds open approval tasks into the companies that have users (issue 15, bench/RESULTS.md). psql -f; remove with the deletes at the end of workflow-todo-query.sql.
\timing off
create temp table bt as
  select t.id as tenant_id, (select min(u.id) from sys_user u where u.tenant_id = t.id) as user_id
    from tenant t where exists (select 1 from sys_user u where u.tenant_id = t.id) order by t.id desc limit 100;
insert into wf_flow(tenant_id, model_key, process_name, process_type, graph)
  select tenant_id, 'bench_flow', 'bench', 'bench', '{"nodes":[],"edges":[]}' from bt;
insert into wf_flow_version(tenant_id, flow_id, version, graph)
  select f.tenant_id, f.id, 1, '{"nodes":[],"edges":[]}' from wf_flow f join bt using (tenant_id) where f.model_key = 'bench_flow';
insert into wf_instance(tenant_id, version_id, doc_type, bus_id, bus_number, initiator_id, status, facts)
  select bt.tenant_id, v.id, 'saleOrder', -g, 'BENCH' || g, bt.user_id, 'passed', '{}'
    from bt join wf_flow f on f.tenant_id = bt.tenant_id and f.model_key = 'bench_flow' join wf_flow_version v on v.tenant_id = f.tenant_id and v.flow_id = f.id,
         generate_series(1, 1000) g;
insert into wf_task(tenant_id, instance_id, node_id, node_name, assignee_id, status, root_id)
  select i.tenant_id, i.id, 'mgr', '经理', bt.user_id, 'open', null
    from wf_instance i join bt using (tenant_id), generate_series(1, 10) g where i.doc_type = 'saleOrder' and i.bus_number like 'BENCH%';
analyze wf_task; analyze wf_instance;
select count(*) as open_tasks, count(distinct tenant_id) as tenants from wf_task where status = 'open';
-- 19 more tasks per instance (about 1M in all)
insert into wf_task(tenant_id, instance_id, node_id, node_name, assignee_id, status) select i.tenant_id, i.id, 'mgr', '经理', i.initiator_id, 'open' from wf_instance i, generate_series(1, 19) g where i.doc_type = 'saleOrder' and i.bus_number like 'BENCH%';
vacuum analyze wf_task;
