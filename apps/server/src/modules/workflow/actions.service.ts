import type { FlowNode } from '@erp/entities';
import { checkAccess } from '../../platform/auth/access.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { approvableOf } from './approvable.ts';
import { boundFlow } from './flow.service.ts';
import { cancelOpenTasks, endWithoutApproval, enterNode, levelDone, lockInstance, nodeOf, openTasks, record, type Instance, type WfCtx } from './engine.ts';

const EDIT = '1';

/**
 * Submits a document for approval (0 → 9) and starts its flow; a document returned to its initiator resumes
 * its own instance, on the version it started with.
 */
export async function submit(c: WfCtx, docType: string, busId: number) {
  const a = approvableOf(docType);
  checkAccess(c.session, { menu: a.menu, btn: EDIT });
  const { tx, session } = c;
  const on = await tx.one<{ on: boolean }>('select multi_level_approval_flag as on from system_config where tenant_id = $1', [session.tenantId]);
  if (!on?.on) throw new BusinessError('未开启多级审核，单据请直接审核');
  const returned = await tx.one<{ id: number }>(`select id from wf_instance where tenant_id = $1 and doc_type = $2 and bus_id = $3 and status = 'returned'`, [
    session.tenantId,
    docType,
    busId,
  ]);
  const flow = returned ? undefined : await boundFlow(tx, session.tenantId, docType);
  if (!returned && !flow) throw new BusinessError(`单据类型「${a.label}」没有已部署的审批流程`);
  const doc = await a.submit(c, busId);
  let i: Instance;
  if (returned) {
    await tx.query(`update wf_instance set status = 'running', facts = $3, bus_number = $4 where tenant_id = $1 and id = $2`, [
      session.tenantId,
      returned.id,
      JSON.stringify(doc.facts),
      doc.number,
    ]);
    i = await lockInstance(c, Number(returned.id));
  } else {
    const row = await tx.one<{ id: number }>(
      `insert into wf_instance(tenant_id, version_id, doc_type, bus_id, bus_number, initiator_id, status, facts)
       values ($1, $2, $3, $4, $5, $6, 'running', $7) returning id`,
      [session.tenantId, flow!.versionId, docType, busId, doc.number, session.userId, JSON.stringify(doc.facts)],
    );
    i = await lockInstance(c, Number(row!.id));
  }
  const start = i.graph.nodes.find((n) => n.type === 'start')!;
  await record(c, i, returned ? 'resubmit' : 'submit', { node: start });
  await enterNode(c, i, start.id);
  await logWrite(tx, session, c.ip, 'submit', 'wfInstance', [i.id], { docType, number: doc.number });
  return { instanceId: i.id, message: '提交成功' };
}

interface TaskRow {
  id: number;
  instance_id: number;
  node_id: string;
  step: number;
  assignee_id: number;
  owner_id: number | null;
  kind: string;
  parent_id: number | null;
  root_id: number;
  status: string;
}

/** The caller's open task, with its instance locked first (the order every action takes its locks in). */
async function myOpenTask(c: WfCtx, taskId: number): Promise<{ t: TaskRow; i: Instance; node: FlowNode }> {
  const { tx, session } = c;
  const found = await tx.one<{ instance_id: number }>('select instance_id from wf_task where tenant_id = $1 and id = $2', [session.tenantId, taskId]);
  if (!found) throw notFound('任务不存在');
  const i = await lockInstance(c, Number(found.instance_id));
  const t = await tx.one<TaskRow>(
    'select id, instance_id, node_id, step, assignee_id, owner_id, kind, parent_id, root_id, status from wf_task where tenant_id = $1 and id = $2 for update',
    [session.tenantId, taskId],
  );
  if (Number(t!.assignee_id) !== session.userId) throw new BusinessError('这不是您的待办任务');
  if (t!.status !== 'open' || i.status !== 'running') throw new BusinessError('该任务已处理');
  const row = {
    ...t!,
    id: Number(t!.id),
    root_id: Number(t!.root_id),
    owner_id: t!.owner_id && Number(t!.owner_id),
    parent_id: t!.parent_id && Number(t!.parent_id),
  };
  return { t: row, i, node: nodeOf(i, t!.node_id) };
}

async function closeTask(c: WfCtx, t: TaskRow, status: string, comment: string | null) {
  await c.tx.query('update wf_task set status = $3, comment = $4, done_at = now() where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    t.id,
    status,
    comment,
  ]);
}

/** After a task of the current level closes: the level is done when nothing there is open or waiting. */
async function afterPass(c: WfCtx, i: Instance, node: FlowNode, t: TaskRow) {
  const { tx, session } = c;
  if (t.kind === 'before' && t.parent_id) {
    // the signer added before the parent has acted: the parent's task is open again
    await tx.query(`update wf_task set status = 'open' where tenant_id = $1 and id = $2 and status = 'waiting'`, [session.tenantId, t.parent_id]);
    return;
  }
  if (node.type === 'approver' && node.mode === 'any') {
    await tx.query(
      `update wf_task set status = 'cancelled', done_at = now()
        where tenant_id = $1 and instance_id = $2 and node_id = $3 and step = $4 and status in ('open', 'waiting') and root_id <> $5`,
      [session.tenantId, i.id, t.node_id, t.step, t.root_id],
    );
  }
  const left = await tx.one('select 1 from wf_task where tenant_id = $1 and instance_id = $2 and node_id = $3 and step = $4 and status in ($5, $6) limit 1', [
    session.tenantId,
    i.id,
    t.node_id,
    t.step,
    'open',
    'waiting',
  ]);
  if (!left) await levelDone(c, i);
}

export async function pass(c: WfCtx, taskId: number, comment: string | null) {
  const { t, i, node } = await myOpenTask(c, taskId);
  await closeTask(c, t, 'passed', comment);
  await record(c, i, 'pass', { taskId: t.id, node, onBehalfOf: t.owner_id, comment });
  await afterPass(c, i, node, t);
  return { message: '审批通过' };
}

export async function reject(c: WfCtx, taskId: number, comment: string) {
  const { t, i, node } = await myOpenTask(c, taskId);
  await closeTask(c, t, 'rejected', comment);
  await record(c, i, 'reject', { taskId: t.id, node, onBehalfOf: t.owner_id, comment });
  await endWithoutApproval(c, i, 'rejected', comment);
  return { message: '已驳回' };
}

/** Back to the initiator (the document is editable again; resubmitting resumes the instance) or to an earlier approver node. */
export async function sendBack(c: WfCtx, taskId: number, comment: string, targetNodeId?: string) {
  const { t, i, node } = await myOpenTask(c, taskId);
  if (targetNodeId !== undefined) {
    const target = i.graph.nodes.find((n) => n.id === targetNodeId);
    const visited = await c.tx.one('select 1 from wf_task where tenant_id = $1 and instance_id = $2 and node_id = $3 limit 1', [
      c.session.tenantId,
      i.id,
      targetNodeId,
    ]);
    if (!target || target.type !== 'approver' || !visited || targetNodeId === node.id) throw new BusinessError('只能退回到已经过的审批节点');
  }
  await closeTask(c, t, 'returned', comment);
  await record(c, i, 'return', { taskId: t.id, node, onBehalfOf: t.owner_id, comment, targetNodeId });
  if (targetNodeId === undefined) {
    await endWithoutApproval(c, i, 'returned', comment);
  } else {
    await cancelOpenTasks(c, i);
    await enterNode(c, i, targetNodeId);
  }
  return { message: '已退回' };
}

async function activeUser(c: WfCtx, userId: number) {
  const u = await c.tx.one('select 1 from sys_user where tenant_id = $1 and id = $2 and not delete_flag and status = 0', [c.session.tenantId, userId]);
  if (!u) throw new BusinessError('所选用户不存在或已停用');
  if (userId === c.session.userId) throw new BusinessError('不能选择自己');
}

export async function transfer(c: WfCtx, taskId: number, userId: number, comment: string | null) {
  const { t, i, node } = await myOpenTask(c, taskId);
  await activeUser(c, userId);
  await closeTask(c, t, 'transferred', comment);
  await record(c, i, 'transfer', { taskId: t.id, node, onBehalfOf: t.owner_id, targetUserId: userId, comment });
  // a signer added before someone hands on that role: the new task reopens the same waiting task when it passes
  const before = t.kind === 'before';
  await openTasks(c, i, node, t.step, [userId], { kind: before ? 'before' : 'transfer', parentId: before ? t.parent_id! : t.id, rootId: t.root_id });
  return { message: '已转办' };
}

/** Adds a signer: before me (my task waits until they pass) or after me (my pass counts now, theirs must follow). */
export async function addSigner(c: WfCtx, taskId: number, userId: number, position: 'before' | 'after', comment: string | null) {
  const { t, i, node } = await myOpenTask(c, taskId);
  await activeUser(c, userId);
  if (position === 'before') {
    await c.tx.query(`update wf_task set status = 'waiting' where tenant_id = $1 and id = $2`, [c.session.tenantId, t.id]);
    await record(c, i, 'addBefore', { taskId: t.id, node, onBehalfOf: t.owner_id, targetUserId: userId, comment });
    await openTasks(c, i, node, t.step, [userId], { kind: 'before', parentId: t.id, rootId: t.root_id });
    return { message: '已加签' };
  }
  await closeTask(c, t, 'passed', comment);
  await record(c, i, 'addAfter', { taskId: t.id, node, onBehalfOf: t.owner_id, targetUserId: userId, comment });
  await openTasks(c, i, node, t.step, [userId], { kind: 'after', parentId: t.id, rootId: t.root_id });
  await afterPass(c, i, node, t);
  return { message: '已加签' };
}

/** The initiator takes the document back while no approver has acted since it was (re)submitted. */
export async function withdraw(c: WfCtx, instanceId: number, comment: string | null) {
  const i = await lockInstance(c, instanceId);
  if (i.initiator_id !== c.session.userId) throw new BusinessError('只有发起人可以撤回');
  if (i.status !== 'running') throw new BusinessError('该审批已结束，不能撤回');
  const acted = await c.tx.one(
    `select 1 from wf_action where tenant_id = $1 and instance_id = $2 and action not in ('submit', 'resubmit', 'cc')
        and id > (select max(id) from wf_action where tenant_id = $1 and instance_id = $2 and action in ('submit', 'resubmit')) limit 1`,
    [c.session.tenantId, i.id],
  );
  if (acted) throw new BusinessError('已有审批人处理，不能撤回');
  await record(c, i, 'withdraw', { comment });
  await endWithoutApproval(c, i, 'withdrawn', comment);
  return { message: '已撤回' };
}
