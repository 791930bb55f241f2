import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test-support/harness.ts';
import { line } from '../../inventory/__tests__/fixtures.ts';
import { approvalWorld, deployed, okData, refusal, status, taskFor, todo } from './fixtures.ts';

// Issue 15 "Done when": the approval scenarios, through the API, on both engines.
describe('two-level sales-order approval: the department head, then finance above 50,000', async () => {
  const { app } = await testApp();
  const x = await approvalWorld(app);
  const graph = {
    nodes: [
      { id: 'start', type: 'start', name: '开始' },
      { id: 'mgr', type: 'approver', name: '部门负责人', assignee: { kind: 'deptHead' }, mode: 'any' },
      { id: 'big', type: 'condition', name: '金额判断' },
      { id: 'fin', type: 'approver', name: '财务', assignee: { kind: 'role', roleId: x.financeRole }, mode: 'any' },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'mgr' },
      { id: 'e2', source: 'mgr', target: 'big' },
      { id: 'e3', source: 'big', target: 'fin', conditions: [{ field: 'totalPrice', op: 'gt', value: '50000' }] },
      { id: 'e4', source: 'big', target: 'end', isDefault: true },
      { id: 'e5', source: 'fin', target: 'end' },
    ],
  };
  await deployed(x.t.api, 'saleOrder', graph as never);

  it('asks the manager, then finance, and audits the order on the last pass', async () => {
    const o = await x.order(600); // 60,000
    const submitted = await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    expect(submitted.message).toBe('提交成功');
    expect(await status(x.seller.api, o.number)).toBe('9');
    expect(await todo(x.finance1.api)).toEqual([]);
    const mine = (await okData(x.seller.api.get('/workflow/instance/mine'))).rows;
    expect(mine[0]).toMatchObject({ busNumber: o.number, status: 'running', nodeName: '部门负责人', docLabel: '销售订单' });
    expect((await okData(x.manager.api.get('/workflow/instance/mine'))).rows).toEqual([]);
    const m = await taskFor(x.manager.api, o.number);
    expect(m.nodeName).toBe('部门负责人');
    // the list's count, with and without a filter on the document
    const all = await okData(x.manager.api.get('/workflow/task/todo?currentPage=1&pageSize=50'));
    expect(all.total).toBe(all.rows.length);
    const one = await okData(x.manager.api.get(`/workflow/task/todo?number=${o.number}&docType=saleOrder`));
    expect([one.total, one.rows[0].id]).toEqual([1, m.id]);
    expect((await okData(x.manager.api.get(`/workflow/task/todo?number=${o.number}&docType=saleOut`))).total).toBe(0);
    // the task's message: type 0, openPage the task, busId the document
    const msgs = (await okData(x.manager.api.post('/msg/getList', { currentPage: 1, pageSize: 10 }))).records;
    expect(msgs[0]).toMatchObject({ type: '0', openType: 'component', openPage: `/workflow/todo?taskId=${m.id}`, busId: o.id });
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: m.id, comment: '同意' }));
    expect(await status(x.seller.api, o.number)).toBe('9');
    // any-may-approve: either finance member may pass; the other's task goes away
    const f = await taskFor(x.finance2.api, o.number);
    await taskFor(x.finance1.api, o.number);
    await okData(x.finance2.api.post('/workflow/task/pass', { taskId: f.id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    expect((await todo(x.finance1.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
    const [inst] = await okData(x.seller.api.get(`/workflow/timeline?docType=saleOrder&busId=${o.id}`));
    expect(inst.status).toBe('passed');
    expect(inst.actions.map((a: { action: string }) => a.action)).toEqual(['submit', 'pass', 'pass', 'end']);
    expect(inst.actions[1]).toMatchObject({ nodeName: '部门负责人', actorName: x.manager.loginName, comment: '同意' });
    const done = (await okData(x.manager.api.get('/workflow/task/done?currentPage=1&pageSize=10'))).rows;
    expect(done[0]).toMatchObject({ busNumber: o.number, status: 'passed' });
  });

  it('skips finance at or below 50,000', async () => {
    const o = await x.order(500); // 50,000: not above
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    expect(await status(x.seller.api, o.number)).toBe('1');
    expect((await todo(x.finance1.api)).filter((r) => r.busNumber === o.number)).toEqual([]);
  });

  it('refuses the direct audit while approval is required, and a second submission', async () => {
    const o = await x.order(1);
    expect(await refusal(x.seller.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(o.id) }))).toBe('销售订单需走审批流程，请提交审批');
    expect(
      await refusal(
        x.t.api.post('/depotHead/addDepotHeadAndDetail', {
          info: { type: '其它', subType: '销售订单', operTime: '2026-11-21 10:00:00', organId: x.w.customer, status: '1' },
          rows: [line('LAMP1', 1, 100, x.w.depotA)],
        }),
      ),
    ).toBe('销售订单需走审批流程，请提交审批');
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    expect(await refusal(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }))).toBe(`单据 ${o.number} 已在审批中`);
  });

  it('refuses edit, audit, un-audit and delete of a document in approval, even to the administrator', async () => {
    const o = await x.order(2);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    const edit = await refusal(
      x.t.api.put('/depotHead/updateDepotHeadAndDetail', {
        info: { id: o.id, type: '其它', subType: '销售订单', operTime: '2026-11-21 10:00:00', organId: x.w.customer },
        rows: [line('LAMP1', 3, 100, x.w.depotA)],
      }),
    );
    expect(edit).toBe(`单据 ${o.number} 正在审批中，不能修改`);
    expect(await refusal(x.t.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(o.id) }))).toBe(`单据 ${o.number} 正在审批中，不能审核`);
    expect(await refusal(x.t.api.post('/depotHead/batchSetStatus', { status: '0', ids: String(o.id) }))).toBe(`单据 ${o.number} 正在审批中，不能反审核`);
    expect(await refusal(x.t.api.delete(`/depotHead/delete?id=${o.id}`))).toBe(`单据 ${o.number} 正在审批中，不能删除`);
    expect(await status(x.t.api, o.number)).toBe('9');
  });

  it('rejects with the reason: the order is unaudited again and the initiator is told', async () => {
    const o = await x.order(3);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    const m = await taskFor(x.manager.api, o.number);
    expect((await x.manager.api.post('/workflow/task/reject', { taskId: m.id })).status).toBe(400);
    await okData(x.manager.api.post('/workflow/task/reject', { taskId: m.id, comment: '价格太低' }));
    expect(await status(x.seller.api, o.number)).toBe('0');
    const [inst] = await okData(x.seller.api.get(`/workflow/timeline?docType=saleOrder&busId=${o.id}`));
    expect(inst.status).toBe('rejected');
    expect(inst.actions.at(-1)).toMatchObject({ action: 'reject', comment: '价格太低' });
    const msgs = (await okData(x.seller.api.post('/msg/getList', { currentPage: 1, pageSize: 5 }))).records;
    expect(msgs[0].msgContent).toContain('价格太低');
  });

  it('pages the to-do list in order: small pages add up to the whole list, with and without a document filter', async () => {
    for (let k = 0; k < 5; k++) {
      const o = await x.order(10 + k);
      await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    }
    for (const filter of ['', '&docType=saleOrder']) {
      const whole = await okData(x.manager.api.get(`/workflow/task/todo?currentPage=1&pageSize=50${filter}`));
      expect(whole.rows.length).toBeGreaterThanOrEqual(5);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / 2); page++) {
        const p = await okData(x.manager.api.get(`/workflow/task/todo?currentPage=${page}&pageSize=2${filter}`));
        expect(p.total).toBe(whole.total);
        paged.push(...p.rows.map((r: { id: number }) => r.id));
      }
      expect(paged).toEqual(whole.rows.map((r: { id: number }) => r.id));
      expect(paged).toEqual([...paged].sort((a, b) => b - a));
    }
  });
});
