import { chooseBranch, type Facts, type FlowGraph, type FlowNode } from '@erp/entities';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { messenger } from './messenger.ts';
import { approvableOf } from './approvable.ts';
import { agentsOf, resolveAssignees } from './assignees.ts';
import { queueWebhook } from './webhook.ts';

/** A workflow action's context: the request plus where to report messages for the WebSocket push after commit. */
export interface WfCtx extends RequestCtx {
  pushed(msgId: number, userIds: number[]): void;
}

export interface Instance {
  id: number;
  version_id: number;
  doc_type: string;
  bus_id: number;
  bus_number: string;
  initiator_id: number;
  initiator_name: string;
  status: string;
  node_id: string | null;
  step: number;
  facts: Facts;
  graph: FlowGraph;
}

export type ActionKind = 'submit' | 'resubmit' | 'pass' | 'reject' | 'return' | 'transfer' | 'addBefore' | 'addAfter' | 'withdraw' | 'cc' | 'end';

/** Locks an instance: every action on it runs one at a time, so concurrent approvers are counted once. */
export async function lockInstance(c: RequestCtx, id: number): Promise<Instance> {
  const i = await c.tx.one<Instance>(
    `select i.id, i.version_id, i.doc_type, i.bus_id, i.bus_number, i.initiator_id, i.status, i.node_id, i.step, i.facts, v.graph,
            (select username from sys_user where tenant_id = i.tenant_id and id = i.initiator_id) as initiator_name
       from wf_instance i join wf_flow_version v on v.tenant_id = i.tenant_id and v.id = i.version_id
      where i.tenant_id = $1 and i.id = $2 for update of i`,
    [c.session.tenantId, id],
  );
  if (!i) throw notFound('审批实例不存在');
  return { ...i, id: Number(i.id), bus_id: Number(i.bus_id), initiator_id: Number(i.initiator_id) };
}

/** Appends to the instance's history (the table refuses updates and deletes to the app role). */
export async function record(
  c: RequestCtx,
  i: Instance,
  action: ActionKind,
  r: {
    taskId?: number;
    node?: FlowNode;
    onBehalfOf?: number | null;
    targetUserId?: number;
    targetNodeId?: string;
    comment?: string | null;
    actorId?: number | null;
  } = {},
) {
  await c.tx.query(
    `insert into wf_action(tenant_id, instance_id, task_id, node_id, node_name, action, actor_id, on_behalf_of, target_user_id, target_node_id, comment)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      c.session.tenantId,
      i.id,
      r.taskId ?? null,
      r.node?.id ?? null,
      r.node?.name ?? null,
      action,
      r.actorId === undefined ? c.session.userId : r.actorId,
      r.onBehalfOf ?? null,
      r.targetUserId ?? null,
      r.targetNodeId ?? null,
      r.comment ?? null,
    ],
  );
}

export const nodeOf = (i: Instance, id: string): FlowNode => {
  const n = i.graph.nodes.find((x) => x.id === id);
  if (!n) throw new BusinessError(`流程中没有节点 ${id}`);
  return n;
};

async function notify(c: WfCtx, i: Instance, userIds: number[], title: string, content: string, openPage: string | null) {
  const a = approvableOf(i.doc_type);
  const msgId = await messenger().send(c.tx, c.session.tenantId, c.session.userId, {
    type: '0',
    msgTitle: `${title}：${a.label} ${i.bus_number}`.slice(0, 100),
    msgContent: content,
    userIds,
    openType: 'component',
    openPage,
    busId: i.bus_id,
    modelName: i.doc_type,
  });
  c.pushed(msgId, userIds);
}

export interface NewTask {
  kind?: 'normal' | 'before' | 'after' | 'transfer';
  parentId?: number;
  rootId?: number;
}

/**
 * Opens one task per approver (an approver with an agent for today gets the agent, the task recording
 * whom the agent acts for) and sends each a message of type 0 whose openPage is the task.
 */
export async function openTasks(c: WfCtx, i: Instance, node: FlowNode, step: number, userIds: number[], t: NewTask = {}): Promise<number[]> {
  const agents = await agentsOf(c.tx, c.session.tenantId, userIds);
  const seen = new Set<number>();
  const ids: number[] = [];
  for (const owner of userIds) {
    const assignee = agents.get(owner) ?? owner;
    if (seen.has(assignee)) continue;
    seen.add(assignee);
    const row = await c.tx.one<{ id: number }>(
      `insert into wf_task(tenant_id, instance_id, node_id, node_name, step, assignee_id, owner_id, kind, parent_id, root_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        c.session.tenantId,
        i.id,
        node.id,
        node.name,
        step,
        assignee,
        assignee === owner ? null : owner,
        t.kind ?? 'normal',
        t.parentId ?? null,
        t.rootId ?? null,
      ],
    );
    const id = Number(row!.id);
    if (!t.rootId) await c.tx.query('update wf_task set root_id = id where tenant_id = $1 and id = $2', [c.session.tenantId, id]);
    ids.push(id);
    await notify(
      c,
      i,
      [assignee],
      '审批待办',
      `${i.initiator_name} 提交的单据 ${i.bus_number} 等待您审批（节点：${node.name}）`,
      `/workflow/todo?taskId=${id}`,
    );
  }
  return ids;
}

const NO_APPROVER = (n: FlowNode) => `审批节点「${n.name}」找不到审批人，请联系管理员调整流程或部门负责人`;

/**
 * Moves the instance into a node and on until it rests at an approver node with open tasks or reaches the
 * end (then the document is audited with its posting, in this same transaction).
 */
export async function enterNode(c: WfCtx, i: Instance, nodeId: string, step = 0): Promise<void> {
  let node = nodeOf(i, nodeId);
  for (;;) {
    if (node.type === 'approver') {
      const who = await resolveAssignees(c.tx, c.session.tenantId, node.assignee, i.initiator_id, step);
      if (!who) throw new BusinessError(NO_APPROVER(node));
      await c.tx.query('update wf_instance set node_id = $3, step = $4 where tenant_id = $1 and id = $2', [c.session.tenantId, i.id, node.id, who.step]);
      await openTasks(c, i, node, who.step, who.userIds);
      return;
    }
    if (node.type === 'end') return finishInstance(c, i, node);
    if (node.type === 'cc') {
      const who = await resolveAssignees(c.tx, c.session.tenantId, node.assignee, i.initiator_id, 0);
      if (who) {
        await notify(c, i, who.userIds, '审批抄送', `${i.initiator_name} 提交的单据 ${i.bus_number} 抄送给您`, null);
        for (const u of who.userIds) await record(c, i, 'cc', { node, targetUserId: u, actorId: null });
      }
    }
    const outs = i.graph.edges.filter((e) => e.source === node.id);
    const edge = node.type === 'condition' ? chooseBranch(outs, i.facts, approvableOf(i.doc_type).fields) : outs[0];
    node = nodeOf(i, edge.target);
    step = 0;
  }
}

async function finishInstance(c: WfCtx, i: Instance, node: FlowNode) {
  await c.tx.query(`update wf_instance set status = 'passed', node_id = $3, ended_at = now() where tenant_id = $1 and id = $2`, [
    c.session.tenantId,
    i.id,
    node.id,
  ]);
  await record(c, i, 'end', { node, actorId: null });
  await approvableOf(i.doc_type).finish(c, i.bus_id, 'approve');
  await queueWebhook(c, i, 'passed', null);
  await notify(c, i, [i.initiator_id], '审批通过', `您提交的单据 ${i.bus_number} 已审批通过`, null);
}

/** After the last open task of the current level: the next manager level if there is one, else the next node. */
export async function levelDone(c: WfCtx, i: Instance): Promise<void> {
  const node = nodeOf(i, i.node_id!);
  if (node.type === 'approver' && node.assignee.kind === 'managerChain') {
    const next = await resolveAssignees(c.tx, c.session.tenantId, node.assignee, i.initiator_id, i.step + 1);
    if (next) {
      await c.tx.query('update wf_instance set step = $3 where tenant_id = $1 and id = $2', [c.session.tenantId, i.id, next.step]);
      await openTasks(c, i, node, next.step, next.userIds);
      return;
    }
  }
  const edge = i.graph.edges.find((e) => e.source === node.id)!;
  await enterNode(c, i, edge.target);
}

/** Closes every open or waiting task of the instance (reject, return, withdraw). */
export async function cancelOpenTasks(c: RequestCtx, i: Instance, exceptId = 0) {
  await c.tx.query(
    `update wf_task set status = 'cancelled', done_at = now() where tenant_id = $1 and instance_id = $2 and status in ('open', 'waiting') and id <> $3`,
    [c.session.tenantId, i.id, exceptId],
  );
}

/** Ends the instance without approval and gives the document back to its initiator, unaudited. */
export async function endWithoutApproval(c: WfCtx, i: Instance, status: 'rejected' | 'withdrawn' | 'returned', reason: string | null) {
  await cancelOpenTasks(c, i);
  await c.tx.query(
    `update wf_instance set status = $3, node_id = null, step = 0, ended_at = case when $3 = 'returned' then null else now() end where tenant_id = $1 and id = $2`,
    [c.session.tenantId, i.id, status],
  );
  await approvableOf(i.doc_type).finish(c, i.bus_id, 'recall');
  if (status === 'rejected') await queueWebhook(c, i, 'rejected', reason);
  if (status !== 'withdrawn') {
    const what = status === 'rejected' ? '审批驳回' : '审批退回';
    await notify(c, i, [i.initiator_id], what, `您提交的单据 ${i.bus_number} 被${what.slice(2)}${reason ? `：${reason}` : ''}`, null);
  }
}
