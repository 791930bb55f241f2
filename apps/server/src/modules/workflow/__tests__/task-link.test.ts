import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test-support/harness.ts';
import { approvalWorld, chain, deployed, okData, status } from './fixtures.ts';

// Issue 15 §4: a new task's message of type 0 leads to that task; the to-do list answers for it alone,
// and only to its assignee, so the bell opens the exact task to act on.
describe('a task opened from its message', async () => {
  const { app } = await testApp();
  const x = await approvalWorld(app);
  await deployed(x.t.api, 'saleOrder', chain({ id: 'boss', assignee: { kind: 'users', userIds: [x.manager.id] } }));

  it('the message of type 0 names the task; the to-do list by taskId gives that task to its assignee only', async () => {
    const [a, b] = [await x.order(1), await x.order(2)];
    for (const o of [a, b]) await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    const msgs = (await okData(x.manager.api.post('/msg/getList', { currentPage: 1, pageSize: 50 }))).records as Array<{
      type: string;
      openType: string;
      openPage: string;
      busId: number | string;
    }>;
    const forA = msgs.find((m) => m.type === '0' && Number(m.busId) === a.id)!;
    expect(forA.openType).toBe('component');
    const taskId = Number(/[?&]taskId=(\d+)/.exec(forA.openPage)![1]);
    const one = await okData(x.manager.api.get(`/workflow/task/todo?currentPage=1&pageSize=10&taskId=${taskId}`));
    expect(one.total).toBe(1);
    expect(one.rows.map((r: { id: number; busNumber: string }) => [r.id, r.busNumber])).toEqual([[taskId, a.number]]);
    // not the seller's, nor another company's
    expect((await okData(x.seller.api.get(`/workflow/task/todo?currentPage=1&pageSize=10&taskId=${taskId}`))).total).toBe(0);
    // acted on: it leaves the to-do list and shows in the done list
    await okData(x.manager.api.post('/workflow/task/pass', { taskId, comment: '从消息办理' }));
    expect((await okData(x.manager.api.get(`/workflow/task/todo?currentPage=1&pageSize=10&taskId=${taskId}`))).total).toBe(0);
    const done = await okData(x.manager.api.get(`/workflow/task/done?currentPage=1&pageSize=10&taskId=${taskId}`));
    expect(done.rows.map((r: { comment: string }) => r.comment)).toEqual(['从消息办理']);
    expect(await status(x.seller.api, a.number)).toBe('1');
    expect(await status(x.seller.api, b.number)).toBe('9');
    expect((await okData(x.manager.api.get('/workflow/task/todoCount'))).count).toBe(1);
  });

  it('refuses a taskId that is not a positive number', async () => {
    const r = await x.manager.api.get('/workflow/task/todo?currentPage=1&pageSize=10&taskId=abc');
    expect(r.status).toBe(400);
    expect(r.body.data.message).toMatch(/taskId/);
  });
});
