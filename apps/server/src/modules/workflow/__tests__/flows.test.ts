import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { userWith } from '../../system/admin/__tests__/fixtures.ts';
import { approvalWorld, chain, deployed, okData, refusal, status, taskFor, todo } from './fixtures.ts';

// Issue 15: flow definitions, deploy, who approves, and the refusals that write nothing.
describe('flows and their deployment', async () => {
  const { app } = await testApp();
  const x = await approvalWorld(app);
  const dangling = {
    nodes: [
      { id: 'start', type: 'start', name: '开始' },
      { id: 'mgr', type: 'approver', name: '经理', assignee: { kind: 'deptHead' }, mode: 'any' },
      { id: 'big', type: 'condition', name: '金额判断' },
      { id: 'fin', type: 'approver', name: '财务', assignee: { kind: 'deptHead' }, mode: 'any' },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'mgr' },
      { id: 'e2', source: 'mgr', target: 'big' },
      { id: 'e3', source: 'big', target: 'fin', conditions: [{ field: 'totalPrice', op: 'gt', value: '50000' }] },
      { id: 'e4', source: 'big', target: 'end', isDefault: true },
    ],
  };

  it('refuses to deploy a flow with a dangling branch and writes no version', async () => {
    const { id } = await okData(
      x.t.api.post('/workflow/flow/add', { processName: '采购订单审批', modelKey: 'po_flow', processType: 'purchaseOrder', graph: dangling }),
    );
    const msg = await refusal(x.t.api.post('/workflow/flow/deploy', { id }));
    expect(msg).toBe('流程校验未通过: 节点「财务」须有且只有一条出线');
    const detail = await okData(x.t.api.get(`/workflow/flow/detail?id=${id}`));
    expect(detail.versions).toEqual([]);
    expect((await okData(x.t.api.get('/workflow/flow/list?processType=purchaseOrder'))).rows[0]).toMatchObject({
      modelKey: 'po_flow',
      version: null,
      processId: null,
    });
    // no deployed flow: a submission is refused and the order stays unaudited
    const o = await x.order(1);
    expect(await refusal(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }))).toBe('单据类型「销售订单」没有已部署的审批流程');
    expect(await status(x.seller.api, o.number)).toBe('0');
  });

  it('refuses bad definitions with a clear message', async () => {
    const add = (body: object) => x.t.api.post('/workflow/flow/add', { processName: 'x', modelKey: 'k1', processType: 'purchaseIn', graph: dangling, ...body });
    expect(await refusal(add({ modelKey: 'po_flow' }))).toBe('流程标识已存在');
    expect(await refusal(add({ processType: 'purchaseOrder' }))).toBe('单据类型「采购订单」已绑定了一个启用的流程');
    expect((await add({ processType: 'nothing' })).status).toBe(400);
    const ghost = { ...dangling, nodes: dangling.nodes.map((n) => (n.id === 'mgr' ? { ...n, assignee: { kind: 'users', userIds: [987654321] } } : n)) };
    expect(await refusal(add({ graph: ghost }))).toBe('流程中的审批人不存在或不属于本公司');
    expect((await add({ graph: { nodes: [{ id: 'a', type: 'start', name: 's', bogus: 1 }], edges: [] } })).status).toBe(400);
  });

  it('resolves the manager chain level by level and copies to CC users', async () => {
    // 总部 ⊃ 销售部: the sales head approves first, then the head office's head
    const hq = (await okData(x.t.api.post('/organization/add', { orgNo: '00', name: '总部' }))).id;
    await okData(x.t.api.put('/organization/update', { id: x.dept, orgNo: '01', name: '销售部', parentId: hq }));
    const boss = await userWith(app, x.t.api, [x.financeRole], [hq]);
    await okData(x.t.api.put('/user/updateUser', { id: boss.id, isManager: true }));
    const graph = chain({ id: 'chain', assignee: { kind: 'managerChain', levels: 3 }, mode: 'any' });
    graph.nodes.splice(1, 0, { id: 'cc', type: 'cc', name: '抄送', assignee: { kind: 'users', userIds: [x.other.id] } });
    graph.edges = graph.nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: graph.nodes[i].id, target: n.id }));
    await deployed(x.t.api, 'saleOrder', graph);
    const o = await x.order(1);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    const cc = (await okData(x.other.api.post('/msg/getList', { currentPage: 1, pageSize: 5 }))).records;
    expect(cc[0].msgTitle).toBe(`审批抄送：销售订单 ${o.number}`);
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    await okData(boss.api.post('/workflow/task/pass', { taskId: (await taskFor(boss.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
  });

  it('keeps flows, tasks and timelines of one company from another', async () => {
    const o = await x.order(1);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    const task = await taskFor(x.manager.api, o.number);
    const stranger = await newTenant(app, 'wfx');
    expect((await stranger.api.post('/workflow/task/pass', { taskId: task.id })).status).toBe(404);
    expect((await stranger.api.get(`/workflow/timeline?docType=saleOrder&busId=${o.id}`)).status).toBe(404);
    expect((await okData(stranger.api.get('/workflow/flow/list'))).rows).toEqual([]);
    expect((await okData(stranger.api.get('/workflow/task/all'))).rows).toEqual([]);
    expect(await todo(stranger.api)).toEqual([]);
    expect(await status(x.seller.api, o.number)).toBe('9');
    // users without the template menu may not read or change flows
    expect((await x.seller.api.get('/workflow/flow/list')).status).toBe(403);
    expect((await x.seller.api.post('/workflow/flow/deploy', { id: 1 })).status).toBe(403);
    expect((await okData(x.manager.api.get('/workflow/task/todoCount'))).count).toBeGreaterThan(0);
  });

  it('refuses a submission while the multi-level audit switch is off', async () => {
    await okData(x.t.api.put('/systemConfig/update', { multiLevelApprovalFlag: false }));
    const o = await x.order(1);
    expect(await refusal(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }))).toBe('未开启多级审核，单据请直接审核');
    // switch off: the direct audit works again
    await okData(x.seller.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(o.id) }));
    await okData(x.t.api.put('/systemConfig/update', { multiLevelApprovalFlag: true }));
  });
});
