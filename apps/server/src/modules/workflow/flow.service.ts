import { flowProblems, type FlowGraph } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { approvableOf } from './approvable.ts';
import { fromBpmn, toBpmn } from './bpmn.ts';

export interface FlowInput {
  processName: string;
  modelKey: string;
  processType: string;
  graph: FlowGraph;
  enabled?: boolean;
}

const DUPLICATE_KEY = '流程标识已存在';
const DUPLICATE_BINDING = (label: string) => `单据类型「${label}」已绑定了一个启用的流程`;

/** Users and roles the graph names must be of this company (the graph itself is checked at deploy). */
async function checkPeople(tx: Tx, tenantId: number, g: FlowGraph) {
  const users = new Set<number>();
  const roles = new Set<number>();
  for (const n of g.nodes) {
    if (n.type !== 'approver' && n.type !== 'cc') continue;
    if (n.assignee.kind === 'users') n.assignee.userIds.forEach((u) => users.add(u));
    if (n.assignee.kind === 'role') roles.add(n.assignee.roleId);
  }
  const found = await tx.one<{ users: number; roles: number }>(
    `select (select count(*)::int from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag) as users,
            (select count(*)::int from role where tenant_id = $1 and id = any($3::bigint[]) and not delete_flag) as roles`,
    [tenantId, [...users], [...roles]],
  );
  if (found!.users !== users.size) throw new BusinessError('流程中的审批人不存在或不属于本公司');
  if (found!.roles !== roles.size) throw new BusinessError('流程中的角色不存在');
}

async function checkBinding(tx: Tx, tenantId: number, processType: string, enabled: boolean, exceptId: number) {
  const a = approvableOf(processType);
  if (!enabled) return;
  const taken = await tx.one('select 1 from wf_flow where tenant_id = $1 and process_type = $2 and enabled and not delete_flag and id <> $3', [
    tenantId,
    processType,
    exceptId,
  ]);
  if (taken) throw new BusinessError(DUPLICATE_BINDING(a.label));
}

export async function addFlow(c: RequestCtx, f: FlowInput) {
  const { tx, session } = c;
  const enabled = f.enabled ?? true;
  await checkBinding(tx, session.tenantId, f.processType, enabled, 0);
  await checkPeople(tx, session.tenantId, f.graph);
  if (await tx.one('select 1 from wf_flow where tenant_id = $1 and model_key = $2 and not delete_flag', [session.tenantId, f.modelKey]))
    throw new BusinessError(DUPLICATE_KEY);
  const row = await tx.one<{ id: number }>(
    `insert into wf_flow(tenant_id, model_key, process_name, process_type, graph, enabled, creator) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [session.tenantId, f.modelKey, f.processName, f.processType, JSON.stringify(f.graph), enabled, session.userId],
  );
  await logWrite(tx, session, c.ip, 'add', 'wfFlow', [row!.id], { modelKey: f.modelKey });
  return { id: Number(row!.id), message: '保存成功' };
}

async function lockFlow(tx: Tx, tenantId: number, id: number) {
  const f = await tx.one<{ id: number; process_type: string; enabled: boolean; graph: FlowGraph; model_key: string }>(
    'select id, process_type, enabled, graph, model_key from wf_flow where tenant_id = $1 and id = $2 and not delete_flag for update',
    [tenantId, id],
  );
  if (!f) throw notFound('流程不存在或已删除');
  return f;
}

/** Changes the draft; running instances are untouched (they run their deployed version). */
export async function updateFlow(c: RequestCtx, id: number, f: Partial<Omit<FlowInput, 'modelKey' | 'processType'>>) {
  const { tx, session } = c;
  const old = await lockFlow(tx, session.tenantId, id);
  const enabled = f.enabled ?? old.enabled;
  await checkBinding(tx, session.tenantId, old.process_type, enabled, id);
  if (f.graph) await checkPeople(tx, session.tenantId, f.graph);
  await tx.query(
    `update wf_flow set process_name = coalesce($3, process_name), graph = coalesce($4::jsonb, graph), enabled = $5, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [session.tenantId, id, f.processName ?? null, f.graph ? JSON.stringify(f.graph) : null, enabled],
  );
  await logWrite(tx, session, c.ip, 'update', 'wfFlow', [id]);
  return { message: '保存成功' };
}

export async function deleteFlow(c: RequestCtx, id: number) {
  const { tx, session } = c;
  await lockFlow(tx, session.tenantId, id);
  const open = await tx.one(
    `select 1 from wf_instance i join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id
      where i.tenant_id = $1 and v.flow_id = $2 and i.status in ('running', 'returned') limit 1`,
    [session.tenantId, id],
  );
  if (open) throw new BusinessError('该流程还有审批中的单据，不能删除');
  await tx.query('update wf_flow set delete_flag = true, enabled = false, updated_at = now() where tenant_id = $1 and id = $2', [session.tenantId, id]);
  await logWrite(tx, session, c.ip, 'delete', 'wfFlow', [id]);
  return { message: '删除成功' };
}

/** Validates the draft and freezes it as the next version; new submissions start on it. */
export async function deployFlow(c: RequestCtx, id: number) {
  const { tx, session } = c;
  const f = await lockFlow(tx, session.tenantId, id);
  const problems = flowProblems(f.graph, approvableOf(f.process_type).fields);
  if (problems.length) throw new BusinessError(`流程校验未通过: ${problems.slice(0, 5).join('；')}`);
  await checkPeople(tx, session.tenantId, f.graph);
  const v = await tx.one<{ id: number; version: number }>(
    `insert into wf_flow_version(tenant_id, flow_id, version, graph, deployed_by)
     select $1, $2, coalesce(max(version), 0) + 1, $3, $4 from wf_flow_version where tenant_id = $1 and flow_id = $2
     returning id, version`,
    [session.tenantId, id, JSON.stringify(f.graph), session.userId],
  );
  await logWrite(tx, session, c.ip, 'deploy', 'wfFlow', [id], { version: v!.version });
  return { deployId: Number(v!.id), version: v!.version, processId: `${f.model_key}:${v!.version}:${v!.id}`, message: '部署成功' };
}

export interface DeployedFlow {
  versionId: number;
  graph: FlowGraph;
}

/** The version a submission of this type starts on: the latest deployment of the enabled flow bound to it. */
export async function boundFlow(tx: Tx, tenantId: number, docType: string): Promise<DeployedFlow | undefined> {
  const r = await tx.one<{ id: number; graph: FlowGraph }>(
    `select v.id, v.graph from wf_flow f join wf_flow_version v on v.tenant_id = f.tenant_id and v.flow_id = f.id
      where f.tenant_id = $1 and f.process_type = $2 and f.enabled and not f.delete_flag order by v.version desc limit 1`,
    [tenantId, docType],
  );
  return r && { versionId: Number(r.id), graph: r.graph };
}

/**
 * The condition of approvalRequired as SQL over the company's system_config row aliased `c`, for a statement that
 * reads the switches anyway (an inventory save): `tenant` and `docType` are the statement's parameters ('$1', '$5').
 */
export const approvalRequiredSql = (tenant: string, docType: string) =>
  `(c.multi_level_approval_flag and exists (
       select 1 from wf_flow f join wf_flow_version v on v.tenant_id = f.tenant_id and v.flow_id = f.id
        where f.tenant_id = ${tenant} and f.process_type = ${docType} and f.enabled and not f.delete_flag))`;

/** Whether documents of this type must go through approval: the multi-level audit switch is on and a deployed flow is bound. */
export async function approvalRequired(tx: Tx, tenantId: number, docType: string): Promise<boolean> {
  const r = await tx.one(`select 1 from system_config c where c.tenant_id = $1 and ${approvalRequiredSql('$1', '$2')}`, [tenantId, docType]);
  return !!r;
}

/** A flow's draft as BPMN 2.0 XML. */
export async function exportBpmn(c: RequestCtx, id: number) {
  const f = await c.tx.one<{ model_key: string; process_name: string; graph: FlowGraph }>(
    'select model_key, process_name, graph from wf_flow where tenant_id = $1 and id = $2 and not delete_flag',
    [c.session.tenantId, id],
  );
  if (!f) throw notFound('流程不存在或已删除');
  return { xml: await toBpmn(f.model_key, f.process_name, f.graph) };
}

/** A flow from BPMN 2.0 XML: the draft of the flow with the process id as its key, or a new flow bound to `processType`. */
export async function importBpmn(c: RequestCtx, xml: string, processType: string) {
  const { modelKey, processName, graph } = await fromBpmn(xml);
  const old = await c.tx.one<{ id: number }>('select id from wf_flow where tenant_id = $1 and model_key = $2 and not delete_flag', [
    c.session.tenantId,
    modelKey,
  ]);
  if (old) return { id: Number(old.id), ...(await updateFlow(c, Number(old.id), { processName, graph })) };
  return addFlow(c, { modelKey, processName, processType, graph, enabled: false });
}
