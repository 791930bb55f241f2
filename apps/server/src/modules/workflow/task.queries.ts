import type { RequestCtx } from '../../platform/request-ctx.ts';
import { notFound } from '../../platform/errors.ts';
import { approvableOf } from './approvable.ts';

const ts = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;

export interface TaskFilter {
  docType?: string;
  number?: string;
  taskId?: number;
  currentPage: number;
  pageSize: number;
}

export interface TaskRowOut {
  id: number;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  status: string;
  docType: string;
  docLabel: string;
  busId: number;
  busNumber: string;
  processName: string;
  initiatorName: string;
  assigneeName: string;
  /** under a delegation: the user the assignee acts for */
  ownerName: string | null;
  comment: string | null;
  createTime: string;
  doneTime: string | null;
}

const SELECT = `select t.id, t.instance_id as "instanceId", t.node_id as "nodeId", t.node_name as "nodeName", t.status, i.doc_type as "docType",
       i.bus_id as "busId", i.bus_number as "busNumber", f.process_name as "processName", t.comment,
       (select username from sys_user where tenant_id = t.tenant_id and id = i.initiator_id) as "initiatorName",
       (select username from sys_user where tenant_id = t.tenant_id and id = t.assignee_id) as "assigneeName",
       (select username from sys_user where tenant_id = t.tenant_id and id = t.owner_id) as "ownerName",
       ${ts('t.created_at')} as "createTime", ${ts('t.done_at')} as "doneTime"
  from wf_task t
  join wf_instance i on i.tenant_id = t.tenant_id and i.id = t.instance_id
  join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id
  join wf_flow f on f.tenant_id = v.tenant_id and f.id = v.flow_id`;

type Scope = 'todo' | 'done' | 'all';

/** My open tasks (to-do), the tasks I have closed (done), or every task of the company (all, for administrators). */
export async function listTasks(c: RequestCtx, scope: Scope, q: TaskFilter): Promise<{ rows: TaskRowOut[]; total: number }> {
  const values: unknown[] = [c.session.tenantId];
  const $ = (v: unknown) => (values.push(v), `$${values.length}`);
  const where = ['t.tenant_id = $1'];
  if (scope === 'todo') where.push(`t.assignee_id = ${$(c.session.userId)}`, `t.status = 'open'`);
  if (scope === 'done') where.push(`t.assignee_id = ${$(c.session.userId)}`, `t.status not in ('open', 'waiting', 'cancelled')`);
  if (q.docType) where.push(`i.doc_type = ${$(q.docType)}`);
  if (q.number) where.push(`i.bus_number like ${$(`%${q.number.replace(/[\\%_]/g, '\\$&')}%`)}`);
  if (q.taskId) where.push(`t.id = ${$(q.taskId)}`);
  const order = scope === 'done' ? 't.done_at desc, t.id desc' : 't.id desc';
  const filter = where.join(' and ');
  // the count joins the instances only when it filters on them (a to-do list of tens of thousands stays an index count)
  const join = q.docType || q.number ? 'join wf_instance i on i.tenant_id = t.tenant_id and i.id = t.instance_id' : '';
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from wf_task t ${join} where ${filter}`, values);
  // the page's task ids first, from the same index as the count, then the joins for those rows alone: a deep page
  // skips index entries, not joined rows (page 500 of a 10,000-task to-do list: 119 ms raw before, bench:workflow)
  const rows = await c.tx.query<TaskRowOut>(
    `${SELECT} where t.tenant_id = $1 and t.id in (select t.id from wf_task t ${join} where ${filter}
       order by ${order} limit ${$(q.pageSize)} offset ${$((q.currentPage - 1) * q.pageSize)})
     order by ${order}`,
    values,
  );
  return { rows: rows.map(out), total: total!.n };
}

const out = (r: TaskRowOut): TaskRowOut => ({
  ...r,
  id: Number(r.id),
  instanceId: Number(r.instanceId),
  busId: Number(r.busId),
  docLabel: approvableOf(r.docType).label,
});

/** The count on the workbench and the home page. */
export async function todoCount(c: RequestCtx): Promise<{ count: number }> {
  const r = await c.tx.one<{ n: number }>(`select count(*)::int as n from wf_task where tenant_id = $1 and assignee_id = $2 and status = 'open'`, [
    c.session.tenantId,
    c.session.userId,
  ]);
  return { count: r!.n };
}

/** A document's approval timeline: every instance, its open tasks and every action, oldest first. */
export async function timeline(c: RequestCtx, docType: string, busId: number) {
  const a = approvableOf(docType);
  if (!(await a.visible(c, busId))) throw notFound('单据不存在或已删除');
  const instances = await c.tx.query<{
    id: number;
    status: string;
    processName: string;
    version: number;
    nodeId: string | null;
    startTime: string;
    endTime: string | null;
  }>(
    `select i.id, i.status, f.process_name as "processName", v.version, i.node_id as "nodeId", ${ts('i.started_at')} as "startTime", ${ts('i.ended_at')} as "endTime"
       from wf_instance i join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id join wf_flow f on f.tenant_id = v.tenant_id and f.id = v.flow_id
      where i.tenant_id = $1 and i.doc_type = $2 and i.bus_id = $3 order by i.id`,
    [c.session.tenantId, docType, busId],
  );
  const ids = instances.map((i) => i.id);
  const actions = await c.tx.query<{ instanceId: number }>(
    `select a.instance_id as "instanceId", a.action, a.node_id as "nodeId", a.node_name as "nodeName", a.comment, a.target_node_id as "targetNodeId",
            (select username from sys_user where tenant_id = a.tenant_id and id = a.actor_id) as "actorName",
            (select username from sys_user where tenant_id = a.tenant_id and id = a.on_behalf_of) as "onBehalfOfName",
            (select username from sys_user where tenant_id = a.tenant_id and id = a.target_user_id) as "targetUserName",
            ${ts('a.created_at')} as "time"
       from wf_action a where a.tenant_id = $1 and a.instance_id = any($2::bigint[]) order by a.id`,
    [c.session.tenantId, ids],
  );
  const pending = await c.tx.query<{ instanceId: number }>(
    `select t.instance_id as "instanceId", t.id, t.node_name as "nodeName", t.status,
            (select username from sys_user where tenant_id = t.tenant_id and id = t.assignee_id) as "assigneeName",
            (select username from sys_user where tenant_id = t.tenant_id and id = t.owner_id) as "ownerName"
       from wf_task t where t.tenant_id = $1 and t.instance_id = any($2::bigint[]) and t.status in ('open', 'waiting') order by t.id`,
    [c.session.tenantId, ids],
  );
  return instances.map((i) => ({
    ...i,
    id: Number(i.id),
    actions: actions.filter((x) => Number(x.instanceId) === Number(i.id)).map(({ instanceId: _, ...x }) => x),
    pending: pending.filter((x) => Number(x.instanceId) === Number(i.id)).map(({ instanceId: _, ...x }) => x),
  }));
}

/** 我的任务: the approvals I started, newest first, with where each stands. */
export async function myInstances(c: RequestCtx, q: TaskFilter) {
  const values: unknown[] = [c.session.tenantId, c.session.userId];
  const $ = (v: unknown) => (values.push(v), `$${values.length}`);
  const where = ['i.tenant_id = $1', 'i.initiator_id = $2'];
  if (q.docType) where.push(`i.doc_type = ${$(q.docType)}`);
  if (q.number) where.push(`i.bus_number like ${$(`%${q.number.replace(/[\\%_]/g, '\\$&')}%`)}`);
  const filter = where.join(' and ');
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from wf_instance i where ${filter}`, values);
  const rows = await c.tx.query<{ id: number; docType: string; busId: number }>(
    `select i.id, i.doc_type as "docType", i.bus_id as "busId", i.bus_number as "busNumber", i.status, f.process_name as "processName", v.version,
            (select string_agg(distinct t.node_name, ',') from wf_task t where t.tenant_id = i.tenant_id and t.instance_id = i.id and t.status in ('open', 'waiting')) as "nodeName",
            ${ts('i.started_at')} as "startTime", ${ts('i.ended_at')} as "endTime"
       from wf_instance i join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id join wf_flow f on f.tenant_id = v.tenant_id and f.id = v.flow_id
      where ${filter} order by i.id desc limit ${$(q.pageSize)} offset ${$((q.currentPage - 1) * q.pageSize)}`,
    values,
  );
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id), busId: Number(r.busId), docLabel: approvableOf(r.docType).label })), total: total!.n };
}
