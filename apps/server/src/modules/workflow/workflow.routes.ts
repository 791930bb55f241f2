import { z } from 'zod';
import { defineRoute, type UserCtx } from '../../platform/http/route.ts';
import { messenger } from './messenger.ts';
import type { WfCtx } from './engine.ts';
import { addSigner, pass, reject, sendBack, submit, transfer, withdraw } from './actions.service.ts';
import { listTasks, myInstances, timeline, todoCount } from './task.queries.ts';
import { addDelegation, deleteDelegation, listDelegations } from './delegation.service.ts';

const tags = ['workflow'];
const id = z.coerce.number().int().positive();
const comment = z.string().trim().max(500).optional();
const docType = z.string().regex(/^[A-Za-z]{1,40}$/, 'docType 无效');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const paging = { currentPage: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(20) };
const taskQuery = z.strictObject({
  docType: docType.optional(),
  number: z.string().trim().max(50).optional(),
  /** one task (a message of type 0 opens its task) */
  taskId: z.coerce.number().int().positive().optional(),
  ...paging,
});

type AnyCtx = UserCtx<undefined, undefined, undefined>;
/** The request as a workflow action sees it: messages it sends are pushed over the WebSocket once the transaction commits. */
const wf = ({ tx, session, req, db, afterCommit }: Pick<AnyCtx, 'tx' | 'session' | 'req' | 'db' | 'afterCommit'>): WfCtx => ({
  tx,
  session,
  ip: req.ip,
  pushed: (msgId, userIds) => afterCommit(() => messenger().publish(db, req.log, session.tenantId, msgId, userIds)),
});

export const taskRoutes = [
  defineRoute({
    method: 'POST',
    url: '/workflow/submit',
    invalidates: false,
    summary: 'Submit a document for approval (multi-level audit on, a deployed flow bound): status 9, tasks for the first approvers',
    tags,
    access: 'user',
    body: z.strictObject({ docType, busId: id }),
    handler: (c) => submit(wf(c), c.body.docType, c.body.busId),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/task/pass',
    invalidates: false,
    summary: 'Pass my task; the last pass audits the document with its posting',
    tags,
    access: 'user',
    body: z.strictObject({ taskId: id, comment }),
    handler: (c) => pass(wf(c), c.body.taskId, c.body.comment ?? null),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/task/reject',
    invalidates: false,
    summary: 'Reject: the flow ends and the document is unaudited again, with the reason',
    tags,
    access: 'user',
    body: z.strictObject({ taskId: id, comment: z.string().trim().min(1, '请填写驳回理由').max(500) }),
    handler: (c) => reject(wf(c), c.body.taskId, c.body.comment),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/task/return',
    invalidates: false,
    summary: 'Return to the initiator (no targetNodeId; resubmitting resumes) or to an earlier approver node',
    tags,
    access: 'user',
    body: z.strictObject({ taskId: id, comment: z.string().trim().min(1, '请填写退回理由').max(500), targetNodeId: z.string().max(64).optional() }),
    handler: (c) => sendBack(wf(c), c.body.taskId, c.body.comment, c.body.targetNodeId),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/task/transfer',
    invalidates: false,
    summary: 'Transfer my task to another user',
    tags,
    access: 'user',
    body: z.strictObject({ taskId: id, userId: id, comment }),
    handler: (c) => transfer(wf(c), c.body.taskId, c.body.userId, c.body.comment ?? null),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/task/addSigner',
    invalidates: false,
    summary: 'Add a signer before me (my task waits) or after me (I pass now, they follow)',
    tags,
    access: 'user',
    body: z.strictObject({ taskId: id, userId: id, position: z.enum(['before', 'after']), comment }),
    handler: (c) => addSigner(wf(c), c.body.taskId, c.body.userId, c.body.position, c.body.comment ?? null),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/withdraw',
    invalidates: false,
    summary: 'The initiator withdraws while no approver has acted: the document is unaudited again',
    tags,
    access: 'user',
    body: z.strictObject({ instanceId: id, comment }),
    handler: (c) => withdraw(wf(c), c.body.instanceId, c.body.comment ?? null),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/task/todo',
    summary: 'My open tasks (to-do)',
    tags,
    access: 'user',
    query: taskQuery,
    handler: (c) => listTasks(wf(c), 'todo', c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/task/todoCount',
    summary: 'How many open tasks I have (workbench, home page)',
    tags,
    access: 'user',
    handler: (c) => todoCount(wf(c)),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/task/done',
    summary: 'Tasks I have closed',
    tags,
    access: 'user',
    query: taskQuery,
    handler: (c) => listTasks(wf(c), 'done', c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/task/all',
    summary: 'Every task of the company',
    tags,
    access: { menu: '/workflow/all_tasks' },
    query: taskQuery,
    handler: (c) => listTasks(wf(c), 'all', c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/instance/mine',
    summary: 'The approvals I started, with their status and the nodes they wait at',
    tags,
    access: 'user',
    query: taskQuery,
    handler: (c) => myInstances(wf(c), c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/timeline',
    summary: "A document's approval timeline: instances, actions with comment and time, open tasks",
    tags,
    access: 'user',
    query: z.strictObject({ docType, busId: id }),
    handler: (c) => timeline(wf(c), c.query.docType, c.query.busId),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/agent/list',
    summary: 'Delegations I gave or hold (all for an administrator)',
    tags,
    access: 'user',
    query: z.strictObject(paging),
    handler: (c) => listDelegations(wf(c), c.query.currentPage, c.query.pageSize),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/agent/add',
    invalidates: false,
    summary: 'Delegate my new tasks to an agent for a date range',
    tags,
    access: 'user',
    body: z.strictObject({
      principalId: id.optional(),
      agentId: id,
      beginDate: z.string().regex(DATE, '开始日期格式应为 YYYY-MM-DD'),
      endDate: z.string().regex(DATE, '结束日期格式应为 YYYY-MM-DD'),
      remark: z.string().trim().max(200).optional(),
    }),
    handler: (c) => addDelegation(wf(c), c.body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/workflow/agent/delete',
    invalidates: false,
    summary: 'Remove a delegation',
    tags,
    access: 'user',
    query: z.strictObject({ id }),
    handler: (c) => deleteDelegation(wf(c), c.query.id),
  }),
];
