import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FlowGraph } from '@erp/entities';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';

export const okData = async (p: Promise<{ body: { code: number; data: any }; text?: string }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const refusal = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
  return r.body.data?.message as string;
};

/**
 * A company for approval scenarios: multi-level audit on, a sales department whose head is `manager`, a
 * seller in it who may make and submit sales orders and outbounds, a finance role with two members, and stock to sell.
 */
export async function approvalWorld(app: FastifyInstance) {
  const t = await newTenant(app, 'wf');
  // a trial company may have few users; these scenarios need seven
  const { db } = await testApp();
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const w = await world(t.api);
  const materialId = await w.material('台灯', 'LAMP1');
  await saved(t.api, '入库', '其它', [line('LAMP1', 1000, 10, w.depotA)], { organId: w.supplier });
  await okData(t.api.put('/systemConfig/update', { multiLevelApprovalFlag: true }));
  const dept = (await okData(t.api.post('/organization/add', { orgNo: '01', name: '销售部' }))).id as number;
  const sellRole = await roleWith(t.api, { '/bill/sale_order': '1,2,7', '/bill/sale_out': '1,2,7' });
  const noRole = await roleWith(t.api, { '/system/user': '1' });
  const user = (name: string, roles: number[], extra: object = {}) =>
    userWith(app, t.api, roles, [dept]).then(async (u) => {
      if (Object.keys(extra).length) await okData(t.api.put('/user/updateUser', { id: u.id, ...extra }));
      return { ...u, name };
    });
  const seller = await user('seller', [sellRole]);
  const manager = await user('manager', [noRole], { isManager: true });
  const financeRole = await roleWith(t.api, { '/system/user': '1' });
  const finance1 = await user('finance1', [financeRole]);
  const finance2 = await user('finance2', [financeRole]);
  const other = await user('other', [noRole]);
  const order = async (qty: number, price = 100, api: Client = seller.api) =>
    (await saved(api, '其它', '销售订单', [line('LAMP1', qty, price, w.depotA)], { organId: w.customer })) as { id: number; number: string };
  return { t, w, materialId, dept, seller, manager, finance1, finance2, financeRole, other, order };
}

export type World = Awaited<ReturnType<typeof approvalWorld>>;

/** start → approvers → end, one approver node per entry. */
export function chain(...approvers: Array<{ id: string; assignee: any; mode?: 'all' | 'any' }>): FlowGraph {
  const nodes: any[] = [{ id: 'start', type: 'start', name: '开始' }];
  for (const a of approvers) nodes.push({ id: a.id, type: 'approver', name: a.id, assignee: a.assignee, mode: a.mode ?? 'any' });
  nodes.push({ id: 'end', type: 'end', name: '结束' });
  const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i].id, target: n.id }));
  return { nodes, edges };
}

/** Adds and deploys a flow bound to a document type; returns its id. */
export async function deployed(api: Client, processType: string, graph: FlowGraph, modelKey = `${processType}_${Math.random().toString(36).slice(2, 8)}`) {
  const { id } = await okData(api.post('/workflow/flow/add', { processName: `${processType} 审批`, modelKey, processType, graph }));
  await okData(api.post('/workflow/flow/deploy', { id }));
  return id as number;
}

export const todo = async (api: Client) =>
  (await okData(api.get('/workflow/task/todo?currentPage=1&pageSize=50'))).rows as Array<{
    id: number;
    busNumber: string;
    nodeName: string;
    ownerName: string | null;
  }>;

/** My one open task for a document. */
export async function taskFor(api: Client, number: string) {
  const mine = (await todo(api)).filter((r) => r.busNumber === number);
  expect(mine.length, `tasks for ${number}`).toBe(1);
  return mine[0];
}

export const status = async (api: Client, number: string) => (await okData(api.get(`/depotHead/getDetailByNumber?number=${number}`))).status as string;
