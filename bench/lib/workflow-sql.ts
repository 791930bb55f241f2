import pg from 'pg';
import type { Tx } from '../../apps/server/src/platform/db/database.ts';
import { tenantPreamble } from '../../apps/server/src/platform/db/database.ts';
import type { Session } from '../../apps/server/src/platform/auth/session.ts';
import { listTasks, todoCount } from '../../apps/server/src/modules/workflow/task.queries.ts';
import { approvables, registerApprovable } from '../../apps/server/src/modules/workflow/approvable.ts';
import type { Statement } from './raw-sql.ts';

// the task lists name each row's document type by its registration (inventory's, when the import chain
// loaded it); the bench's tasks are sales orders
if (!approvables().some((a) => a.docType === 'saleOrder'))
  registerApprovable({
    docType: 'saleOrder',
    label: '销售订单',
    menu: '/bill/sale_order',
    fields: {},
    submit: () => Promise.reject(new Error('not in the bench')),
    finish: () => Promise.reject(new Error('not in the bench')),
    visible: async () => true,
  });

pg.types.setTypeParser(20, (v) => Number(v));

export type TaskCase = { kind: 'count' } | { kind: 'todo'; currentPage: number; pageSize: number };

/**
 * The raw-SQL baseline of a to-do request: whatever the server's own code (task.queries.ts) sends for it,
 * recorded by running that code once against a Tx that logs each statement, in a tenant transaction.
 */
export async function captureTaskSql(url: string, tenantId: number, userId: number, c: TaskCase): Promise<Statement[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const log: Statement[] = [];
  const tx: Tx = {
    async query<T>(sql: string, params: unknown[] = []) {
      // a copy: listTasks goes on adding its paging values to the array it gave the count
      log.push([sql, [...params]]);
      return (await client.query(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await tx.query<T>(sql, params))[0];
    },
    async exec(sql: string) {
      log.push([sql, []]);
      await client.query(sql);
    },
  };
  try {
    await client.query(`begin; ${tenantPreamble(tenantId)}`);
    const ctx = { tx, session: { tenantId, userId } as Session, ip: '127.0.0.1' };
    if (c.kind === 'count') await todoCount(ctx);
    else await listTasks(ctx, 'todo', { currentPage: c.currentPage, pageSize: c.pageSize });
    await client.query('rollback');
  } finally {
    await client.end();
  }
  return log;
}

/**
 * Open approval tasks, set-based and bounded: one enabled, deployed sales-order flow per company, `instances`
 * running instances each, `perInstance` open tasks each, all assigned to the company's administrator (the
 * worst case for "my to-do": one user holding every open task of the company).
 */
export async function seedTasks(owner: pg.Client, tenantIds: number[], instances: number, perInstance: number): Promise<void> {
  await owner.query(
    `create temp table bt as select t.id as tenant_id, (select min(u.id) from sys_user u where u.tenant_id = t.id) as user_id
       from tenant t where t.id = any($1::bigint[])`,
    [tenantIds],
  );
  await owner.query(`insert into wf_flow(tenant_id, model_key, process_name, process_type, graph)
                     select tenant_id, 'bench_flow', '销售订单审批', 'saleOrder', '{"nodes":[],"edges":[]}' from bt`);
  await owner.query(`insert into wf_flow_version(tenant_id, flow_id, version, graph)
                     select f.tenant_id, f.id, 1, f.graph from wf_flow f join bt using (tenant_id) where f.model_key = 'bench_flow'`);
  await owner.query(
    `insert into wf_instance(tenant_id, version_id, doc_type, bus_id, bus_number, initiator_id, status, node_id, facts)
     select bt.tenant_id, v.id, 'saleOrder', g, 'XSDD' || lpad(g::text, 8, '0'), bt.user_id, 'running', 'mgr', '{}'
       from bt join wf_flow f on f.tenant_id = bt.tenant_id and f.model_key = 'bench_flow' join wf_flow_version v on v.tenant_id = f.tenant_id and v.flow_id = f.id,
            generate_series(1, $1::int) g`,
    [instances],
  );
  await owner.query(
    `insert into wf_task(tenant_id, instance_id, node_id, node_name, assignee_id, status)
     select i.tenant_id, i.id, 'mgr', '经理审批', bt.user_id, 'open' from wf_instance i join bt using (tenant_id), generate_series(1, $1::int) g`,
    [perInstance],
  );
  await owner.query('vacuum analyze wf_task');
  await owner.query('vacuum analyze wf_instance');
}
