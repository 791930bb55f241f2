import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test-support/harness.ts';
import { line } from '../../inventory/__tests__/fixtures.ts';
import { approvalWorld, chain, deployed, okData, refusal, status, taskFor, todo } from './fixtures.ts';

const timelineOf = async (api: Parameters<typeof todo>[0], busId: number) => okData(api.get(`/workflow/timeline?docType=saleOrder&busId=${busId}`));
const submit = (api: Parameters<typeof todo>[0], busId: number) => okData(api.post('/workflow/submit', { docType: 'saleOrder', busId }));

// Issue 15: every action of the engine, on both engines.
describe('approval actions', async () => {
  const { app } = await testApp();
  const x = await approvalWorld(app);
  const users = (...u: Array<{ id: number }>) => ({ kind: 'users', userIds: u.map((v) => v.id) });
  const flowId = await deployed(x.t.api, 'saleOrder', chain({ id: 'all3', assignee: users(x.manager, x.finance1, x.finance2), mode: 'all' }));
  const redeploy = async (graph: ReturnType<typeof chain>) => {
    await okData(x.t.api.put('/workflow/flow/update', { id: flowId, graph }));
    return okData(x.t.api.post('/workflow/flow/deploy', { id: flowId }));
  };

  it('all-must-approve of three: the order waits for the third pass', async () => {
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    for (const u of [x.finance1, x.manager]) await okData(u.api.post('/workflow/task/pass', { taskId: (await taskFor(u.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    await okData(x.finance2.api.post('/workflow/task/pass', { taskId: (await taskFor(x.finance2.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
  });

  it('refuses a task that is not mine, one already done, and a withdraw once someone acted', async () => {
    const o = await x.order(1);
    const { instanceId } = await submit(x.seller.api, o.id);
    const m = await taskFor(x.manager.api, o.number);
    expect(await refusal(x.other.api.post('/workflow/task/pass', { taskId: m.id }))).toBe('这不是您的待办任务');
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: m.id }));
    expect(await refusal(x.manager.api.post('/workflow/task/pass', { taskId: m.id }))).toBe('该任务已处理');
    expect(await refusal(x.manager.api.post('/workflow/withdraw', { instanceId }))).toBe('只有发起人可以撤回');
    expect(await refusal(x.seller.api.post('/workflow/withdraw', { instanceId }))).toBe('已有审批人处理，不能撤回');
    expect((await x.manager.api.post('/workflow/task/pass', { taskId: 99999999 })).status).toBe(404);
    expect(await status(x.seller.api, o.number)).toBe('9');
  });

  it('withdraw while no one has acted: the order is unaudited and the tasks are gone', async () => {
    const o = await x.order(1);
    const { instanceId } = await submit(x.seller.api, o.id);
    await okData(x.seller.api.post('/workflow/withdraw', { instanceId, comment: '写错了' }));
    expect(await status(x.seller.api, o.number)).toBe('0');
    expect((await todo(x.manager.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
    const [inst] = await timelineOf(x.seller.api, o.id);
    expect(inst.status).toBe('withdrawn');
  });

  it('return to the initiator: the order can be edited, and resubmitting resumes the same instance', async () => {
    await redeploy(chain({ id: 'mgr', assignee: users(x.manager) }));
    const o = await x.order(1);
    const { instanceId } = await submit(x.seller.api, o.id);
    await okData(x.manager.api.post('/workflow/task/return', { taskId: (await taskFor(x.manager.api, o.number)).id, comment: '数量改成2' }));
    expect(await status(x.seller.api, o.number)).toBe('0');
    await okData(
      x.seller.api.put('/depotHead/updateDepotHeadAndDetail', {
        info: { id: o.id, type: '其它', subType: '销售订单', operTime: '2026-11-21 10:00:00', organId: x.w.customer },
        rows: [line('LAMP1', 2, 100, x.w.depotA)],
      }),
    );
    const again = await submit(x.seller.api, o.id);
    expect(again.instanceId).toBe(instanceId);
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    const [inst] = await timelineOf(x.seller.api, o.id);
    expect(inst.actions.map((a: { action: string }) => a.action)).toEqual(['submit', 'return', 'resubmit', 'pass', 'end']);
  });

  it('return to an earlier node: that node approves again', async () => {
    await redeploy(chain({ id: 'mgr', assignee: users(x.manager) }, { id: 'fin', assignee: users(x.finance1) }));
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    const f = await taskFor(x.finance1.api, o.number);
    expect(await refusal(x.finance1.api.post('/workflow/task/return', { taskId: f.id, comment: 'x', targetNodeId: 'end' }))).toBe('只能退回到已经过的审批节点');
    await okData(x.finance1.api.post('/workflow/task/return', { taskId: f.id, comment: '请经理再看', targetNodeId: 'mgr' }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    await okData(x.finance1.api.post('/workflow/task/pass', { taskId: (await taskFor(x.finance1.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
  });

  it('transfer: the new assignee approves', async () => {
    await redeploy(chain({ id: 'mgr', assignee: users(x.manager) }));
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    const m = await taskFor(x.manager.api, o.number);
    expect(await refusal(x.manager.api.post('/workflow/task/transfer', { taskId: m.id, userId: x.manager.id }))).toBe('不能选择自己');
    await okData(x.manager.api.post('/workflow/task/transfer', { taskId: m.id, userId: x.other.id, comment: '我出差' }));
    expect((await todo(x.manager.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
    await okData(x.other.api.post('/workflow/task/pass', { taskId: (await taskFor(x.other.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
  });

  it('add a signer before me (I act after them) and after me (they act after me)', async () => {
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    const m = await taskFor(x.manager.api, o.number);
    await okData(x.manager.api.post('/workflow/task/addSigner', { taskId: m.id, userId: x.finance1.id, position: 'before' }));
    expect((await todo(x.manager.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
    // the added signer hands their part on; the new assignee's pass still gives the task back to the manager
    await okData(x.finance1.api.post('/workflow/task/transfer', { taskId: (await taskFor(x.finance1.api, o.number)).id, userId: x.other.id }));
    await okData(x.other.api.post('/workflow/task/pass', { taskId: (await taskFor(x.other.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    const back = await taskFor(x.manager.api, o.number);
    expect(back.id).toBe(m.id);
    await okData(x.manager.api.post('/workflow/task/addSigner', { taskId: m.id, userId: x.finance2.id, position: 'after' }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    await okData(x.finance2.api.post('/workflow/task/pass', { taskId: (await taskFor(x.finance2.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    const [inst] = await timelineOf(x.seller.api, o.id);
    expect(inst.actions.map((a: { action: string }) => a.action)).toEqual(['submit', 'addBefore', 'transfer', 'pass', 'addAfter', 'pass', 'end']);
  });

  it('delegation for a date range: the agent gets the task and acts for the manager', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await refusal(x.manager.api.post('/workflow/agent/add', { agentId: x.other.id, beginDate: today, endDate: '2000-01-01' }))).toBe(
      '结束日期不能早于开始日期',
    );
    const { id } = await okData(
      x.manager.api.post('/workflow/agent/add', { agentId: x.other.id, beginDate: '2000-01-01', endDate: '2999-12-31', remark: '休假' }),
    );
    expect(await refusal(x.manager.api.post('/workflow/agent/add', { agentId: x.finance1.id, beginDate: today, endDate: today }))).toBe('该时间段已有代理设置');
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    expect((await todo(x.manager.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
    const a = await taskFor(x.other.api, o.number);
    expect(a.ownerName).toBe(x.manager.loginName);
    await okData(x.other.api.post('/workflow/task/pass', { taskId: a.id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    const [inst] = await timelineOf(x.seller.api, o.id);
    expect(inst.actions[1]).toMatchObject({ action: 'pass', actorName: x.other.loginName, onBehalfOfName: x.manager.loginName });
    const agents = (await okData(x.other.api.get('/workflow/agent/list'))).rows;
    expect(agents[0]).toMatchObject({ principalName: x.manager.loginName, agentName: x.other.loginName, active: true });
    // a delegation that ended: tasks go to the manager again
    expect(await refusal(x.other.api.delete(`/workflow/agent/delete?id=${id}`))).toBe('只能删除自己的代理');
    await okData(x.manager.api.delete(`/workflow/agent/delete?id=${id}`));
    await okData(x.manager.api.post('/workflow/agent/add', { agentId: x.other.id, beginDate: '2000-01-01', endDate: '2000-01-31' }));
    const p = await x.order(1);
    await submit(x.seller.api, p.id);
    expect((await taskFor(x.manager.api, p.number)).ownerName).toBeNull();
  });

  it('a flow edited and redeployed while an instance runs: the instance keeps its version', async () => {
    await redeploy(chain({ id: 'mgr', assignee: users(x.manager) }));
    const o = await x.order(1);
    await submit(x.seller.api, o.id);
    const v = await redeploy(chain({ id: 'mgr', assignee: users(x.manager) }, { id: 'fin', assignee: users(x.finance1) }));
    expect(v.message).toBe('部署成功');
    const p = await x.order(1);
    await submit(x.seller.api, p.id);
    for (const n of [o, p]) await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, n.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    expect(await status(x.seller.api, p.number)).toBe('9');
    await taskFor(x.finance1.api, p.number);
    const list = (await okData(x.t.api.get('/workflow/flow/list?processType=saleOrder'))).rows;
    expect(list[0]).toMatchObject({ version: v.version, processId: v.processId, deployId: v.deployId, processType: 'saleOrder' });
  });
});
